import { api } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import * as calendar from "../modules/calendar/service.js";
import { feature } from "../policies/index.js";
import { define } from "./define.js";

export function calendarRoutes(app: FastifyInstance, deps: Deps) {
  define(app, deps, api.webinars, {}, ({ caller }) => calendar.webinars(deps, caller));
  define(app, deps, api.registeredWebinars, {}, ({ caller }) => calendar.webinars(deps, caller, true));
  define(app, deps, api.registerWebinar, { policy: feature("Webinars") }, ({ caller, params }) =>
    calendar.registerWebinar(deps, caller, params.webinarIdStr),
  );
  // Managing webinars and events: the service loads the caller's organisation and the
  // item's, and policies/calendar.ts decides (admins any, managers their organisation's).
  define(app, deps, api.createWebinar, {}, ({ caller, body }) => calendar.createWebinar(deps, caller, body));
  define(app, deps, api.updateWebinar, {}, ({ caller, params, body }) =>
    calendar.updateWebinar(deps, caller, params.webinarIdStr, body),
  );
  define(app, deps, api.manageWebinars, {}, ({ caller }) => calendar.manageWebinars(deps, caller));
  define(app, deps, api.manageEvents, {}, ({ caller }) => calendar.manageEvents(deps, caller));
  define(app, deps, api.deleteWebinar, {}, ({ caller, params }) =>
    calendar.deleteWebinar(deps, caller, params.webinarIdStr),
  );

  define(app, deps, api.calendarEvents, {}, ({ caller, query }) => calendar.events(deps, caller, query));
  define(app, deps, api.calendarEvent, {}, ({ caller, params }) => calendar.event(deps, caller, params.id));
  define(app, deps, api.registerEvent, {}, ({ caller, params }) =>
    calendar.registerEvent(deps, caller, params.id),
  );
  define(app, deps, api.unregisterEvent, {}, ({ caller, params }) =>
    calendar.unregisterEvent(deps, caller, params.id),
  );
  define(app, deps, api.createEvent, {}, ({ caller, body }) => calendar.createEvent(deps, caller, body));
  define(app, deps, api.updateEvent, {}, ({ caller, params, body }) =>
    calendar.updateEvent(deps, caller, params.id, body),
  );
  define(app, deps, api.deleteEvent, {}, ({ caller, params }) =>
    calendar.deleteEvent(deps, caller, params.id),
  );

  define(app, deps, api.plannedCpd, {}, ({ caller }) => calendar.plannedCpd(deps, caller.id));
  define(app, deps, api.calendarFeed, {}, async ({ caller, reply }) => {
    const ics = await calendar.calendarFeed(deps, caller.id);
    reply
      .header("content-type", "text/calendar; charset=utf-8")
      .header("content-disposition", 'attachment; filename="my-cpd.ics"')
      .header("cache-control", "private, no-store");
    return reply.send(ics);
  });
}
