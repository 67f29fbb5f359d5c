// Webinars, events, planned CPD and the iCalendar feed. A user sees what is
// platform-wide and what their organisation publishes; join links only once registered.
import { type api, type BodyOf, CALENDAR_MESSAGES as M, type ResponseOf } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { addDays, addMonths } from "../../lib/dates.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { type Actor, type Caller, calendar as policy } from "../../policies/index.js";
import { actorOf } from "../account/actor.js";
import { featuresForUser } from "../shell/service.js";
import { type IcsEvent, renderIcs } from "./ics.js";

type Event = ResponseOf<typeof api.calendarEvent>;
type Webinar = ResponseOf<typeof api.webinars>[number];

/** A policy's organisation scope as a query filter. */
const inScope = (scope: policy.OrganisationScope) =>
  scope === "all" ? {} : { OR: scope.map((organisationId) => ({ organisationId })) };

const WEBINAR_NOT_FOUND = () => notFound("Webinar not found", "WEBINAR_NOT_FOUND");
const EVENT_NOT_FOUND = () => notFound("Event not found", "EVENT_NOT_FOUND");

// ---- webinars ---------------------------------------------------------------------------

type WebinarRow = {
  id: string;
  webinarIdStr: string;
  title: string;
  description: string;
  startDate: Date;
  endDate: Date;
  joinLink: string | null;
  organisationId: number | null;
  registrations: { userId: string }[];
};

const toWebinar = (w: WebinarRow): Webinar => {
  const registered = w.registrations.length > 0;
  return {
    id: w.id,
    webinarId: w.id,
    webinarIdStr: w.webinarIdStr,
    title: w.title,
    webinarDescription: w.description,
    startDate: w.startDate.toISOString(),
    endDate: w.endDate.toISOString(),
    registered,
    joinLink: registered ? w.joinLink : null,
    organisationId: w.organisationId,
  };
};

const mine = (userId: string) => ({ registrations: { where: { userId }, select: { userId: true } } });

export async function webinars(deps: Deps, caller: Caller, onlyRegistered = false) {
  const userId = caller.id;
  // Webinars show only where the feature is on for the user (spec 1 §2).
  if (!(await featuresForUser(deps, userId)).Webinars) return [];
  const rows = await deps.prisma.webinar.findMany({
    where: {
      ...inScope(policy.visibleOrganisations(await actorOf(deps, caller))),
      endDate: { gte: deps.now() },
      ...(onlyRegistered ? { registrations: { some: { userId } } } : {}),
    },
    orderBy: { startDate: "asc" },
    take: 100,
    include: mine(userId),
  });
  return rows.map(toWebinar);
}

async function findWebinar(deps: Deps, actor: Actor, webinarIdStr: string) {
  const w = await deps.prisma.webinar.findUnique({ where: { webinarIdStr }, include: mine(actor.id) });
  if (!w || !policy.mayView(actor, w)) throw WEBINAR_NOT_FOUND();
  return w;
}

export async function registerWebinar(deps: Deps, caller: Caller, webinarIdStr: string) {
  const actor = await actorOf(deps, caller);
  const w = await findWebinar(deps, actor, webinarIdStr);
  if (w.endDate < deps.now()) throw conflict(M.webinarEnded, "WEBINAR_ENDED");
  await deps.prisma.webinarRegistration.upsert({
    where: { webinarId_userId: { webinarId: w.id, userId: caller.id } },
    update: {},
    create: { webinarId: w.id, userId: caller.id },
  });
  return toWebinar(await findWebinar(deps, actor, webinarIdStr));
}

/** A webinar the caller may change; who may not manage it is told it does not exist. */
async function managedWebinar(deps: Deps, caller: Caller, webinarIdStr: string) {
  const w = await deps.prisma.webinar.findUnique({ where: { webinarIdStr } });
  if (!w || !policy.mayManage(await actorOf(deps, caller), w)) throw WEBINAR_NOT_FOUND();
  return w;
}

const checkTimes = (start: string, end: string) => {
  if (new Date(end) <= new Date(start)) throw badRequest("The end must be after the start", "TIMES_ORDER");
};

const webinarData = (body: BodyOf<typeof api.createWebinar>) => ({
  title: body.title.trim(),
  description: body.webinarDescription,
  startDate: new Date(body.startDate),
  endDate: new Date(body.endDate),
  joinLink: body.joinLink ?? null,
});

export async function createWebinar(deps: Deps, caller: Caller, body: BodyOf<typeof api.createWebinar>) {
  checkTimes(body.startDate, body.endDate);
  const organisationId = policy.publishingOrganisation(await actorOf(deps, caller), body.organisationId);
  if (await deps.prisma.webinar.count({ where: { webinarIdStr: body.webinarIdStr } })) {
    throw conflict("A webinar with this identifier already exists", "WEBINAR_EXISTS");
  }
  const w = await deps.prisma.webinar.create({
    data: { webinarIdStr: body.webinarIdStr, ...webinarData(body), organisationId },
    include: mine(caller.id),
  });
  return toWebinar(w);
}

export async function updateWebinar(
  deps: Deps,
  caller: Caller,
  webinarIdStr: string,
  body: BodyOf<typeof api.updateWebinar>,
) {
  checkTimes(body.startDate, body.endDate);
  const w = await managedWebinar(deps, caller, webinarIdStr);
  const updated = await deps.prisma.webinar.update({
    where: { id: w.id },
    data: webinarData(body),
    include: mine(caller.id),
  });
  return toWebinar(updated);
}

export async function deleteWebinar(deps: Deps, caller: Caller, webinarIdStr: string) {
  const w = await managedWebinar(deps, caller, webinarIdStr);
  await deps.prisma.webinar.delete({ where: { id: w.id } });
  return {};
}

// ---- events -----------------------------------------------------------------------------

const withCounts = (userId: string) => ({
  registrations: { where: { userId }, select: { userId: true } },
  _count: { select: { registrations: true } },
});

type EventRow = Awaited<ReturnType<typeof loadEvent>>;

const toEvent = (e: NonNullable<EventRow>, now: Date): Event => {
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

async function loadEvent(deps: Deps, userId: string, id: string) {
  return deps.prisma.calendarEvent.findUnique({ where: { id }, include: withCounts(userId) });
}

/** An event the caller can see; others' organisations' events are not found. */
async function visibleEvent(deps: Deps, caller: Caller, id: string) {
  const e = await loadEvent(deps, caller.id, id);
  if (!e || !policy.mayView(await actorOf(deps, caller), e)) throw EVENT_NOT_FOUND();
  return e;
}

export async function events(deps: Deps, caller: Caller, range: { from?: string; to?: string }) {
  const today = deps.today();
  const from = range.from ?? addMonths(today, -1);
  const to = range.to ?? addMonths(today, 6);
  if (from > to) throw badRequest("The start date must be on or before the end date", "RANGE_ORDER");
  const rows = await deps.prisma.calendarEvent.findMany({
    where: {
      ...inScope(policy.visibleOrganisations(await actorOf(deps, caller))),
      happensAt: { lt: new Date(`${addDays(to, 1)}T00:00:00Z`) },
      endsAt: { gte: new Date(`${from}T00:00:00Z`) },
    },
    orderBy: { happensAt: "asc" },
    take: 500,
    include: withCounts(caller.id),
  });
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
    const [row] = await tx.$queryRaw<{ capacity: number | null; ends_at: Date }[]>`
      SELECT capacity, ends_at FROM calendar_events WHERE id = ${id}::uuid FOR UPDATE`;
    if (!row) throw EVENT_NOT_FOUND();
    if (row.ends_at < deps.now()) throw conflict(M.eventEnded, "EVENT_ENDED");
    const already = await tx.eventRegistration.count({ where: { eventId: id, userId } });
    if (already) return;
    const taken = await tx.eventRegistration.count({ where: { eventId: id } });
    if (row.capacity !== null && taken >= row.capacity) throw conflict(M.eventFull, "EVENT_FULL");
    await tx.eventRegistration.create({ data: { eventId: id, userId } });
  });
  return event(deps, caller, id);
}

export async function unregisterEvent(deps: Deps, caller: Caller, id: string) {
  const e = await visibleEvent(deps, caller, id);
  if (e.endsAt < deps.now()) throw conflict(M.eventEnded, "EVENT_ENDED");
  await deps.prisma.eventRegistration.deleteMany({ where: { eventId: id, userId: caller.id } });
  return event(deps, caller, id);
}

/** An event the caller may change; who may not manage it is told it does not exist. */
async function managedEvent(deps: Deps, caller: Caller, id: string) {
  const e = await deps.prisma.calendarEvent.findUnique({ where: { id } });
  if (!e || !policy.mayManage(await actorOf(deps, caller), e)) throw EVENT_NOT_FOUND();
  return e;
}

const eventData = (body: BodyOf<typeof api.createEvent>) => ({
  title: body.title.trim(),
  description: body.description,
  location: body.location ?? null,
  contactName: body.contactName ?? null,
  contactEmail: body.contactEmail ?? null,
  website: body.website ?? null,
  joinEventLink: body.joinEventLink ?? null,
  happensAt: new Date(body.happensAt),
  endsAt: new Date(body.endsAt),
  capacity: body.capacity ?? null,
});

export async function createEvent(deps: Deps, caller: Caller, body: BodyOf<typeof api.createEvent>) {
  checkTimes(body.happensAt, body.endsAt);
  const organisationId = policy.publishingOrganisation(await actorOf(deps, caller), body.organisationId);
  const e = await deps.prisma.calendarEvent.create({
    data: { ...eventData(body), organisationId },
    include: withCounts(caller.id),
  });
  return toEvent(e, deps.now());
}

export async function updateEvent(
  deps: Deps,
  caller: Caller,
  id: string,
  body: BodyOf<typeof api.updateEvent>,
) {
  checkTimes(body.happensAt, body.endsAt);
  await managedEvent(deps, caller, id);
  await deps.prisma.calendarEvent.update({ where: { id }, data: eventData(body) });
  const updated = await deps.prisma.calendarEvent.findUniqueOrThrow({
    where: { id },
    include: withCounts(caller.id),
  });
  return toEvent(updated, deps.now());
}

export async function deleteEvent(deps: Deps, caller: Caller, id: string) {
  await managedEvent(deps, caller, id);
  await deps.prisma.calendarEvent.delete({ where: { id } });
  return {};
}

/** The management screens: what the caller manages, back to a year ago. */
async function managedScope(deps: Deps, caller: Caller) {
  return inScope(policy.managementScope(await actorOf(deps, caller)));
}

const yearBefore = (now: Date) => new Date(now.getTime() - 365 * 24 * 3600_000);

export async function manageEvents(deps: Deps, caller: Caller) {
  const now = deps.now();
  const rows = await deps.prisma.calendarEvent.findMany({
    where: { ...(await managedScope(deps, caller)), endsAt: { gte: yearBefore(now) } },
    orderBy: { happensAt: "desc" },
    take: 500,
    include: withCounts(caller.id),
  });
  return rows.map((r) => toEvent(r, now));
}

export async function manageWebinars(deps: Deps, caller: Caller) {
  const rows = await deps.prisma.webinar.findMany({
    where: { ...(await managedScope(deps, caller)), endDate: { gte: yearBefore(deps.now()) } },
    orderBy: { startDate: "desc" },
    take: 500,
    include: mine(caller.id),
  });
  return rows.map(toWebinar);
}

// ---- planned CPD and the feed -----------------------------------------------------------------

export const PLANNED_SQL = `
SELECT id, title, type, greatest(date, reminder_date) AS start_date
  FROM entries
 WHERE user_id = $1 AND type = 'diary' AND (date > $2::date OR reminder_date >= $2::date)
 ORDER BY 4 LIMIT 500`;

export async function plannedCpd(deps: Deps, userId: string) {
  const { rows } = await deps.pool.query<{ id: string; title: string; type: "diary"; start_date: string }>({
    name: "planned-cpd",
    text: PLANNED_SQL,
    values: [userId, deps.today()],
  });
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
    deps.prisma.calendarEvent.findMany({
      where: { registrations: { some: { userId } } },
      orderBy: { happensAt: "asc" },
      take: 500,
    }),
    deps.prisma.webinar.findMany({
      where: { registrations: { some: { userId } } },
      orderBy: { startDate: "asc" },
      take: 500,
    }),
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
