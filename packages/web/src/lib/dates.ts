// Dates travel as ISO "YYYY-MM-DD"; the UI shows DD/MM/YYYY (spec 1 §9).
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return iso;
  return `${m[3]}/${m[2]}/${m[1]}`;
}
