// Deadlines for other modules: each registration's dates for the calendar feed (no totals, only the
// pack and the cycle), its progress on a given day for the daily job's reminders, and a member's
// next deadline and status for the organisation's users report (REQ-REVAL-06..08, ADR 0026).
import type { RevalidationProgress } from "@cpd/contract";
import type pg from "pg";
import { packAndCycleFor } from "./packs.js";
import { registrationsOf } from "./repository.js";
import { progress } from "./service.js";

export interface RegistrationDates {
  /** The regulator and number: stable even when a registration is removed and entered again. */
  key: string;
  regulator: string;
  registrationNumber: string;
  packTitle: string;
  cycleEnd: string;
  deadline: string;
  windowOpens: string | null;
}

/** "NMC-12A3456E": the regulator and the registration number, letters and digits only. */
export const registrationKey = (r: { regulator: string; registrationNumber: string }) =>
  `${r.regulator}-${r.registrationNumber.toUpperCase().replace(/[^A-Z0-9]/g, "")}`;

export async function registrationDates(pool: pg.Pool, userId: string): Promise<RegistrationDates[]> {
  return (await registrationsOf(pool, userId)).map((registration) => {
    const { pack, cycle } = packAndCycleFor(registration);
    return {
      key: registrationKey(registration),
      regulator: registration.regulator,
      registrationNumber: registration.registrationNumber,
      packTitle: pack.title,
      cycleEnd: cycle.cycleEnd,
      deadline: cycle.deadline,
      windowOpens: cycle.windowOpens,
    };
  });
}

/** Every registration's progress for `userId` as of `today` (the daily job's pool and day). */
export async function progressOn(
  pool: pg.Pool,
  userId: string,
  today: string,
): Promise<RevalidationProgress[]> {
  return (await progress({ pool, today: () => today }, userId)).items;
}

export interface NextRevalidation {
  regulator: string;
  deadline: string;
  status: RevalidationProgress["status"];
}

/** The nearest deadline not yet past (else the latest past one) and its status; null with no registration. */
function nextOf(items: readonly RevalidationProgress[], today: string): NextRevalidation | null {
  const byDate = [...items].sort((a, b) => a.deadline.localeCompare(b.deadline));
  const next = byDate.find((p) => p.deadline >= today) ?? byDate.at(-1);
  return next
    ? { regulator: next.registration.regulator, deadline: next.deadline, status: next.status }
    : null;
}

/** `regulator`: only a registration with it counts (the organisation requires it, REQ-REVAL-09). */
export const nextRevalidation = async (
  pool: pg.Pool,
  userId: string,
  today: string,
  regulator: string | null = null,
) =>
  nextOf(
    (await progressOn(pool, userId, today)).filter(
      (p) => regulator === null || p.registration.regulator === regulator,
    ),
    today,
  );
