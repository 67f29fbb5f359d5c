import { api } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import * as calendarEvents from "../modules/calendar/events.js";
import * as calendarFeed from "../modules/calendar/feed.js";
import * as calendarManagement from "../modules/calendar/management.js";
import * as calendarWebinars from "../modules/calendar/webinars.js";
import { define } from "./define.js";
import { feature, organisationSwitch } from "./feature-policy.js";

export function calendarRoutes(app: FastifyInstance, deps: Deps) {
  define(app, deps, api.webinars, {}, ({ caller }) => calendarWebinars.webinars(deps, caller));
  define(app, deps, api.registeredWebinars, {}, ({ caller }) =>
    calendarWebinars.webinars(deps, caller, true),
  );
  define(app, deps, api.registerWebinar, { policy: feature("Webinars") }, ({ caller, params }) =>
    calendarWebinars.registerWebinar(deps, caller, params.webinarIdStr),
  );
  // Managing webinars and events: the service loads the caller's organisation and the
  // item's, and policies/calendar.ts decides (admins any, managers their organisation's).
  define(app, deps, api.createWebinar, {}, ({ caller, body }) =>
    calendarManagement.createWebinar(deps, caller, body),
  );
  define(app, deps, api.updateWebinar, {}, ({ caller, params, body }) =>
    calendarManagement.updateWebinar(deps, caller, params.webinarIdStr, body),
  );
  define(app, deps, api.manageWebinars, {}, ({ caller }) => calendarManagement.manageWebinars(deps, caller));
  // A manager's events need their organisation's Events switch (ADR 0020).
  const events = { policy: organisationSwitch("OrganisationEvents") };
  define(app, deps, api.manageEvents, events, ({ caller }) => calendarManagement.manageEvents(deps, caller));
  define(app, deps, api.deleteWebinar, {}, ({ caller, params }) =>
    calendarManagement.deleteWebinar(deps, caller, params.webinarIdStr),
  );

  define(app, deps, api.calendarEvents, {}, ({ caller, query }) =>
    calendarEvents.events(deps, caller, query),
  );
  define(app, deps, api.calendarEvent, {}, ({ caller, params }) =>
    calendarEvents.event(deps, caller, params.id),
  );
  define(app, deps, api.registerEvent, {}, ({ caller, params }) =>
    calendarEvents.registerEvent(deps, caller, params.id),
  );
  define(app, deps, api.unregisterEvent, {}, ({ caller, params }) =>
    calendarEvents.unregisterEvent(deps, caller, params.id),
  );
  define(app, deps, api.createEvent, events, ({ caller, body }) =>
    calendarManagement.createEvent(deps, caller, body),
  );
  define(app, deps, api.updateEvent, events, ({ caller, params, body }) =>
    calendarManagement.updateEvent(deps, caller, params.id, body),
  );
  define(app, deps, api.deleteEvent, events, ({ caller, params }) =>
    calendarManagement.deleteEvent(deps, caller, params.id),
  );

  define(app, deps, api.plannedCpd, {}, ({ caller }) => calendarFeed.plannedCpd(deps, caller.id));
  define(app, deps, api.calendarFeed, {}, async ({ caller, reply }) => {
    const ics = await calendarFeed.calendarFeed(deps, caller.id);
    reply
      .header("content-type", "text/calendar; charset=utf-8")
      .header("content-disposition", 'attachment; filename="my-cpd.ics"')
      .header("cache-control", "private, no-store");
    return reply.send(ics);
  });
}
