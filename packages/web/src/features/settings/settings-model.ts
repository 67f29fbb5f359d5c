import type { api, BodyOf, ResponseOf } from "@cpd/contract";

export type SettingsAnswer = ResponseOf<typeof api.getDashboardSettings>;
export type Settings = BodyOf<typeof api.saveDashboardSettings>;
export type WidgetKey = keyof Settings["dashboardWidgets"];

export const WIDGET_LABELS: Record<WidgetKey, string> = {
  cpdCategories: "Top CPD Categories",
  activityTypes: "Activity Types",
  entriesGraph: "Entries over the last 12 months",
  governingBodyStandards: "Governing body standards",
  sharedCPD: "Recent Shared CPD",
  calendar: "Calendar",
  webinars: "Upcoming Webinars",
  clinicalSkills: "Clinical Skills overview",
  showCPDHourCountdown: "CPD hour countdown",
  supervision: "Supervision",
  reflection: "Reflection",
};

/** Widgets that need a platform feature (REQ-ROLE-04: SharedCPD and Webinars gate their widgets). */
export const WIDGET_FEATURE: Partial<Record<WidgetKey, string>> = {
  sharedCPD: "SharedCPD",
  calendar: "SharedCPD",
  webinars: "Webinars",
};

/** The answer minus what only the server decides, ready to send back. */
export function toSettings(a: SettingsAnswer): Settings {
  const { lockedByOrganisation: _locked, ...rest } = a;
  return rest;
}
