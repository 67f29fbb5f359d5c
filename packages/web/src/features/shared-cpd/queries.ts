// Server state of the Shared CPD page (docs/decisions/0015-module-boundaries-and-jobs.md).
import { api, type ResponseOf } from "@cpd/contract";
import { type InfiniteData, useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api-client";

type Page = ResponseOf<typeof api.listSharedCpd>;
export type Item = Page["items"][number];
export type Sort = "newest" | "helpful";
const SHARED_PAGE_SIZE = 10;

export interface SharedFilters {
  sort: Sort;
  /** "All" for every category. */
  category: string;
  search: string;
}

const listKey = ({ sort, category, search }: SharedFilters) =>
  ["shared-cpd", "list", { sort, category, search }] as const;

/** The shared CPD, a page at a time (infinite scroll). */
export const useSharedCpd = (f: SharedFilters) =>
  useInfiniteQuery({
    queryKey: listKey(f),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      call(api.listSharedCpd, {
        params: { perPage: SHARED_PAGE_SIZE, page: pageParam },
        query: {
          sort: f.sort,
          category: f.category === "All" ? undefined : f.category,
          search: f.search || undefined,
        },
        signal,
      }),
    getNextPageParam: (last, all) =>
      all.length * SHARED_PAGE_SIZE < last.total ? all.length + 1 : undefined,
    meta: { errorTitle: "Failed to load Shared CPD" },
  });

/** Change one item in the loaded pages (an upvote) without loading them again. */
export function useSharedItemPatch(f: SharedFilters) {
  const qc = useQueryClient();
  return (id: string, p: Partial<Item>) =>
    qc.setQueryData<InfiniteData<Page>>(listKey(f), (d) =>
      d
        ? {
            ...d,
            pages: d.pages.map((pg) => ({
              ...pg,
              items: pg.items.map((i) => (i.id === id ? { ...i, ...p } : i)),
            })),
          }
        : d,
    );
}
