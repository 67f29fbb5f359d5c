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
  recent: ["files", "recent"] as const,
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

/** Up to 100 of the user's latest files, for the preview panel's rotating images. */
export const useRecentFiles = () =>
  useQuery({
    queryKey: fileKeys.recent,
    queryFn: ({ signal }) =>
      call(api.listFiles, {
        params: { perPage: 100, page: 1 },
        query: { sortBy: "date", sortDesc: true },
        signal,
      }),
    meta: { errorTitle: "Failed to load files" },
  });
