// DiaryReminderDate is pre-set by the recurrence offset in months, never in the past (REQ-ENTRY-05).
import { addMonths, RECURRENCE_OPTIONS } from "@cpd/contract";
import { now } from "../../lib/clock";

export const recurrenceLabel = (months: string | number) =>
  RECURRENCE_OPTIONS.find((o) => o.months === Number(months))?.label ?? String(months);

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
