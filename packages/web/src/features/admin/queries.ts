// Server calls of the admin area (docs/decisions/0015-module-boundaries-and-jobs.md): the pages
// add only their own reaction to the outcome.
import { api, type BodyOf, type LogoKind, type ResponseOf, type SHARED_CPD_CATEGORIES } from "@cpd/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api-client";
import type { MutationCallbacks } from "../../lib/query-client";
import type { Share } from "../oversight";

export const useAdminOverview = () =>
  useQuery({
    queryKey: ["admin", "overview"],
    queryFn: () => call(api.adminOverview),
    meta: { errorTitle: "Failed to load the overview" },
  });

export const useAdminOrganisations = (filter: string, page: number, perPage: number) =>
  useQuery({
    queryKey: ["admin", "organisations", filter, page],
    queryFn: () =>
      call(api.adminOrganisations, {
        params: { perPage, page },
        query: filter ? { filter } : {},
      }),
    placeholderData: keepPreviousData,
    meta: { errorTitle: "Failed to load organisations" },
  });

export const useAdminOrganisation = (id: number | null) =>
  useQuery({
    queryKey: ["admin", "organisation", id],
    queryFn: () => call(api.getAdminOrganisation, { params: { id: id as number } }),
    enabled: id !== null && Number.isInteger(id) && (id ?? 0) > 0,
    meta: { errorTitle: "Failed to load the organisation" },
  });

type OrganisationBody = BodyOf<typeof api.createOrganisation>;

/** Create (no id) or configure an organisation; the list refreshes and the saved one is cached. */
export function useSaveOrganisation(
  id: number | undefined,
  callbacks: MutationCallbacks<ResponseOf<typeof api.getAdminOrganisation>, OrganisationBody>,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganisationBody) =>
      id !== undefined
        ? call(api.configureOrganisation, { params: { id }, body })
        : call(api.createOrganisation, { body }),
    onSuccess: async (...args) => {
      const [res] = args;
      void qc.invalidateQueries({ queryKey: ["admin", "organisations"] });
      qc.setQueryData(["admin", "organisation", res.id], res);
      await callbacks.onSuccess?.(...args);
    },
    onError: callbacks.onError,
  });
}

/** Uploads an organisation's logo (ADR 0021); the saved organisation is cached as answered. */
export function useUploadOrganisationLogo(
  id: number,
  callbacks: MutationCallbacks<ResponseOf<typeof api.getAdminOrganisation>, { kind: LogoKind; file: File }>,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: LogoKind; file: File }) =>
      call(api.uploadOrganisationLogo, { params: { id, kind }, raw: file }),
    onSuccess: async (...args) => {
      qc.setQueryData(["admin", "organisation", id], args[0]);
      await callbacks.onSuccess?.(...args);
    },
    onError: callbacks.onError,
  });
}

export const useMemberGroups = () =>
  useQuery({
    queryKey: ["admin", "member-groups"],
    queryFn: () => call(api.memberGroups),
    meta: { errorTitle: "Failed to load member groups" },
  });

export const useImpersonate = (callbacks: MutationCallbacks<ResponseOf<typeof api.impersonate>, string>) =>
  useMutation({
    mutationFn: (email: string) => call(api.impersonate, { query: { user: email } }),
    ...callbacks,
  });

type MembershipBody = BodyOf<typeof api.createMembershipRecord>;

/** Create (no id) or update a membership record; the list refreshes. */
export function useSaveMembership(
  callbacks: MutationCallbacks<
    unknown,
    { id: ResponseOf<typeof api.getMembershipRecord>["id"] | null; body: MembershipBody }
  >,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id: ResponseOf<typeof api.getMembershipRecord>["id"] | null;
      body: MembershipBody;
    }) =>
      id !== null
        ? call(api.updateMembershipRecord, { params: { id }, body })
        : call(api.createMembershipRecord, { body }),
    onSuccess: async (...args) => {
      void qc.invalidateQueries({ queryKey: ["admin", "memberships"] });
      await callbacks.onSuccess?.(...args);
    },
    onError: callbacks.onError,
  });
}

type MembershipRows = BodyOf<typeof api.importMembershipRecords>;

/** Import membership records; the list refreshes only when the file went in (no row errors). */
export function useImportMemberships(
  callbacks: MutationCallbacks<ResponseOf<typeof api.importMembershipRecords>, MembershipRows>,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (rows: MembershipRows) => call(api.importMembershipRecords, { body: rows }),
    onSuccess: async (...args) => {
      if (!args[0].errors.length) void qc.invalidateQueries({ queryKey: ["admin", "memberships"] });
      await callbacks.onSuccess?.(...args);
    },
    onError: callbacks.onError,
  });
}

export const useRestoreShare = (callbacks: MutationCallbacks<unknown, Share>) =>
  useMutation({
    mutationFn: (s: Share) => call(api.restoreShare, { params: { id: s.id } }),
    ...callbacks,
  });

export type Moderation = { reason: string } | { category: (typeof SHARED_CPD_CATEGORIES)[number] };

/** Hide a share with a reason, or move it to another category. */
export const useModerateShare = (id: Share["id"], callbacks: MutationCallbacks<unknown, Moderation>) =>
  useMutation({
    mutationFn: (m: Moderation) =>
      "reason" in m
        ? call(api.hideShare, { params: { id }, body: { reason: m.reason } })
        : call(api.recategoriseShare, { params: { id }, body: { category: m.category } }),
    ...callbacks,
  });
