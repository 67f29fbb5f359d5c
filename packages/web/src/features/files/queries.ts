import { api, type ResponseOf } from "@cpd/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { call } from "../../lib/api-client";

export type StoredFile = ResponseOf<typeof api.listFiles>["items"][number];
export const FILES_PAGE_SIZE = 10;

export interface FileListState {
  filter: string;
  sortBy: "filename" | "date";
  sortDesc: boolean;
  page: number;
}

export const fileKeys = {
  all: ["files"] as const,
  list: (s: FileListState) => ["files", "list", s] as const,
  unassigned: ["files", "unassigned"] as const,
  names: (ids: string[]) => ["files", "names", ids] as const,
};

export const useFiles = (s: FileListState) =>
  useQuery({
    queryKey: fileKeys.list(s),
    queryFn: ({ signal }) =>
      call(api.listFiles, {
        params: { perPage: FILES_PAGE_SIZE, page: s.page },
        query: { filter: s.filter.trim() || undefined, sortBy: s.sortBy, sortDesc: s.sortDesc },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { errorTitle: "Failed to load files" },
  });

export const useUnassignedFiles = (enabled = true) =>
  useQuery({
    queryKey: fileKeys.unassigned,
    queryFn: () => call(api.unassignedFiles),
    enabled,
    meta: { errorTitle: "Failed to load files" },
  });

/**
 * The names of evidence files. A form's upload item holds only file ids (see
 * CONTRACT-REQUESTS.md), so the names come from the file list, a page of 100 at a time.
 */
export const useFileNames = (ids: string[]) =>
  useQuery({
    queryKey: fileKeys.names([...ids].sort()),
    enabled: ids.length > 0,
    queryFn: async () => {
      const want = new Set(ids);
      const found: Record<string, StoredFile> = {};
      for (let page = 1; page <= 20 && want.size; page++) {
        const res = await call(api.listFiles, {
          params: { perPage: 100, page },
          query: { sortBy: "date", sortDesc: true },
        });
        for (const f of res.items) {
          if (want.delete(f.id)) found[f.id] = f;
        }
        if (page * 100 >= res.total) break;
      }
      return found;
    },
    meta: { errorTitle: "Failed to load files" },
  });
