// Calendar dates are handled as 'YYYY-MM-DD' strings in UTC arithmetic: a CPD
// date has no time of day, so no time zone may shift it.
import { londonDay } from "@cpd/contract";

export type IsoDate = string;

const toIsoDate = (d: Date): IsoDate => d.toISOString().slice(0, 10);

/** Today in Europe/London, where the product's users keep their records. */
export function todayInLondon(now = new Date()): IsoDate {
  return londonDay(now);
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
