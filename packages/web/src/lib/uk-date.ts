// Date inputs in UK form: the user types DD/MM/YYYY (shown with ukDate of @cpd/contract), the
// API takes ISO YYYY-MM-DD.

/** "" for blank, the ISO date for a real DD/MM/YYYY date, null when invalid. */
export function ukToIso(value: string): string | null {
  const v = value.trim();
  if (!v) return "";
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}
