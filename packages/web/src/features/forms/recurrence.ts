// DiaryReminderDate is pre-set by the recurrence offset in months (spec 2 §2), never in the past (§5).
import { RECURRENCE_OPTIONS } from "@cpd/contract";
import { now } from "../../lib/clock";

export const recurrenceLabel = (months: string | number) =>
  RECURRENCE_OPTIONS.find((o) => o.months === Number(months))?.label ?? String(months);

/** Adds months to an ISO date, keeping the day within the target month (31 Jan + 1 = 28/29 Feb). */
export function addMonths(iso: string, months: number): string {
  const [y = 1970, m = 1, d = 1] = iso.split("-").map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

/**
 * The reminder date for a recurrence: the activity date (or today) plus the offset,
 * moved on by further offsets until it is not in the past.
 */
export function reminderDate(months: number, base: string | null | undefined, today: string): string {
  const start = base && /^\d{4}-\d{2}-\d{2}$/.test(base) ? base : today;
  let n = 1;
  let next = addMonths(start, months);
  while (next < today && n < 1000) {
    n += 1;
    next = addMonths(start, months * n);
  }
  return next;
}

/** Today in Europe/London as YYYY-MM-DD. */
export function todayIso(at: Date = now()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(at);
}
