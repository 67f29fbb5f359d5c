import { Type } from "@sinclair/typebox";
import { Empty, endpoint, IsoDate, IsoDateTime, Nullable } from "./endpoint.js";
import { EntryTypeSchema } from "./entries.js";
import { Email, HttpUrl, IdParams, SerialId, Text } from "./primitives.js";

const tags = ["calendar"];

export const CALENDAR_MESSAGES = {
  eventFull: "This event is full",
  eventEnded: "This event has ended",
  webinarEnded: "This webinar has ended",
} as const;

export const Webinar = Type.Object({
  id: Text(),
  webinarId: Text(),
  webinarIdStr: Text(),
  title: Text(),
  webinarDescription: Text(),
  startDate: IsoDateTime,
  endDate: IsoDateTime,
  registered: Type.Boolean(),
  /** Shown to registered users only. */
  joinLink: Nullable(Text()),
  organisationId: Nullable(Type.Integer()),
});

export const webinars = endpoint({
  method: "GET",
  path: "/webinars",
  summary: "Upcoming webinars (at most 100, soonest first)",
  tags: ["webinars"],
  auth: true,
  response: Type.Array(Webinar),
});

export const registeredWebinars = endpoint({
  method: "GET",
  path: "/webinars/registered",
  summary: "The user's upcoming registered webinars",
  tags: ["webinars"],
  auth: true,
  response: Type.Array(Webinar),
});

export const manageWebinars = endpoint({
  method: "GET",
  path: "/webinars/manage",
  summary:
    "Webinars the caller manages (Admin: all; Organisation-Manager: theirs and platform-wide), past year onwards",
  tags: ["webinars"],
  auth: true,
  response: Type.Array(Webinar),
});

export const registerWebinar = endpoint({
  method: "POST",
  path: "/webinars/:webinarIdStr/register",
  summary: "Register for a webinar (repeating changes nothing)",
  tags: ["webinars"],
  auth: true,
  params: Type.Object({ webinarIdStr: Text({ minLength: 1, maxLength: 100 }) }),
  response: Webinar,
});

const WebinarInput = Type.Object({
  webinarIdStr: Text({ minLength: 3, maxLength: 100, pattern: "^[a-z0-9-]+$" }),
  title: Text({ minLength: 1, maxLength: 200 }),
  webinarDescription: Text({ maxLength: 5000 }),
  startDate: IsoDateTime,
  endDate: IsoDateTime,
  joinLink: Type.Optional(Nullable(HttpUrl())),
  /** Admins may publish platform-wide (null); managers publish for their organisation. */
  organisationId: Type.Optional(Nullable(SerialId())),
});

export const createWebinar = endpoint({
  method: "POST",
  path: "/webinars",
  summary: "Create a webinar (Admin, or Organisation-Manager for their organisation)",
  tags: ["webinars"],
  auth: true,
  body: WebinarInput,
  response: Webinar,
});

export const updateWebinar = endpoint({
  method: "PUT",
  path: "/webinars/:webinarIdStr",
  summary: "Edit a webinar",
  tags: ["webinars"],
  auth: true,
  params: Type.Object({ webinarIdStr: Text({ minLength: 1, maxLength: 100 }) }),
  body: WebinarInput,
  response: Webinar,
});

export const deleteWebinar = endpoint({
  method: "DELETE",
  path: "/webinars/:webinarIdStr",
  summary: "Delete a webinar",
  tags: ["webinars"],
  auth: true,
  params: Type.Object({ webinarIdStr: Text({ minLength: 1, maxLength: 100 }) }),
  response: Empty,
});

export const CalendarEvent = Type.Object({
  id: Text(),
  title: Text(),
  happensAt: IsoDateTime,
  endsAt: IsoDateTime,
  description: Text(),
  location: Nullable(Text()),
  contactName: Nullable(Text()),
  contactEmail: Nullable(Text()),
  website: Nullable(Text()),
  /** Shown to registered users only. */
  joinEventLink: Nullable(Text()),
  registered: Type.Boolean(),
  eventFull: Type.Boolean(),
  ended: Type.Boolean(),
  capacity: Nullable(Type.Integer()),
  registrations: Type.Integer(),
  organisationId: Nullable(Type.Integer()),
});

export const calendarEvents = endpoint({
  method: "GET",
  path: "/calendar/events",
  summary: "Events between from and to (default: the last month to six months ahead)",
  tags,
  auth: true,
  query: Type.Object({ from: Type.Optional(IsoDate), to: Type.Optional(IsoDate) }),
  response: Type.Array(CalendarEvent),
});

export const manageEvents = endpoint({
  method: "GET",
  path: "/calendar/events/manage",
  summary:
    "Events the caller manages (Admin: all; Organisation-Manager: theirs and platform-wide), past year onwards",
  tags,
  auth: true,
  response: Type.Array(CalendarEvent),
});

export const calendarEvent = endpoint({
  method: "GET",
  path: "/calendar/events/:id",
  summary: "One event",
  tags,
  auth: true,
  params: IdParams,
  response: CalendarEvent,
});

export const registerEvent = endpoint({
  method: "POST",
  path: "/calendar/events/:id/register",
  summary: "Register for an event (refused when full or ended)",
  tags,
  auth: true,
  params: IdParams,
  response: CalendarEvent,
});

export const unregisterEvent = endpoint({
  method: "POST",
  path: "/calendar/events/:id/unregister",
  summary: "Cancel a registration",
  tags,
  auth: true,
  params: IdParams,
  response: CalendarEvent,
});

const EventInput = Type.Object({
  title: Text({ minLength: 1, maxLength: 200 }),
  description: Text({ maxLength: 5000 }),
  location: Type.Optional(Nullable(Text({ maxLength: 300 }))),
  contactName: Type.Optional(Nullable(Text({ maxLength: 200 }))),
  contactEmail: Type.Optional(Nullable(Email({ minLength: 0 }))),
  website: Type.Optional(Nullable(HttpUrl())),
  joinEventLink: Type.Optional(Nullable(HttpUrl())),
  happensAt: IsoDateTime,
  endsAt: IsoDateTime,
  capacity: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 100_000 }))),
  organisationId: Type.Optional(Nullable(SerialId())),
});

export const createEvent = endpoint({
  method: "POST",
  path: "/calendar/events",
  summary: "Create an event (Admin, or Organisation-Manager for their organisation)",
  tags,
  auth: true,
  body: EventInput,
  response: CalendarEvent,
});

export const updateEvent = endpoint({
  method: "PUT",
  path: "/calendar/events/:id",
  summary: "Edit an event",
  tags,
  auth: true,
  params: IdParams,
  body: EventInput,
  response: CalendarEvent,
});

export const deleteEvent = endpoint({
  method: "DELETE",
  path: "/calendar/events/:id",
  summary: "Delete an event",
  tags,
  auth: true,
  params: IdParams,
  response: Empty,
});

export const plannedCpd = endpoint({
  method: "GET",
  path: "/planned-cpd",
  summary: "Diary entries dated in the future and reminders due",
  tags,
  auth: true,
  response: Type.Array(
    Type.Object({
      entryId: Text(),
      entryTitle: Text(),
      entryType: EntryTypeSchema,
      startDate: IsoDate,
    }),
  ),
});

export const calendarFeed = endpoint({
  method: "GET",
  path: "/calendar/ics",
  summary:
    "iCalendar file of registered events and webinars, planned CPD and revalidation deadlines (Europe/London); ?auth_token= allowed",
  tags,
  auth: true,
  query: Type.Object({ auth_token: Type.Optional(Text()) }),
  response: Type.Any(),
  binary: true,
  produces: ["text/calendar"],
});
