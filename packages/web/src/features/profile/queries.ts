import { api } from "@cpd/contract";
import { useQuery } from "@tanstack/react-query";
import { call } from "../../lib/api-client";

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
