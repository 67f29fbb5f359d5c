// Records as the API sends them, for tests: each test overrides only what it is about.
import type { CalendarEvent } from "../features/calendar/calendar-model";
import type { Form, FormItem, FormPage } from "../features/forms/form-model";

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

/** A form item with no value yet. */
export const formItem = (
  identifier: string,
  title: string,
  type: number,
  required = false,
  extra: Partial<FormItem> = {},
): FormItem => ({ identifier, title, type, required, value: null, ...extra });

/** A plain page (not a repeater, always shown unless `extra` says otherwise). */
export const formPage = (title: string, items: FormItem[], extra: Partial<FormPage> = {}): FormPage => ({
  title,
  items,
  repeater: false,
  repeaterType: null,
  requiresActivation: false,
  activatedBy: null,
  subPages: [],
  ...extra,
});

/** A new diary entry's form with these pages. */
export const diaryForm = (pages: FormPage[]): Form => ({
  files: [],
  identifier: "diary",
  version: 1,
  entryId: null,
  guest: false,
  shared: false,
  reviewee: null,
  tags: [],
  editable: true,
  pages,
});
