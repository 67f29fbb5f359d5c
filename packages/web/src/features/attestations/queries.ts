// Server state of attestations (ADR 0028). The professional's calls go with the session; the
// attester's with the `ag_` guest token the code step gives (the API client sends it on the calls
// the contract marks `attester`). A failed attester call is shown on the page, not toasted.
import { ATTESTATION, api, type BodyOf, type SignerDetails } from "@cpd/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api-client";

const attestationKeys = {
  all: ["attestations"] as const,
  list: (registrationId: string, page: number) => ["attestations", "list", registrationId, page] as const,
  entries: (from: string, to: string) => ["attestations", "entries", from, to] as const,
  link: (id: string) => ["attestation", id, "link"] as const,
  view: (id: string, token: string | null) => ["attestation", id, "view", token] as const,
  verify: (id: string, hash: string) => ["attestation", id, "verify", hash] as const,
};

export const useAttestations = (registrationId: string, page: number, enabled: boolean) =>
  useQuery({
    queryKey: attestationKeys.list(registrationId, page),
    queryFn: () =>
      call(api.listAttestations, { query: { registrationId, page, perPage: ATTESTATION.perPage } }),
    enabled,
    placeholderData: (previous) => previous,
    meta: { errorTitle: "Failed to load your attestation requests" },
  });

/** The largest page of the entries list: the entries of a cycle a request can cover. */
const ENTRIES_PER_PAGE = 100;

/** The CPD entries dated in a cycle, newest first (the first hundred), to choose from. */
export const useCycleEntries = (from: string, to: string, enabled: boolean) =>
  useQuery({
    queryKey: attestationKeys.entries(from, to),
    queryFn: () =>
      call(api.listEntries, {
        params: { perPage: ENTRIES_PER_PAGE, page: 1 },
        query: { from, to, sortBy: "date", sortDesc: true },
      }),
    enabled,
    meta: { errorTitle: "Failed to load your CPD entries" },
  });

export function useCreateAttestation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof api.createAttestation>) => call(api.createAttestation, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: attestationKeys.all }),
  });
}

/** Withdraw or remind: the list is read again after either outcome (it may have changed meanwhile). */
function useRequestAction(
  endpoint: typeof api.withdrawAttestation | typeof api.remindAttestation,
  errorTitle: string,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(endpoint, { params: { id } }),
    onSettled: () => qc.invalidateQueries({ queryKey: attestationKeys.all }),
    meta: { errorTitle },
  });
}
export const useWithdrawAttestation = () =>
  useRequestAction(api.withdrawAttestation, "Failed to withdraw the request");
export const useRemindAttestation = () =>
  useRequestAction(api.remindAttestation, "Failed to send a reminder");

// --- the attester -----------------------------------------------------------------------------------

export const useAttestationLink = (id: string) =>
  useQuery({
    queryKey: attestationKeys.link(id),
    queryFn: () => call(api.attestationLink, { params: { id } }),
    retry: false,
    staleTime: 0,
  });

export const useAttestationCode = (id: string) =>
  useMutation({
    mutationFn: (code: string | null) => call(api.attestationCode, { params: { id }, body: { code } }),
  });

export const useAttestationView = (id: string, token: string | null) =>
  useQuery({
    queryKey: attestationKeys.view(id, token),
    queryFn: () => call(api.attestationView, { params: { id }, guestToken: token ?? undefined }),
    enabled: token !== null,
    retry: false,
    staleTime: 0,
  });

export const useSignAttestation = (id: string, token: string) =>
  useMutation({
    mutationFn: (body: { details: SignerDetails; signature: string }) =>
      call(api.signAttestation, { params: { id }, body, guestToken: token }),
  });

export const useDeclineAttestation = (id: string, token: string) =>
  useMutation({
    mutationFn: (reason: string) =>
      call(api.declineAttestation, { params: { id }, body: { reason }, guestToken: token }),
  });

export const useVerifyAttestation = (id: string, hash: string, enabled: boolean) =>
  useQuery({
    queryKey: attestationKeys.verify(id, hash),
    queryFn: () => call(api.verifyAttestation, { params: { id }, query: { hash } }),
    enabled,
    retry: false,
  });
