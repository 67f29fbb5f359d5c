import { api, type ResponseOf } from "@cpd/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api-client";
import { fileChanged } from "../../lib/invalidate";
import type { MutationCallbacks } from "../../lib/query-client";

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

/** Rename a stored file; the file lists refresh (no entry's figures change). */
export function useRenameFile(
  callbacks: MutationCallbacks<ResponseOf<typeof api.renameFile>, { id: string; newFilename: string }>,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (r: { id: string; newFilename: string }) =>
      call(api.renameFile, { params: { id: r.id }, body: { newFilename: r.newFilename } }),
    meta: { errorTitle: "Failed to rename file" },
    onSuccess: async (...args) => {
      void fileChanged(qc, { entries: false });
      await callbacks.onSuccess?.(...args);
    },
  });
}

/** Delete a stored file; a deleted file leaves the entry it was evidence for. */
export function useDeleteFile(callbacks: MutationCallbacks<unknown, string>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.deleteFile, { params: { id } }),
    meta: { errorTitle: "Failed to delete file" },
    onSuccess: async (...args) => {
      void fileChanged(qc, { entries: true });
      await callbacks.onSuccess?.(...args);
    },
  });
}
