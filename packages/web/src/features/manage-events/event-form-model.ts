// Event and webinar forms: London wall-clock times in the form, instants on the wire, and the
// server's validation messages placed next to the field they are about.
import type { api, BodyOf } from "@cpd/contract";
import { isoToLondonWall, londonWallToIso } from "../../lib/london-time";
import type { CalendarEvent, Webinar } from "../calendar";

export type EventBody = BodyOf<typeof api.createEvent>;
export type WebinarBody = BodyOf<typeof api.createWebinar>;

export interface TimesForm {
  startDay: string;
  startTime: string;
  endDay: string;
  endTime: string;
}

export interface EventForm extends TimesForm {
  title: string;
  description: string;
  location: string;
  contactName: string;
  contactEmail: string;
  website: string;
  joinEventLink: string;
  capacity: string;
}

export interface WebinarForm extends TimesForm {
  webinarIdStr: string;
  title: string;
  description: string;
  joinLink: string;
}

const EMPTY_TIMES: TimesForm = { startDay: "", startTime: "09:00", endDay: "", endTime: "10:00" };

export const EMPTY_EVENT: EventForm = {
  ...EMPTY_TIMES,
  title: "",
  description: "",
  location: "",
  contactName: "",
  contactEmail: "",
  website: "",
  joinEventLink: "",
  capacity: "",
};

export const EMPTY_WEBINAR: WebinarForm = {
  ...EMPTY_TIMES,
  webinarIdStr: "",
  title: "",
  description: "",
  joinLink: "",
};

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const blankToNull = (s: string) => (s.trim() ? s.trim() : null);

export type Errors<F> = Partial<Record<keyof F | "form", string>>;

function timesErrors(f: TimesForm): Errors<TimesForm> {
  const e: Errors<TimesForm> = {};
  if (!f.startDay) e.startDay = "Please enter the start date.";
  if (!TIME.test(f.startTime)) e.startTime = "Please enter the start time as HH:MM.";
  if (!f.endDay) e.endDay = "Please enter the end date.";
  if (!TIME.test(f.endTime)) e.endTime = "Please enter the end time as HH:MM.";
  return e;
}

export function validateEvent(f: EventForm): Errors<EventForm> {
  const e: Errors<EventForm> = timesErrors(f);
  if (!f.title.trim()) e.title = "Please enter a title.";
  if (f.capacity.trim() && !/^\d+$/.test(f.capacity.trim())) e.capacity = "Capacity must be a whole number.";
  return e;
}

export function validateWebinar(f: WebinarForm): Errors<WebinarForm> {
  const e: Errors<WebinarForm> = timesErrors(f);
  if (!f.title.trim()) e.title = "Please enter a title.";
  if (!f.webinarIdStr.trim()) e.webinarIdStr = "Please enter an identifier.";
  return e;
}

const times = (f: TimesForm) => ({
  start: londonWallToIso(f.startDay, f.startTime),
  end: londonWallToIso(f.endDay, f.endTime),
});

export function toEventBody(f: EventForm): EventBody {
  const t = times(f);
  return {
    title: f.title.trim(),
    description: f.description,
    location: blankToNull(f.location),
    contactName: blankToNull(f.contactName),
    contactEmail: blankToNull(f.contactEmail),
    website: blankToNull(f.website),
    joinEventLink: blankToNull(f.joinEventLink),
    happensAt: t.start,
    endsAt: t.end,
    capacity: f.capacity.trim() ? Number(f.capacity.trim()) : null,
  };
}

export function toWebinarBody(f: WebinarForm): WebinarBody {
  const t = times(f);
  return {
    webinarIdStr: f.webinarIdStr.trim(),
    title: f.title.trim(),
    webinarDescription: f.description,
    startDate: t.start,
    endDate: t.end,
    joinLink: blankToNull(f.joinLink),
  };
}

function formTimes(start: string, end: string): TimesForm {
  const s = isoToLondonWall(start);
  const e = isoToLondonWall(end);
  return { startDay: s.day, startTime: s.time, endDay: e.day, endTime: e.time };
}

export function eventToForm(e: CalendarEvent): EventForm {
  return {
    ...formTimes(e.happensAt, e.endsAt),
    title: e.title,
    description: e.description,
    location: e.location ?? "",
    contactName: e.contactName ?? "",
    contactEmail: e.contactEmail ?? "",
    website: e.website ?? "",
    joinEventLink: e.joinEventLink ?? "",
    capacity: e.capacity === null ? "" : String(e.capacity),
  };
}

export function webinarToForm(w: Webinar): WebinarForm {
  return {
    ...formTimes(w.startDate, w.endDate),
    webinarIdStr: w.webinarIdStr,
    title: w.title,
    description: w.webinarDescription,
    joinLink: w.joinLink ?? "",
  };
}

/**
 * The server names the field at the start of its message ("Contact email is not in the expected
 * format"); the message goes next to that field, or above the form when no field matches.
 */
export function placeServerError<F>(
  message: string,
  code: string | undefined,
  names: Partial<Record<keyof F, string[]>>,
): Errors<F> {
  if (code === "TIMES_ORDER") return { endDay: message } as Errors<F>;
  const lower = message.toLowerCase();
  let best: { field: keyof F; length: number } | null = null;
  for (const [field, prefixes] of Object.entries(names) as [keyof F, string[]][]) {
    for (const p of prefixes) {
      if (lower.startsWith(p.toLowerCase()) && (!best || p.length > best.length))
        best = { field, length: p.length };
    }
  }
  return best ? ({ [best.field]: message } as Errors<F>) : ({ form: message } as Errors<F>);
}

export const EVENT_FIELD_NAMES: Partial<Record<keyof EventForm, string[]>> = {
  title: ["Title"],
  description: ["Description"],
  location: ["Location"],
  contactName: ["Contact name"],
  contactEmail: ["Contact email"],
  website: ["Website"],
  joinEventLink: ["Join event link"],
  startDay: ["Happens at"],
  endDay: ["Ends at"],
  capacity: ["Capacity"],
};

export const WEBINAR_FIELD_NAMES: Partial<Record<keyof WebinarForm, string[]>> = {
  webinarIdStr: ["Webinar id str", "A webinar with this identifier"],
  title: ["Title"],
  description: ["Webinar description"],
  joinLink: ["Join link"],
  startDay: ["Start date"],
  endDay: ["End date"],
};
