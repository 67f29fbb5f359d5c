import { api, type ResponseOf } from "@cpd/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api-client";
import { entryChanged } from "../../lib/invalidate";
import type { MutationCallbacks } from "../../lib/query-client";
import { type ListState, toQuery } from "./list-params";
import type { ShareDraft } from "./share-rules";

export const PAGE_SIZE = 10;

type EntriesPage = ResponseOf<typeof api.listEntries>;
export type EntryRow = EntriesPage["items"][number];

export const entryKeys = {
  all: ["entries"] as const,
  list: (s: ListState) => ["entries", "list", s] as const,
  sharedCategories: ["shared-cpd", "categories"] as const,
};

export const useEntries = (s: ListState) =>
  useQuery({
    queryKey: entryKeys.list(s),
    queryFn: ({ signal }) =>
      call(api.listEntries, { params: { perPage: PAGE_SIZE, page: s.page }, query: toQuery(s), signal }),
    placeholderData: keepPreviousData,
    meta: { errorTitle: "Failed to load entries" },
  });

export const useSharedCategories = (enabled = true) =>
  useQuery({
    queryKey: entryKeys.sharedCategories,
    queryFn: () => call(api.sharedCpdCategories),
    staleTime: 60 * 60_000,
    enabled,
    meta: { errorTitle: "Failed to load Shared CPD" },
  });

/** Delete an entry; every list and figure that counts entries refreshes. */
export function useDeleteEntry(callbacks: MutationCallbacks<unknown, string>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.deleteEntry, { params: { identifier: id } }),
    meta: { errorTitle: "Failed to delete entry" },
    onSuccess: async (...args) => {
      void entryChanged(qc);
      await callbacks.onSuccess?.(...args);
    },
  });
}

/** Stop sharing an entry with the community. */
export function useStopSharing(callbacks: MutationCallbacks<unknown, string>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) => call(api.unshare, { params: { shareId } }),
    meta: { errorTitle: "Failed to stop sharing" },
    onSuccess: async (...args) => {
      void entryChanged(qc);
      await callbacks.onSuccess?.(...args);
    },
  });
}

/** Share an entry with the community (REQ-SHARE-01). */
export function useShareEntry(callbacks: MutationCallbacks<unknown, ShareDraft & { entryId: string }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: ShareDraft & { entryId: string }) =>
      call(api.shareEntry, {
        query: { entryId: d.entryId },
        body: {
          title: d.title.trim(),
          description: d.description.trim(),
          category: d.category ?? "",
          websiteUrl: d.websiteUrl.trim(),
        },
      }),
    meta: { errorTitle: "Failed to share CPD" },
    onSuccess: async (...args) => {
      void entryChanged(qc);
      await callbacks.onSuccess?.(...args);
    },
  });
}
