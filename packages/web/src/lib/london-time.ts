// Calendar days and times are London's (REQ-GEN-02, REQ-CAL-01: Europe/London), whatever the browser's zone.
import {
  addMonths as addIsoMonths,
  LONDON,
  londonDateTime,
  londonDay,
  londonWallClock,
  ukDate,
} from "@cpd/contract";

export { londonDateTime, londonDay };

const timeFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: LONDON,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
/** HH:mm on London's clock. */
export function londonTime(instant: string | Date): string {
  return timeFormat.format(typeof instant === "string" ? new Date(instant) : instant);
}

/** "DD/MM/YYYY, HH:mm to HH:mm", or both dates when the range spans days. */
export function londonRange(start: string, end: string): string {
  const sameDay = londonDay(start) === londonDay(end);
  return sameDay
    ? `${ukDate(londonDay(start))}, ${londonTime(start)} to ${londonTime(end)}`
    : `${londonDateTime(start)} to ${londonDateTime(end)}`;
}

/** The numbers of "YYYY-MM-DD" (or "HH:mm"), missing parts as 0. */
function nums(s: string, sep: string): [number, number, number] {
  const [a = 0, b = 0, c = 0] = s.split(sep).map(Number);
  return [a, b, c];
}

/** Minutes London is ahead of UTC at an instant (0 in winter, 60 in summer). */
function londonOffsetMinutes(ms: number): number {
  const p = londonWallClock(ms);
  const n = (k: keyof typeof p) => Number(p[k]);
  const asUtc = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour") % 24, n("minute"), n("second"));
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60000);
}

/** The instant of a London wall-clock day and HH:mm, as ISO 8601 (UTC). */
export function londonWallToIso(day: string, time: string): string {
  const [y, m, d] = nums(day, "-");
  const [hh, mm] = nums(time, ":");
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let ms = wall - londonOffsetMinutes(wall) * 60000;
  // Across a clock change the first guess can be an hour out; one correction settles it.
  ms = wall - londonOffsetMinutes(ms) * 60000;
  return new Date(ms).toISOString();
}

/** London day and HH:mm of an instant (for editing). */
export function isoToLondonWall(instant: string): { day: string; time: string } {
  return { day: londonDay(instant), time: londonTime(instant) };
}

/** Calendar arithmetic on YYYY-MM-DD days (no time zone involved). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = nums(day, "-");
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Whole days from one YYYY-MM-DD day to another. */
export function daysBetween(from: string, to: string): number {
  const ms = (s: string) => {
    const [y, m, d] = nums(s, "-");
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((ms(to) - ms(from)) / 86_400_000);
}

/** 0 = Monday ... 6 = Sunday. */
function weekdayIndex(day: string): number {
  const [y, m, d] = nums(day, "-");
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

export const startOfWeek = (day: string) => addDays(day, -weekdayIndex(day));
export const startOfMonth = (day: string) => `${day.slice(0, 8)}01`;

/** The first day of the month n months from `day`'s (the calendar moves a month at a time). */
export const addMonths = (day: string, n: number) => addIsoMonths(startOfMonth(day), n);

const monthName = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
export function monthTitle(day: string): string {
  const [y, m] = nums(day, "-");
  return monthName.format(new Date(Date.UTC(y, m - 1, 1)));
}

const longDay = new Intl.DateTimeFormat("en-GB", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
/** "Sunday 22 November 2026" of a YYYY-MM-DD day. */
export function longDayName(day: string): string {
  const [y, m, d] = nums(day, "-");
  return longDay.format(new Date(Date.UTC(y, m - 1, d))).replace(",", "");
}
