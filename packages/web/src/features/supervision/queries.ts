// The supervision calls. The owner makes them with the session token; the reviewee with the guest
// token from the 2FA step (`party.guestToken`), which the API client sends instead.
import { api, type BodyOf, type SupervisionSide } from "@cpd/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api-client";
import { ApiError } from "../../lib/api-error";

/** Who is acting on a share, and how their screen reloads the share after a change. */
export interface Party {
  kind: "owner" | "reviewee";
  side: SupervisionSide;
  shareId: string;
  entryId: string;
  guestToken?: string;
  /** Reloads the share (topics, comments, signatures). */
  refresh: () => Promise<unknown>;
  /** The guest token stopped working (401): back to the code step. */
  onAuthLost?: () => void;
}

export const supervisionKeys = {
  link: (id: string) => ["supervision", id, "link"] as const,
  view: (id: string, token: string | null) => ["supervision", id, "view", token] as const,
  verify: (id: string, hash: string) => ["supervision", id, "verify", hash] as const,
};

/**
 * A change a party makes to the share: it reloads the share after success, and after a failure
 * too (it may have been signed, reset or expired meanwhile), or goes back to the code step when the
 * guest token stopped working.
 */
function usePartyMutation<V, R>(party: Party, errorTitle: string, mutationFn: (vars: V) => Promise<R>) {
  return useMutation({
    mutationFn,
    onSuccess: () => party.refresh(),
    onError: (err) => {
      if (err instanceof ApiError && err.status === 401 && party.kind === "reviewee") party.onAuthLost?.();
      else void party.refresh();
    },
    meta: { errorTitle },
  });
}

const topicParams = (party: Party, topicId: string) => ({
  params: { id: party.shareId, topicId },
  guestToken: party.guestToken,
});

export const useToggleTopic = (party: Party) =>
  usePartyMutation(party, "Failed to update completion", (topicId: string) =>
    call(api.toggleSupervisionTopic, topicParams(party, topicId)),
  );

export const useAddComment = (party: Party) =>
  usePartyMutation(
    party,
    "Failed to add comment",
    ({ topicId, comment }: { topicId: string; comment: string }) =>
      call(api.commentSupervisionTopic, { ...topicParams(party, topicId), body: { comment } }),
  );

// The owner changes the topics of a shared record until the first signature (ADR 0022).
type TopicInput = BodyOf<typeof api.addSupervisionTopic>;
export const useAddTopic = (party: Party) =>
  usePartyMutation(party, "Failed to add topic", (body: TopicInput) =>
    call(api.addSupervisionTopic, { params: { id: party.shareId }, body }),
  );

export const useUpdateTopic = (party: Party) =>
  usePartyMutation(party, "Failed to save topic", ({ topicId, ...body }: TopicInput & { topicId: string }) =>
    call(api.updateSupervisionTopic, { params: { id: party.shareId, topicId }, body }),
  );

export const useRemoveTopic = (party: Party) =>
  usePartyMutation(party, "Failed to remove topic", (topicId: string) =>
    call(api.deleteSupervisionTopic, { params: { id: party.shareId, topicId } }),
  );

// The signature saved in the profile: the owner may sign with it, never the reviewee (ADR 0022).
const profileSignatureKey = ["personal-profile", "signature"] as const;
export const useProfileSignature = () =>
  useQuery({ queryKey: profileSignatureKey, queryFn: () => call(api.getProfileSignature) });

export function useSaveProfileSignature() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (signature: string) => call(api.putProfileSignature, { body: { signature } }),
    onSuccess: (res) => qc.setQueryData(profileSignatureKey, { signature: res.signature }),
    meta: { errorTitle: "Failed to save signature" },
  });
}

export function useDeleteProfileSignature() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.deleteProfileSignature),
    onSuccess: () => qc.setQueryData(profileSignatureKey, { signature: null }),
    meta: { errorTitle: "Failed to delete signature" },
  });
}

type Signing = Pick<BodyOf<typeof api.completeSupervision>, "signature" | "useGlobalSignature">;
export const useSignOff = (party: Party) =>
  usePartyMutation(party, "Failed to complete", (sig: Signing) =>
    call(api.completeSupervision, {
      body: { entryId: party.entryId, guest: party.kind === "reviewee", ...sig },
      guestToken: party.guestToken,
    }),
  );

export const useShare = () =>
  useMutation({
    mutationFn: (body: BodyOf<typeof api.shareSupervision>) => call(api.shareSupervision, { body }),
    meta: { errorTitle: "Failed to share" },
  });

export const useResetSharing = () =>
  useMutation({
    mutationFn: (entryId: string) => call(api.resetSupervision, { body: { entryId } }),
    meta: { errorTitle: "Failed to Reset" },
  });

// The guest's calls: a failed one is shown on the page (expired, invalid, locked), not toasted.
export const useLinkInfo = (shareId: string, enabled: boolean) =>
  useQuery({
    queryKey: supervisionKeys.link(shareId),
    queryFn: () => call(api.supervisionLink, { params: { id: shareId } }),
    enabled,
    retry: false,
    staleTime: 0,
  });

export const useSupervisionView = (shareId: string, token: string | null) =>
  useQuery({
    queryKey: supervisionKeys.view(shareId, token),
    queryFn: () => call(api.supervisionView, { params: { id: shareId }, guestToken: token ?? undefined }),
    enabled: token !== null,
    retry: false,
    staleTime: 0,
  });

/**
 * What the owner's reviewer is not shown of the record as it is now (`withheld` of the owner's
 * view, ADR 0031): null when they see everything.
 */
export const useWithheldFromReviewer = (shareId: string) =>
  useQuery({
    queryKey: supervisionKeys.view(shareId, null),
    queryFn: () => call(api.supervisionView, { params: { id: shareId } }),
    select: (view) => view.withheld ?? null,
    staleTime: 0,
  });

export const useAuthenticate = (shareId: string, errorTitle: string) =>
  useMutation({
    mutationFn: (authenticationCode: string | null) =>
      call(api.authenticateSupervision, { params: { id: shareId }, body: { authenticationCode } }),
    meta: { errorTitle },
  });

export const useVerify = (shareId: string, hash: string, enabled: boolean) =>
  useQuery({
    queryKey: supervisionKeys.verify(shareId, hash),
    queryFn: () => call(api.verifySupervision, { params: { id: shareId }, query: { hash } }),
    enabled,
    retry: false,
  });
