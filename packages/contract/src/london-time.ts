// Europe/London wall-clock reading of an instant, shared by the server (calendar
// feed, "today") and the SPA: the product's dates are London's (REQ-GEN-02).
export const LONDON = "Europe/London";

// Building an Intl formatter is costly; these are shared (they run on hot paths).
const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: LONDON,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const partsFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: LONDON,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

export interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

const asDate = (instant: string | Date | number) => (instant instanceof Date ? instant : new Date(instant));

/** The London calendar day of an instant, as YYYY-MM-DD. */
export function londonDay(instant: string | Date | number): string {
  return dayFormat.format(asDate(instant));
}

/** The two-digit parts of London's clock at an instant. */
export function londonWallClock(instant: string | Date | number): WallClock {
  const p = Object.fromEntries(partsFormat.formatToParts(asDate(instant)).map((x) => [x.type, x.value]));
  return {
    year: p.year ?? "",
    month: p.month ?? "",
    day: p.day ?? "",
    hour: p.hour ?? "",
    minute: p.minute ?? "",
    second: p.second ?? "",
  };
}

/** "DD/MM/YYYY HH:mm" on London's clock: how the product shows an instant. */
export function londonDateTime(instant: string | Date | number): string {
  const c = londonWallClock(instant);
  return `${c.day}/${c.month}/${c.year} ${c.hour}:${c.minute}`;
}

/**
 * An ISO date (or the date part of a timestamp) as the product shows it: DD/MM/YYYY; "" for none.
 * The product's one date format: the server's PDFs and e-mails and every page of the SPA use it.
 * Anything not starting with an ISO date is shown as it is.
 */
export function ukDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

const longDateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** An ISO date as words, "8 December 2026" (d MMMM yyyy); "" for none. */
export const ukLongDate = (iso: string | null | undefined) =>
  iso ? longDateFormat.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`)) : "";
