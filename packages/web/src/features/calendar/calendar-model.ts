// What the calendar shows: events, webinars, planned CPD and past entries as one list of
// items, each of a kind with its own colour, symbol and name (never colour alone).
import { type api, ENTRY_TYPE_LABELS, type EntryType, type ResponseOf } from "@cpd/contract";
import { londonDay, londonTime } from "../../lib/london-time";

export type CalendarEvent = ResponseOf<typeof api.calendarEvent>;
export type Webinar = ResponseOf<typeof api.webinars>[number];
export type PlannedCpd = ResponseOf<typeof api.plannedCpd>[number];
export type EntryMeta = ResponseOf<typeof api.entryMetadata>[number];

export type ItemKind = "webinar" | "event" | "registered-event" | "planned" | "entry";

export interface KindStyle {
  label: string;
  /** Text and border colour: at least 4.5:1 on the background and on white. */
  colour: string;
  background: string;
  /** A shape that tells the kinds apart without colour. */
  symbol: string;
}

export const KIND_STYLES: Record<ItemKind, KindStyle> = {
  webinar: { label: "Webinar", colour: "#5f3dc4", background: "#f3f0ff", symbol: "◆" },
  event: { label: "Event", colour: "#1864ab", background: "#e7f5ff", symbol: "●" },
  "registered-event": { label: "Registered event", colour: "#2b6a30", background: "#ebfbee", symbol: "✓" },
  planned: { label: "Planned CPD", colour: "#a63c06", background: "#fff4e6", symbol: "▲" },
  entry: { label: "CPD entry", colour: "#495057", background: "#f1f3f5", symbol: "■" },
};

const TODAY_STYLE = { label: "Today", colour: "#8a5a00", background: "#fff3bf", symbol: "★" };

/** The six-item key of the calendar, in display order. */
export const LEGEND: KindStyle[] = [
  KIND_STYLES.webinar,
  KIND_STYLES.event,
  KIND_STYLES["registered-event"],
  KIND_STYLES.planned,
  KIND_STYLES.entry,
  TODAY_STYLE,
];

export type CalendarItem =
  | {
      kind: "webinar";
      key: string;
      day: string;
      time: string | null;
      sortKey: string;
      title: string;
      webinar: Webinar;
    }
  | {
      kind: "event" | "registered-event";
      key: string;
      day: string;
      time: string | null;
      sortKey: string;
      title: string;
      event: CalendarEvent;
    }
  | {
      kind: "planned" | "entry";
      key: string;
      day: string;
      time: string | null;
      sortKey: string;
      title: string;
      entryId: string;
      entryType: EntryType;
    };

/** An entry without a title still needs a name in the calendar. */
export const entryTitle = (title: string, type: EntryType) =>
  title.trim() || `${ENTRY_TYPE_LABELS[type]} entry`;

export function buildItems(
  input: {
    events?: CalendarEvent[];
    webinars?: Webinar[];
    planned?: PlannedCpd[];
    entries?: EntryMeta[];
  },
  today: string,
): CalendarItem[] {
  const items: CalendarItem[] = [];
  for (const e of input.events ?? []) {
    items.push({
      kind: e.registered ? "registered-event" : "event",
      key: `event-${e.id}`,
      day: londonDay(e.happensAt),
      time: londonTime(e.happensAt),
      sortKey: e.happensAt,
      title: e.title,
      event: e,
    });
  }
  for (const w of input.webinars ?? []) {
    items.push({
      kind: "webinar",
      key: `webinar-${w.id}`,
      day: londonDay(w.startDate),
      time: londonTime(w.startDate),
      sortKey: w.startDate,
      title: w.title,
      webinar: w,
    });
  }
  for (const p of input.planned ?? []) {
    items.push({
      kind: "planned",
      key: `planned-${p.entryId}`,
      day: p.startDate,
      time: null,
      sortKey: p.startDate,
      title: entryTitle(p.entryTitle, p.entryType),
      entryId: p.entryId,
      entryType: p.entryType,
    });
  }
  // Only entries dated in the past come from the metadata (REQ-CAL-01); planned CPD covers the rest.
  for (const m of input.entries ?? []) {
    if (!m.startDate || m.startDate > today) continue;
    items.push({
      kind: "entry",
      key: `entry-${m.entryId}`,
      day: m.startDate,
      time: null,
      sortKey: m.startDate,
      title: entryTitle(m.title, m.type),
      entryId: m.entryId,
      entryType: m.type,
    });
  }
  return items.sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
}

/** Items grouped by day (days in ascending order). */
export function byDay(items: CalendarItem[]): Map<string, CalendarItem[]> {
  const map = new Map<string, CalendarItem[]>();
  for (const it of items) {
    const list = map.get(it.day);
    if (list) list.push(it);
    else map.set(it.day, [it]);
  }
  return map;
}

/** What a chip shows: the time, if any, then the title. */
export const chipText = (it: CalendarItem): string => (it.time ? `${it.time} ${it.title}` : it.title);

/** What a screen reader hears for an item: what the chip shows first (WCAG 2.5.3), then its kind. */
export function itemLabel(it: CalendarItem): string {
  return `${chipText(it)}, ${KIND_STYLES[it.kind].label}`;
}

export const editPath = (type: EntryType, id: string) => `/edit/${type}/${id}`;
