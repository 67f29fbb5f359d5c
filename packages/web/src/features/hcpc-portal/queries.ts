import { api, type BodyOf } from "@cpd/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api-client";

const key = (token: string, ...rest: unknown[]) => ["hcpc-portal", token, ...rest];

/** The operator's public configuration: the portal's guide video (ADR 0024). */
export const useGuideVideo = () =>
  useQuery({
    queryKey: ["shell-config"],
    queryFn: () => call(api.shellConfig),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    select: (c) => c.hcpcGuideVideoUrl,
  });

export const useHcpcInfo = (token: string) =>
  useQuery({
    queryKey: key(token, "info"),
    queryFn: () => call(api.hcpcInfo, { params: { id: token } }),
    enabled: token !== "",
    retry: false,
  });

export const useHcpcSummary = (token: string) =>
  useQuery({
    queryKey: key(token, "summary"),
    queryFn: () => call(api.hcpcSummary, { params: { id: token } }),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorTitle: "Failed to load Summary" },
  });

export const useHcpcStatement = (token: string) =>
  useQuery({
    queryKey: key(token, "statement"),
    queryFn: () => call(api.hcpcStatement, { params: { id: token } }),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorTitle: "Failed to load statement" },
  });

export const useHcpcEntries = (token: string) =>
  useQuery({
    queryKey: key(token, "entries"),
    queryFn: () => call(api.hcpcEntries, { params: { id: token } }),
    meta: { errorTitle: "Failed to load entries" },
  });

export const useHcpcEvidence = (token: string, entryIds: string[]) => {
  const ids = [...entryIds].sort();
  return useQuery({
    queryKey: key(token, "evidence", ids),
    queryFn: () => call(api.hcpcEvidence, { params: { id: token }, query: { entryId: ids } }),
    enabled: ids.length > 0,
    meta: { errorTitle: "Failed to load evidence" },
  });
};

export function useSaveSummary(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof api.putHcpcSummary>) =>
      call(api.putHcpcSummary, { params: { id: token }, body }),
    onSuccess: (data) => qc.setQueryData(key(token, "summary"), data),
    meta: { errorTitle: "Failed to save summary" },
  });
}

export function useSaveStatement(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof api.putHcpcStatement>) =>
      call(api.putHcpcStatement, { params: { id: token }, body }),
    onSuccess: (data) => qc.setQueryData(key(token, "statement"), data),
    meta: { errorTitle: "Failed to save statement" },
  });
}

/** The link's gap explanations (ADR 0027). */
export const useHcpcGaps = (token: string) =>
  useQuery({
    queryKey: key(token, "gaps"),
    queryFn: () => call(api.hcpcGaps, { params: { id: token } }),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorTitle: "Failed to load gap explanations" },
  });

export function useSaveGaps(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof api.putHcpcGaps>) =>
      call(api.putHcpcGaps, { params: { id: token }, body }),
    onSuccess: (data) => qc.setQueryData(key(token, "gaps"), data),
    meta: { errorTitle: "Failed to save gap explanations" },
  });
}
