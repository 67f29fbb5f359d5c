import {
  type AdditionalFieldGroup,
  api,
  type BodyOf,
  type ORGANISATION_USER_SORTS,
  type REVALIDATION_REPORT_STATUSES,
  type ResponseOf,
} from "@cpd/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router-dom";
import { call } from "../../lib/api-client";
import type { DateRange } from "../../lib/DateRangeFields";
import type { MutationCallbacks } from "../../lib/query-client";

export const orgKeys = {
  organisations: ["organisations"] as const,
  users: (id: number) => ["organisations", id, "users"] as const,
  settings: (id: number) => ["organisations", id, "settings"] as const,
  list: (id: number, list: string) => ["organisations", id, "list", list] as const,
  fields: (id: number) => ["organisations", id, "additional-fields"] as const,
  analytics: (id: number) => ["organisations", id, "analytics"] as const,
  certificates: (id: number) => ["organisations", id, "certificates"] as const,
  shares: (id: number) => ["organisations", id, "shared-cpd"] as const,
  confirmations: (id: number) => ["organisations", id, "confirmations"] as const,
};

/**
 * The organisation the pages act on: `?organisation=<id>` when an administrator picked one,
 * otherwise the first the caller manages (a manager's own).
 */
export function useCurrentOrganisation() {
  const [params, setParams] = useSearchParams();
  const list = useQuery({
    queryKey: orgKeys.organisations,
    queryFn: () => call(api.listOrganisations, { query: { perPage: 100 } }),
    meta: { errorTitle: "Failed to load organisations" },
  });
  const wanted = Number(params.get("organisation"));
  const items = list.data?.items ?? [];
  const current = items.find((o) => o.id === wanted) ?? items[0] ?? null;
  const choose = (id: number) => setParams((p) => ({ ...Object.fromEntries(p), organisation: String(id) }));
  return { list, organisations: items, current, choose };
}

export interface UsersQuery {
  page: number;
  perPage: number;
  sort: { sortBy: (typeof ORGANISATION_USER_SORTS)[number]; sortDesc: boolean };
  filter: string;
  range: DateRange;
  /** Only members whose next revalidation deadline has this status ("" : everyone). */
  revalidationStatus?: (typeof REVALIDATION_REPORT_STATUSES)[number] | "";
}

/** REQ-ORG-01: the organisation's users with their CPD in the range (`id` null: none chosen yet). */
export const useOrganisationUsers = (id: number | null, q: UsersQuery, enabled: boolean) =>
  useQuery({
    queryKey: [...orgKeys.users(id ?? 0), q.page, q.perPage, q.sort, q.filter, q.range, q.revalidationStatus],
    queryFn: () =>
      call(api.organisationUsers, {
        params: { id: id as number, perPage: q.perPage, page: q.page },
        query: {
          sortBy: q.sort.sortBy,
          sortDir: q.sort.sortDesc ? "desc" : "asc",
          ...(q.filter ? { filter: q.filter } : {}),
          ...(q.revalidationStatus ? { revalidationStatus: q.revalidationStatus } : {}),
          from: q.range.from,
          to: q.range.to,
        },
      }),
    enabled: id !== null && enabled,
    placeholderData: keepPreviousData,
    meta: { errorTitle: "Failed to load users" },
  });

export const useOrganisationAnalytics = (id: number | null, range: DateRange, enabled: boolean) =>
  useQuery({
    queryKey: [...orgKeys.analytics(id ?? 0), range],
    queryFn: () => call(api.organisationAnalytics, { params: { id: id as number }, query: range }),
    enabled,
    placeholderData: keepPreviousData,
    meta: { errorTitle: "Failed to load analytics" },
  });

type AddUserBody = BodyOf<typeof api.addOrganisationUser>;

/** Add one user; the users report refreshes. */
export function useAddOrganisationUser(
  organisationId: number,
  callbacks: MutationCallbacks<ResponseOf<typeof api.addOrganisationUser>, AddUserBody>,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AddUserBody) =>
      call(api.addOrganisationUser, { params: { id: organisationId }, body }),
    onSuccess: async (...args) => {
      void qc.invalidateQueries({ queryKey: orgKeys.users(organisationId) });
      await callbacks.onSuccess?.(...args);
    },
    onError: callbacks.onError,
  });
}

type ImportBody = BodyOf<typeof api.bulkImportUsers>;

/** Import users from a file; the users report refreshes when any went in. */
export function useImportOrganisationUsers(
  organisationId: number,
  callbacks: MutationCallbacks<ResponseOf<typeof api.bulkImportUsers>, ImportBody["users"]>,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (users: ImportBody["users"]) =>
      call(api.bulkImportUsers, { params: { id: organisationId }, body: { users } }),
    onSuccess: async (...args) => {
      if (args[0].imported > 0) void qc.invalidateQueries({ queryKey: orgKeys.users(organisationId) });
      await callbacks.onSuccess?.(...args);
    },
    onError: callbacks.onError,
  });
}

export const useCreateReview = (callbacks: MutationCallbacks<unknown, BodyOf<typeof api.createUserReview>>) =>
  useMutation({
    mutationFn: (body: BodyOf<typeof api.createUserReview>) => call(api.createUserReview, { body }),
    ...callbacks,
  });

export const useAdditionalFields = (organisationId: number) =>
  useQuery({
    queryKey: orgKeys.fields(organisationId),
    queryFn: () => call(api.getOrganisationAdditionalFields, { params: { id: organisationId } }),
    meta: { errorTitle: "Failed to load additional fields" },
  });

export function useSaveAdditionalFields(
  organisationId: number,
  callbacks: MutationCallbacks<AdditionalFieldGroup[], AdditionalFieldGroup[]>,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdditionalFieldGroup[]) =>
      call(api.putOrganisationAdditionalFields, { params: { id: organisationId }, body }),
    onSuccess: async (...args) => {
      qc.setQueryData(orgKeys.fields(organisationId), args[0]);
      await callbacks.onSuccess?.(...args);
    },
    onError: callbacks.onError,
  });
}

type OrganisationSettings = ResponseOf<typeof api.getOrganisationSettings>;

export const useOrganisationSettings = (organisationId: number) =>
  useQuery({
    queryKey: orgKeys.settings(organisationId),
    queryFn: () => call(api.getOrganisationSettings, { params: { id: organisationId } }),
    meta: { errorTitle: "Failed to load settings" },
  });

export function useSaveOrganisationSettings(
  organisationId: number,
  callbacks: MutationCallbacks<unknown, OrganisationSettings>,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganisationSettings) =>
      call(api.putOrganisationSettings, { params: { id: organisationId }, body }),
    onSuccess: async (...args) => {
      qc.setQueryData(orgKeys.settings(organisationId), args[0]);
      // The appointed confirmers decide which confirmations the managers' list shows.
      void qc.invalidateQueries({ queryKey: orgKeys.confirmations(organisationId) });
      await callbacks.onSuccess?.(...args);
    },
    onError: callbacks.onError,
  });
}

/** REQ-ATTEST-09: the members' confirmations by the organisation's appointed confirmers (its managers only). */
export const useAppointedConfirmations = (organisationId: number, page: number, perPage: number) =>
  useQuery({
    queryKey: [...orgKeys.confirmations(organisationId), page, perPage],
    queryFn: () =>
      call(api.organisationConfirmations, { params: { id: organisationId }, query: { page, perPage } }),
    placeholderData: keepPreviousData,
    // No toast: refused for an administrator or another organisation, the section says so itself.
  });

type TagList = { tags: string[] };

/** One of the organisation's tag lists (`list` names it in the key; `load` and `store` call the server). */
export const useOrganisationList = (
  organisationId: number,
  list: string,
  load: () => Promise<TagList>,
  title: string,
) =>
  useQuery({
    queryKey: orgKeys.list(organisationId, list),
    queryFn: load,
    meta: { errorTitle: `Failed to load ${title.toLowerCase()}` },
  });

export function useSaveOrganisationList(
  organisationId: number,
  list: string,
  store: (tags: string[]) => Promise<TagList>,
  callbacks: MutationCallbacks<TagList, string[]>,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: store,
    onSuccess: async (...args) => {
      qc.setQueryData(orgKeys.list(organisationId, list), args[0]);
      await callbacks.onSuccess?.(...args);
    },
    onError: callbacks.onError,
  });
}
