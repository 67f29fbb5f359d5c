import { api, type BodyOf, type ResponseOf } from "@cpd/contract";
import { type DefaultError, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
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

/** A save whose answer replaces the cached `key`, then the component's own callbacks run. */
function useSaveInto<TData, TVariables>(
  key: readonly unknown[],
  mutationFn: (v: TVariables) => Promise<TData>,
  callbacks: MutationCallbacks<TData, TVariables>,
  errorTitle?: string,
) {
  const qc = useQueryClient();
  return useMutation<TData, DefaultError, TVariables>({
    mutationFn,
    ...(errorTitle ? { meta: { errorTitle } } : {}),
    onSuccess: async (data, ...rest) => {
      qc.setQueryData(key, data);
      await callbacks.onSuccess?.(data, ...rest);
    },
    onError: callbacks.onError,
  });
}

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

export const useSaveAdditionalFieldValues = (
  callbacks: MutationCallbacks<ResponseOf<typeof api.saveAdditionalFieldValues>, AdditionalBody>,
) =>
  useSaveInto(
    ADDITIONAL_VALUES_KEY,
    (body: AdditionalBody) => call(api.saveAdditionalFieldValues, { body }),
    callbacks,
  );

export const useMyReviews = () =>
  useQuery({
    queryKey: ["organisations", "reviews"],
    queryFn: () => call(api.myReviews, { query: { perPage: 100 } }),
    meta: { errorTitle: "Failed to load Annual Reviews" },
  });

type ProfileBody = BodyOf<typeof api.updateProfile>;

/** Save the basic details; the shell's profile shows them at once. */
export const useUpdateProfile = (
  callbacks: MutationCallbacks<ResponseOf<typeof api.updateProfile>, ProfileBody>,
) =>
  useSaveInto(
    keys.profile,
    (body: ProfileBody) => call(api.updateProfile, { body }),
    callbacks,
    TOASTS.updateProfileFailed,
  );

/** Save the personal (professional) profile; fields the organisation locks are left out. */
export const useSavePersonalProfile = (
  lockedFields: string[],
  callbacks: MutationCallbacks<unknown, PersonalForm>,
) =>
  useSaveInto(
    profileKeys.personal,
    (f: PersonalForm): Promise<unknown> => call(api.putPersonalProfile, { body: toBody(f, lockedFields) }),
    callbacks,
    "Failed to save profile",
  );

export const useSaveGoverningBodies = (callbacks: MutationCallbacks<unknown, string[]>) =>
  useSaveInto(
    profileKeys.governingBodies,
    (list: string[]): Promise<unknown> => call(api.putGoverningBodies, { body: list }),
    callbacks,
    "Failed to save governing bodies",
  );

export const useCancelMembership = (callbacks: MutationCallbacks<unknown>) =>
  useSaveInto(
    keys.membership,
    (): Promise<unknown> => call(api.cancelMembership),
    callbacks,
    "Failed to cancel membership",
  );

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
