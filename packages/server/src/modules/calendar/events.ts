// Events as a member sees them, and registering for one: capacity is checked under the
// event's row lock, so the last seat cannot be taken twice.
import { type api, CALENDAR_MESSAGES as M, type ResponseOf } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { addDays, addMonths } from "../../lib/dates.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { type Caller, calendar as policy } from "../../policies/index.js";
import { actorOf } from "../account/actor.js";
import * as repo from "./repository.js";

type Event = ResponseOf<typeof api.calendarEvent>;

export const EVENT_NOT_FOUND = () => notFound("Event not found", "EVENT_NOT_FOUND");

export const toEvent = (e: repo.EventRow, now: Date): Event => {
  const registered = e.registrations.length > 0;
  const count = e._count.registrations;
  return {
    id: e.id,
    title: e.title,
    happensAt: e.happensAt.toISOString(),
    endsAt: e.endsAt.toISOString(),
    description: e.description,
    location: e.location,
    contactName: e.contactName,
    contactEmail: e.contactEmail,
    website: e.website,
    joinEventLink: registered ? e.joinEventLink : null,
    registered,
    eventFull: e.capacity !== null && count >= e.capacity,
    ended: e.endsAt < now,
    capacity: e.capacity,
    registrations: count,
    organisationId: e.organisationId,
  };
};

/** An event the caller can see; others' organisations' events are not found. */
async function visibleEvent(deps: Deps, caller: Caller, id: string) {
  const e = await repo.eventFor(deps.prisma, id, caller.id);
  if (!e || !policy.mayView(await actorOf(deps, caller), e)) throw EVENT_NOT_FOUND();
  return e;
}

export async function events(deps: Deps, caller: Caller, range: { from?: string; to?: string }) {
  const today = deps.today();
  const from = range.from ?? addMonths(today, -1);
  const to = range.to ?? addMonths(today, 6);
  if (from > to) throw badRequest("The start date must be on or before the end date", "RANGE_ORDER");
  const rows = await repo.visibleEvents(
    deps.prisma,
    policy.visibleOrganisations(await actorOf(deps, caller)),
    new Date(`${from}T00:00:00Z`),
    new Date(`${addDays(to, 1)}T00:00:00Z`),
    caller.id,
  );
  const now = deps.now();
  return rows.map((r) => toEvent(r, now));
}

export async function event(deps: Deps, caller: Caller, id: string) {
  return toEvent(await visibleEvent(deps, caller, id), deps.now());
}

/** Capacity is checked under a row lock, so the last seat cannot be taken twice. */
export async function registerEvent(deps: Deps, caller: Caller, id: string) {
  const userId = caller.id;
  await visibleEvent(deps, caller, id);
  await deps.prisma.$transaction(async (tx) => {
    const row = await repo.lockEvent(tx, id);
    if (!row) throw EVENT_NOT_FOUND();
    if (row.ends_at < deps.now()) throw conflict(M.eventEnded, "EVENT_ENDED");
    const already = await repo.isRegistered(tx, id, userId);
    if (already) return;
    const taken = await repo.registrationCount(tx, id);
    if (row.capacity !== null && taken >= row.capacity) throw conflict(M.eventFull, "EVENT_FULL");
    await repo.registerForEvent(tx, id, userId);
  });
  return event(deps, caller, id);
}

export async function unregisterEvent(deps: Deps, caller: Caller, id: string) {
  const e = await visibleEvent(deps, caller, id);
  if (e.endsAt < deps.now()) throw conflict(M.eventEnded, "EVENT_ENDED");
  await repo.unregisterFromEvent(deps.prisma, id, caller.id);
  return event(deps, caller, id);
}
