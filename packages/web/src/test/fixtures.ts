// Records as the API sends them, for tests: each test overrides only what it is about.
import type { CalendarEvent } from "../features/calendar/calendar-model";

/** A platform-wide event with no optional details and nobody registered. */
export const calendarEvent = (over: Partial<CalendarEvent> = {}): CalendarEvent => ({
  id: "e1",
  title: "Major incident training day",
  happensAt: "2026-12-13T09:00:00.000Z",
  endsAt: "2026-12-13T16:30:00.000Z",
  description: "",
  location: null,
  contactName: null,
  contactEmail: null,
  website: null,
  joinEventLink: null,
  registered: false,
  eventFull: false,
  ended: false,
  capacity: 40,
  registrations: 0,
  organisationId: null,
  ...over,
});
