// Planned CPD (diary entries dated ahead, or with a reminder) and the iCalendar feed of what
// the user registered for.
import type { Deps } from "../../deps.js";
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

export async function calendarFeed(deps: Deps, userId: string): Promise<string> {
  const host = new URL(deps.config.publicUrl).host;
  const [registeredEvents, registeredWebinars, planned] = await Promise.all([
    repo.registeredEvents(deps.prisma, userId),
    repo.registeredWebinars(deps.prisma, userId),
    plannedCpd(deps, userId),
  ]);
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
  ];
  return renderIcs(items, deps.now());
}
