// The shell's server state. Keys are the API paths so any screen can invalidate them.
import { api, MESSAGES } from "@cpd/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { call } from "../../lib/api-client";

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

export const useProfile = () =>
  useQuery({
    queryKey: keys.profile,
    queryFn: () => call(api.getProfile),
    meta: { errorTitle: "Failed to load profile" },
  });

export const useFeatures = () =>
  useQuery({
    queryKey: keys.features,
    queryFn: () => call(api.features),
    meta: { errorTitle: "Failed to load features" },
  });

export const useUserFeatures = () =>
  useQuery({
    queryKey: keys.userFeatures,
    queryFn: () => call(api.userFeatures),
    meta: { errorTitle: "Failed to load features" },
  });

export const useUsage = (enabled = true) =>
  useQuery({
    queryKey: keys.usage,
    queryFn: () => call(api.usage),
    enabled,
    meta: { errorTitle: "Failed to load usage" },
  });

export const useBranding = () =>
  useQuery({
    queryKey: keys.branding,
    queryFn: () => call(api.branding),
    staleTime: 10 * 60_000,
    meta: { errorTitle: MESSAGES.organisationDisabled },
  });

export const useDashboardSettings = () =>
  useQuery({
    queryKey: keys.settings,
    queryFn: () => call(api.getDashboardSettings),
    meta: { errorTitle: "Failed to load settings" },
  });

export const useMembership = () =>
  useQuery({
    queryKey: keys.membership,
    queryFn: () => call(api.getMembership),
    meta: { errorTitle: "Failed to load membership information" },
  });

/** Whether the account is scheduled for deletion; a failed lookup is only logged (spec 1 §8). */
export const useScheduledDeletion = () => {
  const q = useQuery({
    queryKey: keys.scheduledDeletion,
    queryFn: () => call(api.getScheduledDeletion),
  });
  useEffect(() => {
    if (q.error) console.warn("Scheduled deletion lookup failed", q.error);
  }, [q.error]);
  return q;
};
