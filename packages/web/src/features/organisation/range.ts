import { londonDay } from "@cpd/contract";
import { now } from "../../lib/clock";

/** The default report range: the 12 months that end today (London), as the server defaults. */
export function lastTwelveMonths(at: Date = now()): { from: string; to: string } {
  const to = londonDay(at);
  const [y, m, d] = to.split("-").map(Number) as [number, number, number];
  const start = new Date(Date.UTC(y - 1, m - 1, d));
  start.setUTCDate(start.getUTCDate() + 1);
  return { from: start.toISOString().slice(0, 10), to };
}
