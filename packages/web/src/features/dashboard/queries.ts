// Server state of the dashboard home. Period calls share one key shape per period choice.
import { api } from "@cpd/contract";
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api-client";
import { ApiError } from "../../lib/api-error";
import { prefetchRevalidationProgress } from "../revalidation";
import { ensureDashboardSettings } from "../shell";
import {
  DEFAULT_PERIOD,
  type PeriodChoice,
  periodKey,
  periodRequest,
  widgetsForMode,
} from "./dashboard-model";

export const dashboardKeys = {
  statistics: (c: PeriodChoice) => ["statistics", ...periodKey(c)] as const,
  monthly: ["statistics", "monthly"] as const,
  graphs: (c: PeriodChoice) => ["graphs", ...periodKey(c)] as const,
  standards: (c: PeriodChoice) => ["graphs", "governing-body-standards", ...periodKey(c)] as const,
  formField: (c: PeriodChoice) => ["graphs", "form", "diary", "ActivityType", ...periodKey(c)] as const,
  sharedCpd: ["shared-cpd", "recent"] as const,
  clinicalLink: ["clinical-skills", "link"] as const,
  clinicalStats: ["clinical-skills", "statistics"] as const,
};

const statisticsQuery = (c: PeriodChoice) =>
  queryOptions({
    queryKey: dashboardKeys.statistics(c),
    queryFn: () => call(api.statistics, periodRequest(c)),
    meta: { errorTitle: "Failed to load your statistics" },
  });

export const useStatistics = (c: PeriodChoice) => useQuery(statisticsQuery(c));

const monthlyQuery = queryOptions({
  queryKey: dashboardKeys.monthly,
  queryFn: () => call(api.monthlyStatistics),
  meta: { errorTitle: "Failed to load graph" },
});

const graphsQuery = (c: PeriodChoice) =>
  queryOptions({
    queryKey: dashboardKeys.graphs(c),
    queryFn: () => call(api.graphs, periodRequest(c)),
    meta: { errorTitle: "Failed to load graphs" },
  });

const standardsQuery = (c: PeriodChoice) =>
  queryOptions({
    queryKey: dashboardKeys.standards(c),
    queryFn: () => call(api.governingBodyGraphs, periodRequest(c)),
    meta: { errorTitle: "Failed to load governing body standards graphs" },
  });

/**
 * A page load on the dashboard asks for its statistics before the page renders (lazy-pages.ts),
 * and for the charts the settings switch on as soon as the settings are in (ADR 0038), not after
 * the page has rendered with them.
 */
export async function prefetchDashboard(qc: QueryClient) {
  const c = { period: DEFAULT_PERIOD } as const;
  void qc.prefetchQuery(statisticsQuery(c));
  void prefetchRevalidationProgress(qc);
  const settings = await ensureDashboardSettings(qc).catch(() => null);
  if (!settings) return;
  const w = settings.dashboardWidgets;
  const show = widgetsForMode(settings.dashboardMode, {
    categories: w.cpdCategories,
    activity: w.activityTypes,
    monthly: w.entriesGraph,
    standards: w.governingBodyStandards,
  });
  if (show.categories || show.activity) void qc.prefetchQuery(graphsQuery(c));
  if (show.monthly) void qc.prefetchQuery(monthlyQuery);
  if (show.standards) void qc.prefetchQuery(standardsQuery(c));
}

export const useMonthly = (enabled: boolean) => useQuery({ ...monthlyQuery, enabled });

export const useGraphs = (c: PeriodChoice, enabled: boolean) => useQuery({ ...graphsQuery(c), enabled });

export const useStandards = (c: PeriodChoice, enabled: boolean) =>
  useQuery({ ...standardsQuery(c), enabled });

/** The organisation-specific activity pie (diary form, activity type field). */
export const useActivityFieldGraph = (c: PeriodChoice, enabled: boolean) =>
  useQuery({
    queryKey: dashboardKeys.formField(c),
    queryFn: () => {
      const { params, query } = periodRequest(c);
      return call(api.formFieldGraph, {
        params: { formId: "diary", fieldId: "ActivityType" },
        query: { period: params.period, ...query },
      });
    },
    enabled,
    meta: { errorTitle: "Failed to load graph" },
  });

export const useRecentSharedCpd = (enabled: boolean) =>
  useQuery({
    queryKey: dashboardKeys.sharedCpd,
    queryFn: () => call(api.listSharedCpd, { params: { perPage: 6, page: 1 }, query: {} }),
    enabled,
    meta: { errorTitle: "Failed to load Shared CPD" },
  });

/** Linked on 200, not linked on 404 (REQ-DASH-07); anything else is a failure. */
export const useClinicalSkillsLink = (enabled: boolean) =>
  useQuery({
    queryKey: dashboardKeys.clinicalLink,
    queryFn: async () => {
      try {
        return await call(api.clinicalSkillsLinkStatus);
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return { linked: false, email: "" };
        throw e;
      }
    },
    enabled,
    meta: { errorTitle: "Failed to get link status" },
  });

export const useClinicalSkillsStatistics = (enabled: boolean) =>
  useQuery({
    queryKey: dashboardKeys.clinicalStats,
    queryFn: () => call(api.clinicalSkillsStatistics),
    enabled,
    meta: { errorTitle: "Failed to get Clinical Skills statistics" },
  });

export function useLinkClinicalSkills() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { emailAddress: string; password: string }) => call(api.linkClinicalSkills, { body }),
    onSuccess: (answer) => {
      qc.setQueryData(dashboardKeys.clinicalLink, answer);
      void qc.invalidateQueries({ queryKey: dashboardKeys.clinicalStats });
    },
  });
}
