// The shell's server state. Keys are the API paths so any screen can invalidate them.
import { api, type EndpointDef, MESSAGES, type ResponseOf } from "@cpd/contract";
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { call } from "../../lib/api-client";
import type { MutationCallbacks } from "../../lib/query-client";
import { type SettingsAnswer, toSettings } from "../settings";

export const keys = {
  profile: ["profile"] as const,
  features: ["features"] as const,
  userFeatures: ["features", "user"] as const,
  usage: ["usage"] as const,
  branding: ["branding"] as const,
  settings: ["settings", "dashboard"] as const,
  membership: ["profile", "membership"] as const,
  intercom: ["intercom"] as const,
  scheduledDeletion: ["user-account", "me", "scheduled-deletion"] as const,
};

const profileQuery = queryOptions({
  queryKey: keys.profile,
  queryFn: () => call(api.getProfile),
  meta: { errorTitle: "Failed to load profile" },
});
const featuresQuery = queryOptions({
  queryKey: keys.features,
  queryFn: () => call(api.features),
  meta: { errorTitle: "Failed to load features" },
});
const userFeaturesQuery = queryOptions({
  queryKey: keys.userFeatures,
  queryFn: () => call(api.userFeatures),
  meta: { errorTitle: "Failed to load features" },
});
const brandingQuery = queryOptions({
  queryKey: keys.branding,
  queryFn: () => call(api.branding),
  staleTime: 10 * 60_000,
  meta: { errorTitle: MESSAGES.organisationDisabled },
});
const settingsQuery = queryOptions({
  queryKey: keys.settings,
  queryFn: () => call(api.getDashboardSettings),
  meta: { errorTitle: "Failed to load settings" },
});
const scheduledDeletionQuery = queryOptions({
  queryKey: keys.scheduledDeletion,
  queryFn: () => call(api.getScheduledDeletion),
});

const impersonationQuery = queryOptions({
  queryKey: ["auth", "impersonation"],
  queryFn: () => call(api.impersonation),
  staleTime: Number.POSITIVE_INFINITY,
});
const supportIdentityQuery = queryOptions({
  queryKey: keys.intercom,
  queryFn: () => call(api.intercom),
  staleTime: 86_400_000,
});

type ShellStart = ResponseOf<typeof api.shellStart>;

/**
 * Asks for what every signed-in screen shows first, before the shell renders (lazy-pages.ts): one
 * call (`GET shell/start`, ADR 0038) fills the eight queries the shell and its pages read, under
 * their own keys, so the hooks below find them in flight and do not ask again. Each query keeps
 * its own call for later refetches, and falls back to it if the bundled call fails.
 */
export function prefetchShellQueries(qc: QueryClient) {
  const start = call(api.shellStart);
  start.catch(() => undefined);
  // Each query's own call (`endpoint`, taking no input) stays its fallback if the bundle fails.
  const seed = <E extends EndpointDef>(
    { queryKey, meta }: { queryKey: readonly unknown[]; meta?: { errorTitle?: string } },
    endpoint: E,
    part: (s: ShellStart) => ResponseOf<E> | null,
  ) =>
    void qc.prefetchQuery({
      queryKey,
      meta,
      // The endpoints seeded take no input, which a generic E cannot show the compiler.
      queryFn: async () =>
        (await start.then(part, () => null)) ?? (call as (e: E) => Promise<ResponseOf<E>>)(endpoint),
    });
  seed(profileQuery, api.getProfile, (s) => s.profile);
  seed(featuresQuery, api.features, (s) => s.features);
  seed(userFeaturesQuery, api.userFeatures, (s) => s.userFeatures);
  seed(brandingQuery, api.branding, (s) => s.branding);
  seed(settingsQuery, api.getDashboardSettings, (s) => s.settings);
  seed(scheduledDeletionQuery, api.getScheduledDeletion, (s) => s.scheduledDeletion);
  seed(impersonationQuery, api.impersonation, (s) => s.impersonation);
  seed(supportIdentityQuery, api.intercom, (s) => s.supportChat);
}

export const useProfile = () => useQuery(profileQuery);
export const useFeatures = () => useQuery(featuresQuery);
export const useUserFeatures = () => useQuery(userFeaturesQuery);

export const useUsage = (enabled = true) =>
  useQuery({
    queryKey: keys.usage,
    queryFn: () => call(api.usage),
    enabled,
    meta: { errorTitle: "Failed to load usage" },
  });

export const useBranding = () => useQuery(brandingQuery);
export const useDashboardSettings = () => useQuery(settingsQuery);
/** The dashboard settings, from the cache or the fetch in flight (a page's prefetch reads them). */
export const ensureDashboardSettings = (qc: QueryClient) => qc.ensureQueryData(settingsQuery);

export const useMembership = () =>
  useQuery({
    queryKey: keys.membership,
    queryFn: () => call(api.getMembership),
    meta: { errorTitle: "Failed to load membership information" },
  });

/** Whether the account is scheduled for deletion; a failed lookup is only logged (REQ-MEMBER-09). */
export const useScheduledDeletion = () => {
  const q = useQuery(scheduledDeletionQuery);
  useEffect(() => {
    if (q.error) console.warn("Scheduled deletion lookup failed", q.error);
  }, [q.error]);
  return q;
};

/** What this user may use (GET features/user); unknown while loading counts as off. */
export function useUserFeature(name: "SharedCPD" | "FormPercentages"): boolean {
  const { data } = useUserFeatures();
  return data?.[name] === true;
}

/** The organisations an organisation manager manages (the menu shows Analytics if one has it). */
export const useManagedOrganisations = (enabled: boolean) =>
  useQuery({
    queryKey: ["organisations"],
    queryFn: () => call(api.listOrganisations, { query: { perPage: 100 } }),
    enabled,
    meta: { errorTitle: "Failed to load organisations" },
  });

/** The identity the server signs for the support chat. */
export const useSupportIdentity = () => useQuery(supportIdentityQuery);

export const useImpersonation = () => useQuery(impersonationQuery);

export const useEndImpersonation = (callbacks: MutationCallbacks<ResponseOf<typeof api.endImpersonation>>) =>
  useMutation({ mutationFn: () => call(api.endImpersonation), ...callbacks });

export const useWelcomeVideo = (enabled: boolean) =>
  useQuery({
    queryKey: ["branding", "welcome-video"],
    queryFn: () => call(api.welcomeVideo),
    enabled,
    staleTime: 10 * 60_000,
  });

/** Save the dashboard settings with the welcome video off ("skip in future"). */
export function useSkipWelcomeVideo(settings: SettingsAnswer | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => {
      if (!settings) throw new Error("Settings not loaded");
      return call(api.saveDashboardSettings, { body: { ...toSettings(settings), welcomeVideo: false } });
    },
    meta: { errorTitle: "Failed to save settings" },
    onSuccess: (saved) => qc.setQueryData(keys.settings, saved),
  });
}
