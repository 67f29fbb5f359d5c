import { api, type ResponseOf } from "@cpd/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api-client";
import { fileChanged } from "../../lib/invalidate";
import type { MutationCallbacks } from "../../lib/query-client";
import { type UploadedFile, uploadFile } from "../../lib/upload";
import { SAVE_FAILED } from "./image-edit";

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
    // While the worker reads a file's text for patient details (ADR 0031), ask again now and then.
    refetchInterval: (q) =>
      q.state.data?.items.some((f) => f.textCheck === "pending") ? TEXT_CHECK_POLL_MS : false,
    meta: { errorTitle: "Failed to load files" },
  });

const TEXT_CHECK_POLL_MS = 3_000;

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

/**
 * A mutation of the user's files: on success the file lists refresh (and, when `entries`, the
 * entries a file counts towards), then the component's own reaction runs.
 */
function useFileMutation<TData, TVariables>(
  mutationFn: (v: TVariables) => Promise<TData>,
  { errorTitle, entries }: { errorTitle: string; entries: boolean },
  callbacks: MutationCallbacks<TData, TVariables>,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { errorTitle },
    onSuccess: async (...args) => {
      void fileChanged(qc, { entries });
      await callbacks.onSuccess?.(...args);
    },
  });
}

/** Rename a stored file; the file lists refresh (no entry's figures change). */
export const useRenameFile = (
  callbacks: MutationCallbacks<ResponseOf<typeof api.renameFile>, { id: string; newFilename: string }>,
) =>
  useFileMutation(
    ({ id, newFilename }: { id: string; newFilename: string }) =>
      call(api.renameFile, { params: { id }, body: { newFilename } }),
    { errorTitle: "Failed to rename file", entries: false },
    callbacks,
  );

/** Delete a stored file; a deleted file leaves the entry it was evidence for. */
export const useDeleteFile = (callbacks: MutationCallbacks<unknown, string>) =>
  useFileMutation<unknown, string>(
    (id: string) => call(api.deleteFile, { params: { id } }),
    { errorTitle: "Failed to delete file", entries: true },
    callbacks,
  );

/**
 * The image editor (docs/decisions/0025-governing-body-pages.md): the edited image is uploaded as
 * a new file, so the original and the version both exist until the user keeps one.
 */
export const useSaveImageVersion = (
  callbacks: MutationCallbacks<UploadedFile, { blob: Blob; filename: string }>,
) =>
  useFileMutation(
    (v: { blob: Blob; filename: string }) =>
      uploadFile(new File([v.blob], v.filename, { type: v.blob.type })),
    { errorTitle: SAVE_FAILED, entries: false },
    callbacks,
  );

/** Keep the edited version: the original file takes its content (same id, name and entry). */
export const useKeepImageVersion = (
  callbacks: MutationCallbacks<ResponseOf<typeof api.replaceFileContent>, { id: string; versionId: string }>,
) =>
  useFileMutation(
    (v: { id: string; versionId: string }) =>
      call(api.replaceFileContent, { params: { id: v.id }, body: { versionId: v.versionId } }),
    { errorTitle: "Failed to keep the edited version", entries: true },
    callbacks,
  );
