// Planned CPD (diary entries dated ahead, or with a reminder) and the iCalendar feed of what
// the user registered for, with their revalidation deadlines and windows (REQ-REVAL-07).
import { REGULATOR_NAMES, type Regulator } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { registrationDates } from "../revalidation/deadlines.js";
import { type IcsEvent, renderIcs } from "./ics.js";
import * as repo from "./repository.js";

export async function plannedCpd(deps: Deps, userId: string) {
  const rows = await repo.plannedRows(deps.pool, userId, deps.today());
  return rows.map((r) => ({
    entryId: r.id,
    entryTitle: r.title,
    entryType: r.type,
    startDate: r.start_date,
  }));
}

/** Days before a revalidation deadline or window opening that calendars alert. */
const REVALIDATION_ALARM_DAYS = [7, 1] as const;

export async function calendarFeed(deps: Deps, userId: string): Promise<string> {
  const host = new URL(deps.config.publicUrl).host;
  const [registeredEvents, registeredWebinars, planned, registrations] = await Promise.all([
    repo.registeredEvents(deps.prisma, userId),
    repo.registeredWebinars(deps.prisma, userId),
    plannedCpd(deps, userId),
    registrationDates(deps.pool, userId),
  ]);
  const revalidationUrl = `${deps.config.publicUrl}/revalidation`;
  const items: IcsEvent[] = [
    ...registeredEvents.map((e) => ({
      uid: `event-${e.id}@${host}`,
      summary: e.title,
      description: e.description,
      location: e.location,
      url: e.joinEventLink ?? e.website,
      start: e.happensAt,
      end: e.endsAt,
    })),
    ...registeredWebinars.map((w) => ({
      uid: `webinar-${w.id}@${host}`,
      summary: `Webinar: ${w.title}`,
      description: w.description,
      url: w.joinLink,
      start: w.startDate,
      end: w.endDate,
    })),
    ...planned.map((p) => ({
      uid: `planned-${p.entryId}@${host}`,
      summary: `Planned CPD: ${p.entryTitle}`,
      date: p.startDate,
    })),
    // All-day, with alarms a week and a day before; the UID names the registration and the cycle.
    ...registrations.flatMap((r) => {
      const who = `${r.regulator === "OTHER" ? "CPD" : r.regulator} ${r.registrationNumber}`;
      const about = `${REGULATOR_NAMES[r.regulator as Regulator] ?? r.regulator}: ${r.packTitle}`;
      const uid = (what: string) => `revalidation-${r.key}-${r.cycleEnd}-${what}@${host}`;
      const events: IcsEvent[] = [
        {
          uid: uid("deadline"),
          summary: `Revalidation due: ${who}`,
          description: about,
          url: revalidationUrl,
          date: r.deadline,
          alarmDays: REVALIDATION_ALARM_DAYS,
        },
      ];
      if (r.windowOpens)
        events.push({
          uid: uid("window"),
          summary: `Revalidation window opens: ${who}`,
          description: about,
          url: revalidationUrl,
          date: r.windowOpens,
          alarmDays: REVALIDATION_ALARM_DAYS,
        });
      return events;
    }),
  ];
  return renderIcs(items, deps.now());
}
