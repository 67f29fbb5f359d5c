// Publishing and managing webinars and events: policies/calendar.ts decides who may (admins
// any, managers their organisation's); who may not manage an item is told it does not exist.
import type { api, BodyOf } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { badRequest, conflict } from "../../lib/errors.js";
import { type Caller, calendar as policy } from "../../policies/index.js";
import { actorOf } from "../account/actor.js";
import { EVENT_NOT_FOUND, toEvent } from "./events.js";
import * as repo from "./repository.js";
import { toWebinar, WEBINAR_NOT_FOUND } from "./webinars.js";

/** A webinar the caller may change; who may not manage it is told it does not exist. */
async function managedWebinar(deps: Deps, caller: Caller, webinarIdStr: string) {
  const w = await repo.webinarByIdStr(deps.prisma, webinarIdStr);
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
  if (await repo.webinarIdStrTaken(deps.prisma, body.webinarIdStr)) {
    throw conflict("A webinar with this identifier already exists", "WEBINAR_EXISTS");
  }
  const w = await repo.createWebinar(
    deps.prisma,
    { webinarIdStr: body.webinarIdStr, ...webinarData(body), organisationId },
    caller.id,
  );
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
  const updated = await repo.updateWebinar(deps.prisma, w.id, webinarData(body), caller.id);
  return toWebinar(updated);
}

export async function deleteWebinar(deps: Deps, caller: Caller, webinarIdStr: string) {
  const w = await managedWebinar(deps, caller, webinarIdStr);
  await repo.deleteWebinar(deps.prisma, w.id);
  return {};
}

/** An event the caller may change; who may not manage it is told it does not exist. */
async function managedEvent(deps: Deps, caller: Caller, id: string) {
  const e = await repo.eventById(deps.prisma, id);
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
  const e = await repo.createEvent(deps.prisma, { ...eventData(body), organisationId }, caller.id);
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
  await repo.updateEvent(deps.prisma, id, eventData(body));
  const updated = await repo.eventForOrThrow(deps.prisma, id, caller.id);
  return toEvent(updated, deps.now());
}

export async function deleteEvent(deps: Deps, caller: Caller, id: string) {
  await managedEvent(deps, caller, id);
  await repo.deleteEvent(deps.prisma, id);
  return {};
}

/** The management screens: what the caller manages, back to a year ago. */
async function managedScope(deps: Deps, caller: Caller) {
  return policy.managementScope(await actorOf(deps, caller));
}

const yearBefore = (now: Date) => new Date(now.getTime() - 365 * 24 * 3600_000);

export async function manageEvents(deps: Deps, caller: Caller) {
  const now = deps.now();
  const rows = await repo.managedEvents(
    deps.prisma,
    await managedScope(deps, caller),
    yearBefore(now),
    caller.id,
  );
  return rows.map((r) => toEvent(r, now));
}

export async function manageWebinars(deps: Deps, caller: Caller) {
  const scope = await managedScope(deps, caller);
  const rows = await repo.managedWebinars(deps.prisma, scope, yearBefore(deps.now()), caller.id);
  return rows.map(toWebinar);
}
