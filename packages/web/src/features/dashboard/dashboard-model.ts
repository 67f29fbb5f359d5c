// Pure rules of the dashboard home (REQ-DASH-01..04).
import { addMonths, type api, type EntryType, type ParamsOf, type QueryOf } from "@cpd/contract";
import { addDays } from "../../lib/london-time";
import { DEFAULT_STATE, toSearchParams } from "../entries";

export type Period = ParamsOf<typeof api.statistics>["period"];

export const PERIOD_OPTIONS: { value: Period; label: string }[] = [
  { value: "12", label: "12 months" },
  { value: "24", label: "24 months" },
  { value: "36", label: "36 months" },
  { value: "lifetime", label: "Lifetime" },
  { value: "custom", label: "Custom range" },
];

export const DEFAULT_PERIOD = "12" as const;

/** The applied choice: a custom range always carries both dates. */
export type PeriodChoice =
  | { period: Exclude<Period, "custom"> }
  | { period: "custom"; from: string; to: string };

/** Path and query of the period calls (statistics, graphs, governing body standards). */
export function periodRequest(choice: PeriodChoice): {
  params: { period: Period };
  query: QueryOf<typeof api.statistics>;
} {
  if (choice.period === "custom") {
    return { params: { period: "custom" }, query: { from: choice.from, to: choice.to } };
  }
  return { params: { period: choice.period }, query: {} };
}

/**
 * The days a period covers, as the server counts them (server statistics/rules.ts periodRange):
 * n months back from today, the day after that (a shorter month keeps its last day) to today
 * inclusive; lifetime has no first day but still ends today, so planned CPD is not counted.
 */
export function periodDates(choice: PeriodChoice, today: string): { from: string | null; to: string } {
  if (choice.period === "custom") return { from: choice.from, to: choice.to };
  if (choice.period === "lifetime") return { from: null, to: today };
  return { from: addDays(addMonths(today, -Number(choice.period)), 1), to: today };
}

/** The entries list showing what a statistic counts: the period's entries, of one type or all. */
export function entriesLink(
  range: { from: string | null; to: string },
  type: EntryType | null = null,
): string {
  return `/entries?${toSearchParams({ ...DEFAULT_STATE, ...range, type })}`;
}

/** A custom range can be confirmed once both dates are set and in order. */
export function canConfirmRange(from: string, to: string): boolean {
  return Boolean(from && to && from <= to);
}

export function rangeError(from: string, to: string): string | null {
  if (!from || !to) return "Please choose both a from and a to date.";
  if (from > to) return "The from date must be on or before the to date.";
  return null;
}

export const periodKey = (c: PeriodChoice) => (c.period === "custom" ? ["custom", c.from, c.to] : [c.period]);

/** Hours to one decimal place, without a trailing ".0". */
export function oneDecimal(n: number): string {
  return String(Math.round(n * 10) / 10);
}

/** Whole days from now until the end of the reporting period, rounded up (never below 0). */
export function daysLeft(endDate: string, now: Date): number {
  const [y = 0, m = 1, d = 1] = endDate.split("-").map(Number);
  const end = Date.UTC(y, m - 1, d);
  return Math.max(0, Math.ceil((end - now.getTime()) / 86_400_000));
}

export const MET_REQUIREMENT = "Congrats, you have met your CPD hours requirement.";

/** The countdown card's sentence, or null when the user has no CPD hours target. */
export function countdownMessage(hoursLeft: number | null, endDate: string | null, now: Date): string | null {
  if (hoursLeft === null) return null;
  const hours = Math.round(hoursLeft * 10) / 10;
  if (hours <= 0) return MET_REQUIREMENT;
  if (!endDate) return null;
  return `${daysLeft(endDate, now)} days left to track ${oneDecimal(hours)} more hours of CPD to meet your requirements!`;
}

/** Read more: card texts are cut at 200 characters (REQ-DASH-04). */
export const CARD_READ_MORE = 200;

export function cutText(text: string, limit = CARD_READ_MORE): { text: string; cut: boolean } {
  if (text.length <= limit) return { text, cut: false };
  return { text: `${text.slice(0, limit).trimEnd()}…`, cut: true };
}

/** Graph height 200 when the window is wider than 800 px, otherwise 300 (REQ-DASH-04). */
export const graphHeight = (windowWidth: number) => (windowWidth > 800 ? 200 : 300);

/** Under 510 px a chart shows its legend only when its data asks for it. */
export function legendPosition(
  windowWidth: number,
  showLegendOnMobileDevices = true,
): "right" | "bottom" | "hidden" {
  if (windowWidth < 510) return showLegendOnMobileDevices ? "bottom" : "hidden";
  return "right";
}

/** Twelve colours for the monthly chart (one per month) and the pies. */
export const CHART_COLOURS = [
  "#1864ab",
  "#2b8a3e",
  "#e67700",
  "#862e9c",
  "#c92a2a",
  "#0b7285",
  "#5f3dc4",
  "#a61e4d",
  "#5c940d",
  "#d9480f",
  "#364fc7",
  "#495057",
] as const;

export const chartColour = (i: number): string => CHART_COLOURS[i % CHART_COLOURS.length] ?? "#1864ab";

const monthLabel = new Intl.DateTimeFormat("en-GB", { month: "short", year: "numeric", timeZone: "UTC" });
/** "2026-03" as "Mar 2026". */
export function monthKeyLabel(key: string): string {
  const [y = 0, m = 1] = key.split("-").map(Number);
  return monthLabel.format(new Date(Date.UTC(y, m - 1, 1)));
}

/** The resilience governing body's extra figures, or null when the user has none. */
export function resilienceFigures(s: {
  resilientIncident: number | null;
  resilientCourses: number | null;
  resilientExercise: number | null;
  resilientGeneric: number | null;
  userCompliance: number | null;
}): { label: string; value: string }[] | null {
  const values = [s.resilientIncident, s.resilientCourses, s.resilientExercise, s.resilientGeneric];
  if (values.every((v) => v === null)) return null;
  const n = (v: number | null) => (v === null ? "--" : String(v));
  return [
    { label: "Incidents", value: n(s.resilientIncident) },
    { label: "Courses", value: n(s.resilientCourses) },
    { label: "Exercises", value: n(s.resilientExercise) },
    { label: "Generic Entries", value: n(s.resilientGeneric) },
    { label: "Compliance", value: s.userCompliance === null ? "--" : `${Math.round(s.userCompliance)}%` },
  ];
}

/**
 * The dashboard mode (a user setting): basic shows the statistics, the CPD hours countdown and the
 * calendar only; advanced every widget the user switched on (ADR 0024). Entry shortcuts stay.
 */
const BASIC_WIDGETS = new Set(["countdown", "calendar", "reflection", "supervision"]);
export function widgetsForMode<T extends Record<string, boolean>>(mode: "basic" | "advanced", shown: T): T {
  if (mode === "advanced") return shown;
  return Object.fromEntries(
    Object.entries(shown).map(([name, on]) => [name, on && BASIC_WIDGETS.has(name)]),
  ) as T;
}
