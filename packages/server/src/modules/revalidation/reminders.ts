// Revalidation deadline reminders (REQ-REVAL-06), for the daily account job
// (modules/account-deletion/lifecycle.ts): each registration's progress as of a London day, the
// reminder due for it, and the e-mail naming what is short, rendered when it is sent.
import { REGULATOR_NAMES, REVALIDATION, type RevalidationProgress } from "@cpd/contract";
import type pg from "pg";
import { reminderOffset } from "../account-deletion/rules.js";
import { progressOn, registrationKey } from "./deadlines.js";

/** The requirements not met yet. */
const shortRequirements = (p: RevalidationProgress) => p.requirements.filter((r) => !r.met);

/**
 * The reminder a registration is due on `today`'s progress: reminders on, a requirement short and the
 * deadline at (or, after a missed run, just inside) one of REVALIDATION.reminderDays; null otherwise.
 * The key names the registration by regulator and number, which outlive the row's id (a registration
 * removed and entered again is a new row), the offset; the notice's due date is the deadline.
 */
export function deadlineReminder(p: RevalidationProgress): { kind: string; offset: number } | null {
  if (!p.registration.reminders || shortRequirements(p).length === 0) return null;
  const offset = reminderOffset(p.daysToDeadline, REVALIDATION.reminderDays);
  if (offset === null) return null;
  return { kind: `revalidation:${registrationKey(p.registration)}:${offset}`, offset };
}

/** The e-mail's facts as of `asOf`; null when the registration or its shortfall is gone, or its deadline moved. */
export async function reminderFacts(
  pool: pg.Pool,
  n: { userId: string; registrationId: string; deadline: string; asOf: string },
) {
  const p = (await progressOn(pool, n.userId, n.asOf)).find((x) => x.registration.id === n.registrationId);
  if (!p || p.deadline !== n.deadline || !p.registration.reminders) return null;
  const short = shortRequirements(p);
  if (short.length === 0) return null;
  return {
    regulator: p.registration.regulator === "OTHER" ? "CPD" : p.registration.regulator,
    regulatorName:
      p.registration.regulator === "OTHER" ? "your own target" : REGULATOR_NAMES[p.registration.regulator],
    registrationNumber: p.registration.registrationNumber,
    deadline: p.deadline,
    daysToDeadline: p.daysToDeadline,
    short: short.map((r) => ({
      title: r.title,
      metric: r.metric,
      target: r.target,
      done: r.done,
      missing: r.missing,
    })),
  };
}
