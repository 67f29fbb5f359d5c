// Periods and the CPD-hours countdown (REQ-DASH-01, REQ-DASH-03), as pure functions.
import { addDays, addMonths, type IsoDate } from "../../lib/dates.js";
import { badRequest } from "../../lib/errors.js";

export type Period = "12" | "24" | "36" | "lifetime" | "custom";

export interface Range {
  from: IsoDate | null;
  to: IsoDate;
}

/** 12/24/36 months back from today (inclusive), the whole record to today, or a custom range. */
export function periodRange(
  period: Period,
  today: IsoDate,
  custom: { from?: string; to?: string } = {},
): Range {
  if (period === "custom") {
    if (!custom.from || !custom.to)
      throw badRequest("Choose both a start date and an end date", "RANGE_REQUIRED");
    if (custom.from > custom.to)
      throw badRequest("The start date must be on or before the end date", "RANGE_ORDER");
    return { from: custom.from, to: custom.to };
  }
  if (period === "lifetime") return { from: null, to: today };
  return { from: addDays(addMonths(today, -Number(period)), 1), to: today };
}

export interface Target {
  hoursPerYear: number | null;
  startDate: IsoDate | null;
  /** Years per reporting period. */
  reportInterval: number | null;
}

/** The reporting period containing today: from the start date, in steps of the interval. */
export function currentCycle(
  t: Target,
  today: IsoDate,
): { start: IsoDate; end: IsoDate; requiredHours: number } | null {
  if (!t.hoursPerYear || !t.startDate) return null;
  const years = t.reportInterval && t.reportInterval > 0 ? t.reportInterval : 1;
  let start = t.startDate;
  let next = addMonths(start, 12 * years);
  while (next <= today) {
    start = next;
    next = addMonths(start, 12 * years);
  }
  return { start, end: addDays(next, -1), requiredHours: t.hoursPerYear * years };
}

const round1 = (x: number) => Math.round((x + Number.EPSILON) * 10) / 10;

export function countdown(cycle: ReturnType<typeof currentCycle>, hoursInCycle: number) {
  if (!cycle) return { hoursLeft: null, endDate: null, userCompliance: null };
  const left = Math.max(0, cycle.requiredHours - hoursInCycle);
  return {
    hoursLeft: round1(left),
    endDate: cycle.end,
    userCompliance:
      cycle.requiredHours > 0 ? Math.min(100, Math.round((hoursInCycle / cycle.requiredHours) * 100)) : 100,
  };
}
