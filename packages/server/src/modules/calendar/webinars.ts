// Webinars as a member sees them: platform-wide and their organisation's, the join link only
// once registered (REQ-CAL-01: only where the feature is on for the user).
import { type api, CALENDAR_MESSAGES as M, type ResponseOf } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { conflict, notFound } from "../../lib/errors.js";
import { type Actor, type Caller, calendar as policy } from "../../policies/index.js";
import { actorOf } from "../account/actor.js";
import { featuresForUser } from "../shell/service.js";
import * as repo from "./repository.js";

type Webinar = ResponseOf<typeof api.webinars>[number];

export const WEBINAR_NOT_FOUND = () => notFound("Webinar not found", "WEBINAR_NOT_FOUND");

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

export const toWebinar = (w: WebinarRow): Webinar => {
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

export async function webinars(deps: Deps, caller: Caller, onlyRegistered = false) {
  const userId = caller.id;
  // Webinars show only where the feature is on for the user (REQ-CAL-01).
  if (!(await featuresForUser(deps, userId)).Webinars) return [];
  const scope = policy.visibleOrganisations(await actorOf(deps, caller));
  const rows = await repo.visibleWebinars(deps.prisma, scope, userId, deps.now(), onlyRegistered);
  return rows.map(toWebinar);
}

async function findWebinar(deps: Deps, actor: Actor, webinarIdStr: string) {
  const w = await repo.webinarFor(deps.prisma, webinarIdStr, actor.id);
  if (!w || !policy.mayView(actor, w)) throw WEBINAR_NOT_FOUND();
  return w;
}

export async function registerWebinar(deps: Deps, caller: Caller, webinarIdStr: string) {
  const actor = await actorOf(deps, caller);
  const w = await findWebinar(deps, actor, webinarIdStr);
  if (w.endDate < deps.now()) throw conflict(M.webinarEnded, "WEBINAR_ENDED");
  await repo.registerForWebinar(deps.prisma, w.id, caller.id);
  return toWebinar(await findWebinar(deps, actor, webinarIdStr));
}
