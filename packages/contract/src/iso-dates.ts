// Calendar dates as "YYYY-MM-DD" strings, in UTC arithmetic: a CPD date has no time of day, so
// no time zone may shift it. The one month arithmetic of the server and the SPA.

const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** `iso` plus n calendar months (n may be negative), the day clamped to the month's end (31 Jan + 1 = 28/29 Feb). */
export function addMonths(iso: string, n: number): string {
  const [y = 1970, m = 1, d = 1] = iso.split("-").map(Number);
  const total = y * 12 + (m - 1) + n;
  const ny = Math.floor(total / 12);
  const nm = total - ny * 12 + 1;
  const nd = Math.min(d, daysInMonth(ny, nm));
  return `${String(ny).padStart(4, "0")}-${String(nm).padStart(2, "0")}-${String(nd).padStart(2, "0")}`;
}
