import { api, type BodyOf, type ResponseOf } from "@cpd/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api-client";
import { ApiError } from "../../lib/api-error";
import type { MutationCallbacks } from "../../lib/query-client";
import { TOASTS } from "../../lib/toast-messages";
import { keys } from "../shell";
import { type PersonalForm, toBody } from "./personal-form";

export const profileKeys = {
  personal: ["personal-profile"] as const,
  tags: ["personal-profile", "tags"] as const,
  governingBodies: ["profile", "governing-bodies"] as const,
  governingBodyOptions: ["profile", "governing-bodies", "options"] as const,
};

export const usePersonalProfile = () =>
  useQuery({
    queryKey: profileKeys.personal,
    queryFn: () => call(api.getPersonalProfile),
    meta: { errorTitle: "Failed to load profile" },
  });

export const useTags = () =>
  useQuery({
    queryKey: profileKeys.tags,
    queryFn: () => call(api.getTags),
    meta: { errorTitle: "Failed to load tags" },
  });

export const useGoverningBodies = () =>
  useQuery({
    queryKey: profileKeys.governingBodies,
    queryFn: () => call(api.getGoverningBodies),
    meta: { errorTitle: "Failed to get governing bodies" },
  });

export const useGoverningBodyOptions = (enabled: boolean) =>
  useQuery({
    queryKey: profileKeys.governingBodyOptions,
    queryFn: () => call(api.governingBodyOptions),
    enabled,
    staleTime: 60 * 60_000,
    meta: { errorTitle: "Failed to get governing bodies" },
  });

/** The groups, when the member's organisation asks any (null while loading or when none). */
export const useAdditionalFieldGroups = (enabled: boolean) =>
  useQuery({
    queryKey: ["personal-profile", "additional-fields"],
    queryFn: () => call(api.additionalFields),
    enabled,
    meta: { errorTitle: "Failed to load additional fields" },
  });

const ADDITIONAL_VALUES_KEY = ["personal-profile", "additional-fields", "values"];

export const useAdditionalFieldValues = () =>
  useQuery({
    queryKey: ADDITIONAL_VALUES_KEY,
    queryFn: () => call(api.additionalFieldValues),
    meta: { errorTitle: "Failed to load additional field values" },
  });

type AdditionalBody = BodyOf<typeof api.saveAdditionalFieldValues>;

export function useSaveAdditionalFieldValues(
  callbacks: MutationCallbacks<ResponseOf<typeof api.saveAdditionalFieldValues>, AdditionalBody>,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdditionalBody) => call(api.saveAdditionalFieldValues, { body }),
    onSuccess: async (...args) => {
      qc.setQueryData(ADDITIONAL_VALUES_KEY, args[0]);
      await callbacks.onSuccess?.(...args);
    },
    onError: callbacks.onError,
  });
}

export const useMyReviews = () =>
  useQuery({
    queryKey: ["organisations", "reviews"],
    queryFn: () => call(api.myReviews, { query: { perPage: 100 } }),
    meta: { errorTitle: "Failed to load Annual Reviews" },
  });

type ProfileBody = BodyOf<typeof api.updateProfile>;

/** Save the basic details; the shell's profile shows them at once. */
export function useUpdateProfile(
  callbacks: MutationCallbacks<ResponseOf<typeof api.updateProfile>, ProfileBody>,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) => call(api.updateProfile, { body }),
    meta: { errorTitle: TOASTS.updateProfileFailed },
    onSuccess: async (...args) => {
      qc.setQueryData(keys.profile, args[0]);
      await callbacks.onSuccess?.(...args);
    },
    onError: callbacks.onError,
  });
}

/** Save the personal (professional) profile; fields the organisation locks are left out. */
export function useSavePersonalProfile(
  lockedFields: string[],
  callbacks: MutationCallbacks<unknown, PersonalForm>,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (f: PersonalForm) => call(api.putPersonalProfile, { body: toBody(f, lockedFields) }),
    meta: { errorTitle: "Failed to save profile" },
    onSuccess: async (...args) => {
      qc.setQueryData(profileKeys.personal, args[0]);
      await callbacks.onSuccess?.(...args);
    },
  });
}

export function useSaveGoverningBodies(callbacks: MutationCallbacks<unknown, string[]>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (list: string[]) => call(api.putGoverningBodies, { body: list }),
    meta: { errorTitle: "Failed to save governing bodies" },
    onSuccess: async (...args) => {
      qc.setQueryData(profileKeys.governingBodies, args[0]);
      await callbacks.onSuccess?.(...args);
    },
  });
}

export function useCancelMembership(callbacks: MutationCallbacks<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.cancelMembership),
    meta: { errorTitle: "Failed to cancel membership" },
    onSuccess: async (...args) => {
      qc.setQueryData(keys.membership, args[0]);
      await callbacks.onSuccess?.(...args);
    },
  });
}

/** Tags are saved at each add or remove, shown at once and put back if the save fails (REQ-PROFILE-04). */
export function useSaveTags() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (next: string[]) => call(api.putTags, { body: { tags: next } }),
    meta: { errorTitle: "Failed to save tags" },
    onMutate: (next) => {
      const previous = qc.getQueryData(profileKeys.tags);
      qc.setQueryData(profileKeys.tags, { tags: next });
      return { previous };
    },
    onError: (_e, _v, ctx) => qc.setQueryData(profileKeys.tags, ctx?.previous),
    onSuccess: (saved) => qc.setQueryData(profileKeys.tags, saved),
  });
}

/** A new picture: refetching the profile changes dataUpdatedAt, which busts the image cache. */
export function useUploadProfileImage(callbacks: MutationCallbacks<unknown, File>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => call(api.uploadProfileImage, { raw: file }),
    meta: { errorTitle: "Failed to upload picture" },
    onSuccess: async (...args) => {
      qc.invalidateQueries({ queryKey: keys.profile });
      await callbacks.onSuccess?.(...args);
    },
  });
}

const docKeys = { list: (type: string) => ["identity-documents", type] as const };

export const useDocuments = (filter: string) =>
  useQuery({
    queryKey: docKeys.list(filter),
    queryFn: () => call(api.listDocuments, { query: { type: filter === "ALL" ? undefined : filter } }),
    meta: { errorTitle: "Failed to load documents" },
  });

/** Reload every list of documents (after an upload or a delete). */
export function useRefreshDocuments() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ["identity-documents"] });
}

export const useDeleteDocument = (callbacks: MutationCallbacks<unknown, string>) =>
  useMutation({ mutationFn: (id: string) => call(api.deleteDocument, { params: { id } }), ...callbacks });

type StartVerification = typeof api.startMobileVerification | typeof api.startAlternativeEmailVerification;
type CompleteVerification =
  | typeof api.completeMobileVerification
  | typeof api.completeAlternativeEmailVerification;

/** Send a verification code (`first`: the one sent on opening); a contact verified meanwhile shows as such. */
export function useStartVerification(
  start: StartVerification,
  callbacks: MutationCallbacks<unknown, boolean>,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (_first: boolean) => call(start),
    onSuccess: callbacks.onSuccess,
    onError: async (...args) => {
      const [err] = args;
      if (err instanceof ApiError && err.code === "ALREADY_VERIFIED")
        void qc.invalidateQueries({ queryKey: keys.profile });
      await callbacks.onError?.(...args);
    },
  });
}

export function useCompleteVerification(
  complete: CompleteVerification,
  errorTitle: string,
  callbacks: MutationCallbacks<ResponseOf<CompleteVerification>, string>,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (verificationCode: string) => call(complete, { body: { verificationCode } }),
    meta: { errorTitle },
    onSuccess: async (...args) => {
      void qc.invalidateQueries({ queryKey: keys.profile });
      await callbacks.onSuccess?.(...args);
    },
    onError: callbacks.onError,
  });
}
