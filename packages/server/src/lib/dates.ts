// Calendar dates are handled as 'YYYY-MM-DD' strings in UTC arithmetic: a CPD
// date has no time of day, so no time zone may shift it.
import { londonDay } from "@cpd/contract";

export type IsoDate = string;

const toIsoDate = (d: Date): IsoDate => d.toISOString().slice(0, 10);

/** Today in Europe/London, where the product's users keep their records. */
// Formatting with Intl is most of what "today" costs on a hot call (under 1 % of GET /api/profile's
// CPU, docs/decisions/0035-hot-call-overhead.md); London's day changes on a whole second, so the
// day of the last second asked is kept.
let lastDay = { second: Number.NaN, day: "" as IsoDate };

export function todayInLondon(now = new Date()): IsoDate {
  const second = Math.floor(now.getTime() / 1000);
  if (second !== lastDay.second) lastDay = { second, day: londonDay(now) };
  return lastDay.day;
}

/** The month arithmetic the SPA shares (31 Jan + 1 month = 28/29 Feb). */
export { addMonths } from "@cpd/contract";

export function addDays(date: IsoDate, days: number): IsoDate {
  const t = new Date(`${date}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return toIsoDate(t);
}

/** A Prisma @db.Date value (UTC midnight) as its calendar date. */
export const dateColumn = (d: Date | null | undefined): IsoDate | null => (d ? toIsoDate(d) : null);
export const toDateColumn = (d: IsoDate | null | undefined): Date | null =>
  d ? new Date(`${d}T00:00:00Z`) : null;
