// The diary hours control (REQ-ENTRY-04): hours 0-24 and set minutes, stored as decimal hours in a string.
export const HOUR_OPTIONS = Array.from({ length: 25 }, (_, i) => i);
export const MINUTE_OPTIONS = [0, 15, 20, 25, 30, 35, 40, 45, 50, 55] as const;
export const MAX_SELECT_HOURS = 24;

export interface HourParts {
  hours: number;
  minutes: number;
}

/** "1.25" -> 1 h 15 min; minutes snap to the nearest option; blank or invalid -> null. */
export function toParts(value: string | null | undefined): HourParts | null {
  if (value === null || value === undefined || value.trim() === "") return null;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) return null;
  let hours = Math.floor(n);
  const raw = Math.round((n - hours) * 60);
  let minutes: number = MINUTE_OPTIONS.reduce(
    (best, m) => (Math.abs(m - raw) < Math.abs(best - raw) ? m : best),
    0,
  );
  if (raw > 57) {
    hours += 1;
    minutes = 0;
  }
  return { hours, minutes };
}

/** 1 h 15 min -> "1.25"; two decimals at most ("0.33" for 20 minutes). */
export function fromParts({ hours, minutes }: HourParts): string {
  const m = hours >= MAX_SELECT_HOURS ? 0 : minutes;
  return String(Number((hours + m / 60).toFixed(2)));
}

/** Values the selects cannot show start in the plain number input. */
export function needsPlainInput(value: string | null | undefined): boolean {
  const n = Number(value);
  return (
    value !== null && value !== undefined && value.trim() !== "" && Number.isFinite(n) && n > MAX_SELECT_HOURS
  );
}
