// The dates of a chosen deletion (REQ-ACCOUNT-01) and of automatic deletion (REQ-ACCOUNT-02), as pure functions of London's today.
import { LIFECYCLE } from "@cpd/contract";
import { addDays, type IsoDate } from "../../lib/dates.js";

/** The dates a user may choose: today + delay + 1 day, for each offered delay. */
export const deletionDates = (today: IsoDate): IsoDate[] =>
  LIFECYCLE.deletionDelays.map((delay) => addDays(today, delay + 1));

export const isDeletionDate = (today: IsoDate, date: IsoDate) => deletionDates(today).includes(date);

export interface AutoDeletionFacts {
  today: IsoDate;
  /** When the rules (trial, lapsed membership, legacy account) say the account goes. */
  deletionDate: IsoDate;
  /** The first warning for this deletion date went out. */
  warnedFirst: boolean;
  /** London day the last warning for this deletion date went out; null when it has not. */
  warnedLastOn: IsoDate | null;
}

export type AutoDeletionStep =
  | { kind: "none" }
  | { kind: "warn"; notice: "deletion-30" | "deletion-7"; deletesOn: IsoDate }
  | { kind: "delete" };

const [FIRST_WARNING, LAST_WARNING] = LIFECYCLE.deletionWarningDays;
export const NOTICE_FIRST = `deletion-${FIRST_WARNING}` as const;
export const NOTICE_LAST = `deletion-${LAST_WARNING}` as const;

/**
 * What the daily job does next for an account due for automatic deletion: never delete without
 * warning. The first warning goes 30 days before the date, the last 7 days before; an account is
 * deleted only on or after its date AND once its last warning is 7 days old. A date already near
 * or past (a legacy account's fixed date, a job that did not run) gets the last warning now, which
 * names the real day: 7 days on. One step a run.
 */
export function autoDeletionStep(f: AutoDeletionFacts): AutoDeletionStep {
  if (f.warnedLastOn !== null) {
    const warnedLongEnough = f.warnedLastOn <= addDays(f.today, -LAST_WARNING);
    return f.today >= f.deletionDate && warnedLongEnough ? { kind: "delete" } : { kind: "none" };
  }
  if (f.today >= addDays(f.deletionDate, -LAST_WARNING)) {
    // ISO dates sort as text: the later of the rules' date and 7 days from now.
    const [, deletesOn] = [f.deletionDate, addDays(f.today, LAST_WARNING)].sort() as [IsoDate, IsoDate];
    return { kind: "warn", notice: NOTICE_LAST, deletesOn };
  }
  if (!f.warnedFirst && f.today >= addDays(f.deletionDate, -FIRST_WARNING)) {
    return { kind: "warn", notice: NOTICE_FIRST, deletesOn: f.deletionDate };
  }
  return { kind: "none" };
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysFrom = (from: IsoDate, to: IsoDate) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The reminder due for a date `daysLeft` days away, among `offsets` (days before it): the nearest
 * offset at or beyond `daysLeft`, so a run that was missed sends the one it passed over and never
 * an earlier one; null when the date is past or further than every offset. Each is sent once (the
 * notice's kind names the offset).
 */
export function reminderOffset(daysLeft: number, offsets: readonly number[]): number | null {
  if (daysLeft < 0) return null;
  const due = offsets.filter((o) => o >= daysLeft);
  return due.length ? Math.min(...due) : null;
}
