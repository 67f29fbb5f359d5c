// Server state of revalidation (issue 26): registrations, the packs, progress per registration,
// the revalidation records and what a diary entry counts for the packs.
import { api, type BodyOf, REVALIDATION, type RecordKind, type ResponseOf, SUBMISSION } from "@cpd/contract";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api-client";
import { pollJob } from "../../lib/poll-job";

const revalidationKeys = {
  all: ["revalidation"] as const,
  registrations: ["revalidation", "registrations"] as const,
  packs: ["revalidation", "packs"] as const,
  progress: ["revalidation", "progress"] as const,
  records: (page: number, kind: RecordKind | null) => ["revalidation", "records", page, kind] as const,
  entry: (id: string) => ["revalidation", "entry", id] as const,
};

export const useRegistrations = () =>
  useQuery({
    queryKey: revalidationKeys.registrations,
    queryFn: () => call(api.getRegistrations),
    meta: { errorTitle: "Failed to load your registrations" },
  });

export const usePacks = (enabled = true) =>
  useQuery({
    queryKey: revalidationKeys.packs,
    queryFn: () => call(api.revalidationPacks),
    enabled,
    staleTime: 60 * 60_000,
    meta: { errorTitle: "Failed to load the regulators' requirements" },
  });

/** The dashboard asks for its card's progress while it loads (ADR 0038), quietly as the card does. */
export const prefetchRevalidationProgress = (qc: QueryClient) =>
  qc.prefetchQuery({ queryKey: revalidationKeys.progress, queryFn: () => call(api.revalidation), meta: {} });

/** Progress per registration; `quiet` leaves a failure to the caller (the dashboard card hides). */
export const useRevalidationProgress = ({ quiet = false }: { quiet?: boolean } = {}) =>
  useQuery({
    queryKey: revalidationKeys.progress,
    queryFn: () => call(api.revalidation),
    meta: quiet ? {} : { errorTitle: "Failed to load your revalidation progress" },
  });

export const useRecords = (page: number, kind: RecordKind | null) =>
  useQuery({
    queryKey: revalidationKeys.records(page, kind),
    queryFn: () =>
      call(api.revalidationRecords, {
        query: { page, perPage: REVALIDATION.recordsPerPage, ...(kind ? { kind } : {}) },
      }),
    placeholderData: (previous) => previous,
    meta: { errorTitle: "Failed to load your revalidation records" },
  });

export function useSaveRegistrations() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof api.putRegistrations>) => call(api.putRegistrations, { body }),
    onSuccess: (answer) => {
      qc.setQueryData(revalidationKeys.registrations, answer);
      void qc.invalidateQueries({ queryKey: revalidationKeys.progress });
    },
  });
}

type RecordBody = BodyOf<typeof api.createRevalidationRecord>;

/** Adds a record, or replaces the one with `id`; progress is asked for again either way. */
export function useSaveRecord() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: RecordBody }) =>
      id
        ? call(api.updateRevalidationRecord, { params: { id }, body })
        : call(api.createRevalidationRecord, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: revalidationKeys.all }),
  });
}

export function useDeleteRecord() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.deleteRevalidationRecord, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: revalidationKeys.all }),
    meta: { errorTitle: "Failed to delete the record" },
  });
}

export const useEntryRevalidation = (id: string | null) =>
  useQuery({
    queryKey: revalidationKeys.entry(id ?? ""),
    queryFn: () => call(api.getEntryRevalidation, { params: { id: id as string } }),
    enabled: id !== null,
    meta: { errorTitle: "Failed to load the entry's revalidation details" },
  });

/** Sets what an entry counts; called after the entry itself has saved (it needs the entry's id). */
export function useSaveEntryRevalidation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BodyOf<typeof api.putEntryRevalidation> }) =>
      call(api.putEntryRevalidation, { params: { id }, body }),
    onSuccess: (answer, { id }) => {
      qc.setQueryData(revalidationKeys.entry(id), answer);
      void qc.invalidateQueries({ queryKey: revalidationKeys.progress });
    },
    meta: { errorTitle: "Failed to save the entry's revalidation details" },
  });
}

// --- the submission pack (REQ-SUBMIT-02) ----------------------------------------------------------------

export const useRequestSubmission = () =>
  useMutation({
    mutationFn: (registrationId: string) => call(api.requestSubmission, { params: { registrationId } }),
    meta: { errorTitle: "Failed to build the submission pack" },
  });

/** Polls a submission pack until it is Completed or Failed, as the portfolio's download does. */
export const useSubmissionStatus = (id: string | null) =>
  useQuery({
    queryKey: ["revalidation", "submission", id],
    queryFn: () => call(api.submissionStatus, { params: { id: id ?? "" } }),
    enabled: id !== null,
    ...pollJob<ResponseOf<typeof api.submissionStatus>>(["Completed", "Failed"], SUBMISSION.pollMs),
    meta: { errorTitle: "Failed to check the submission pack" },
  });
