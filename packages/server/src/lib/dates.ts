// Calendar dates are handled as 'YYYY-MM-DD' strings in UTC arithmetic: a CPD
// date has no time of day, so no time zone may shift it.
import { londonDay } from "@cpd/contract";

export type IsoDate = string;

export const toIsoDate = (d: Date): IsoDate => d.toISOString().slice(0, 10);

/** Today in Europe/London, where the product's users keep their records. */
export function todayInLondon(now = new Date()): IsoDate {
  return londonDay(now);
}

export function addMonths(date: IsoDate, months: number): IsoDate {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return toIsoDate(target);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const t = new Date(`${date}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return toIsoDate(t);
}

/** A Prisma @db.Date value (UTC midnight) as its calendar date. */
export const dateColumn = (d: Date | null | undefined): IsoDate | null => (d ? toIsoDate(d) : null);
export const toDateColumn = (d: IsoDate | null | undefined): Date | null =>
  d ? new Date(`${d}T00:00:00Z`) : null;
