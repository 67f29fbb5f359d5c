// Server calls of account management (docs/decisions/0015-module-boundaries-and-jobs.md): the
// cards add only their own reaction to the outcome.
import { api, type ResponseOf } from "@cpd/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api-client";
import { downloadWithSession } from "../../lib/download";
import type { MutationCallbacks } from "../../lib/query-client";
import { keys } from "../shell";
import { type DeletionChoice, deletionQuery } from "./account-rules";

export const useEmailChangeHistory = (page: number) =>
  useQuery({
    queryKey: ["profile", "email-change-history", page],
    queryFn: () => call(api.emailChangeHistory, { query: { page } }),
    placeholderData: keepPreviousData,
    meta: { errorTitle: "Failed to load email change history" },
  });

export const useRequestEmailChange = (
  callbacks: MutationCallbacks<ResponseOf<typeof api.requestEmailChange>, string>,
) =>
  useMutation({
    mutationFn: (emailAddress: string) => call(api.requestEmailChange, { body: { emailAddress } }),
    ...callbacks,
  });

export const useChangePassword = (
  callbacks: MutationCallbacks<
    ResponseOf<typeof api.changePassword>,
    { oldPassword: string; newPassword: string }
  >,
) =>
  useMutation({
    mutationFn: (body: { oldPassword: string; newPassword: string }) => call(api.changePassword, { body }),
    ...callbacks,
  });

export const useRequestExport = (callbacks: MutationCallbacks<ResponseOf<typeof api.requestExport>>) =>
  useMutation({ mutationFn: () => call(api.requestExport), ...callbacks });

export const useDownloadExport = (callbacks: MutationCallbacks<unknown, string>) =>
  useMutation({
    mutationFn: (id: string) =>
      downloadWithSession(api.downloadExport, { id }, `cpd-export-${id.slice(0, 8)}.zip`),
    ...callbacks,
  });

/** Schedule the deletion (counted from London's `today`); a later date shows on the card at once. */
export function useScheduleDeletion(
  today: string,
  callbacks: MutationCallbacks<ResponseOf<typeof api.scheduleDeletion>, DeletionChoice>,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: DeletionChoice) => call(api.scheduleDeletion, { query: deletionQuery(c, today) }),
    meta: { errorTitle: "Failed to request account deletion" },
    onSuccess: async (...args) => {
      const [res, c] = args;
      // "now" ends every session: the card leaves, there is no date to show.
      if (c !== "now") {
        qc.setQueryData(keys.scheduledDeletion, {
          scheduled: res.scheduled,
          scheduledDate: res.scheduledDate,
        });
      }
      await callbacks.onSuccess?.(...args);
    },
  });
}

export function useCancelDeletion(
  callbacks: MutationCallbacks<ResponseOf<typeof api.cancelScheduledDeletion>>,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.cancelScheduledDeletion),
    meta: { errorTitle: "Failed to cancel scheduled deletion" },
    onSuccess: async (...args) => {
      qc.setQueryData(keys.scheduledDeletion, { scheduled: false, scheduledDate: null });
      await callbacks.onSuccess?.(...args);
    },
  });
}
