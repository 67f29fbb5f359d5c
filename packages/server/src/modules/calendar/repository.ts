// Every query of the calendar module: webinars, events, their registrations, and the planned
// CPD of the feed (SQL on the shared pg pool). Functions taking `db` accept the client or a
// transaction's.
import type pg from "pg";
import type { Prisma } from "../../generated/prisma/client.js";
import type { calendar as policy } from "../../policies/index.js";

type Client = Prisma.TransactionClient;

/** A policy's organisation scope as a query filter. */
const inScope = (scope: policy.OrganisationScope) =>
  scope === "all" ? {} : { OR: scope.map((organisationId) => ({ organisationId })) };

// ---- webinars ---------------------------------------------------------------------------

/** The caller's own registration, which decides whether the join link shows. */
const mine = (userId: string) => ({ registrations: { where: { userId }, select: { userId: true } } });

type WebinarData = {
  title: string;
  description: string;
  startDate: Date;
  endDate: Date;
  joinLink: string | null;
};

export const visibleWebinars = (
  db: Client,
  scope: policy.OrganisationScope,
  userId: string,
  now: Date,
  onlyRegistered: boolean,
) =>
  db.webinar.findMany({
    where: {
      ...inScope(scope),
      endDate: { gte: now },
      ...(onlyRegistered ? { registrations: { some: { userId } } } : {}),
    },
    orderBy: { startDate: "asc" },
    take: 100,
    include: mine(userId),
  });

export const webinarFor = (db: Client, webinarIdStr: string, userId: string) =>
  db.webinar.findUnique({ where: { webinarIdStr }, include: mine(userId) });

export const webinarByIdStr = (db: Client, webinarIdStr: string) =>
  db.webinar.findUnique({ where: { webinarIdStr } });

export const webinarIdStrTaken = (db: Client, webinarIdStr: string) =>
  db.webinar.count({ where: { webinarIdStr } });

/** Registering twice is registering once. */
export const registerForWebinar = (db: Client, webinarId: string, userId: string) =>
  db.webinarRegistration.upsert({
    where: { webinarId_userId: { webinarId, userId } },
    update: {},
    create: { webinarId, userId },
  });

export const createWebinar = (
  db: Client,
  data: WebinarData & { webinarIdStr: string; organisationId: number | null },
  userId: string,
) =>
  db.webinar.create({
    data,
    include: mine(userId),
  });

export const updateWebinar = (db: Client, id: string, data: WebinarData, userId: string) =>
  db.webinar.update({
    where: { id },
    data,
    include: mine(userId),
  });

export const deleteWebinar = (db: Client, id: string) => db.webinar.delete({ where: { id } });

export const managedWebinars = (db: Client, scope: policy.OrganisationScope, since: Date, userId: string) =>
  db.webinar.findMany({
    where: { ...inScope(scope), endDate: { gte: since } },
    orderBy: { startDate: "desc" },
    take: 500,
    include: mine(userId),
  });

// ---- events -----------------------------------------------------------------------------

/** The caller's own registration and the number taken. */
const withCounts = (userId: string) => ({
  registrations: { where: { userId }, select: { userId: true } },
  _count: { select: { registrations: true } },
});

type EventData = {
  title: string;
  description: string;
  location: string | null;
  contactName: string | null;
  contactEmail: string | null;
  website: string | null;
  joinEventLink: string | null;
  happensAt: Date;
  endsAt: Date;
  capacity: number | null;
};

export const eventFor = (db: Client, id: string, userId: string) =>
  db.calendarEvent.findUnique({ where: { id }, include: withCounts(userId) });

export type EventRow = NonNullable<Awaited<ReturnType<typeof eventFor>>>;

export const eventForOrThrow = (db: Client, id: string, userId: string) =>
  db.calendarEvent.findUniqueOrThrow({
    where: { id },
    include: withCounts(userId),
  });

export const eventById = (db: Client, id: string) => db.calendarEvent.findUnique({ where: { id } });

/** Events overlapping [from, before) that the scope shows. */
export const visibleEvents = (
  db: Client,
  scope: policy.OrganisationScope,
  from: Date,
  before: Date,
  userId: string,
) =>
  db.calendarEvent.findMany({
    where: {
      ...inScope(scope),
      happensAt: { lt: before },
      endsAt: { gte: from },
    },
    orderBy: { happensAt: "asc" },
    take: 500,
    include: withCounts(userId),
  });

/** Locks the event's row for a registration (the capacity check); null when it is gone. */
export async function lockEvent(tx: Client, id: string) {
  const [row] = await tx.$queryRaw<{ capacity: number | null; ends_at: Date }[]>`
      SELECT capacity, ends_at FROM calendar_events WHERE id = ${id}::uuid FOR UPDATE`;
  return row;
}

export const isRegistered = (tx: Client, eventId: string, userId: string) =>
  tx.eventRegistration.count({ where: { eventId, userId } });

export const registrationCount = (tx: Client, eventId: string) =>
  tx.eventRegistration.count({ where: { eventId } });

export const registerForEvent = (tx: Client, eventId: string, userId: string) =>
  tx.eventRegistration.create({ data: { eventId, userId } });

export const unregisterFromEvent = (db: Client, eventId: string, userId: string) =>
  db.eventRegistration.deleteMany({ where: { eventId, userId } });

export const createEvent = (
  db: Client,
  data: EventData & { organisationId: number | null },
  userId: string,
) =>
  db.calendarEvent.create({
    data,
    include: withCounts(userId),
  });

export const updateEvent = (db: Client, id: string, data: EventData) =>
  db.calendarEvent.update({ where: { id }, data });

export const deleteEvent = (db: Client, id: string) => db.calendarEvent.delete({ where: { id } });

export const managedEvents = (db: Client, scope: policy.OrganisationScope, since: Date, userId: string) =>
  db.calendarEvent.findMany({
    where: { ...inScope(scope), endsAt: { gte: since } },
    orderBy: { happensAt: "desc" },
    take: 500,
    include: withCounts(userId),
  });

// ---- the feed ---------------------------------------------------------------------------------

export const registeredEvents = (db: Client, userId: string) =>
  db.calendarEvent.findMany({
    where: { registrations: { some: { userId } } },
    orderBy: { happensAt: "asc" },
    take: 500,
  });

export const registeredWebinars = (db: Client, userId: string) =>
  db.webinar.findMany({
    where: { registrations: { some: { userId } } },
    orderBy: { startDate: "asc" },
    take: 500,
  });

const PLANNED_SQL = `
SELECT id, title, type, greatest(date, reminder_date) AS start_date
  FROM entries
 WHERE user_id = $1 AND type = 'diary' AND (date > $2::date OR reminder_date >= $2::date)
 ORDER BY 4 LIMIT 500`;

export async function plannedRows(pool: pg.Pool, userId: string, today: string) {
  const { rows } = await pool.query<{ id: string; title: string; type: "diary"; start_date: string }>({
    name: "planned-cpd",
    text: PLANNED_SQL,
    values: [userId, today],
  });
  return rows;
}
