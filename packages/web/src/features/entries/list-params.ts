// The entries list state lives in the URL query, so other screens can link to a filtered list
// (for example /entries?type=diary) and the back button restores it.
import {
  type api,
  COUNTS_TOWARDS_PATTERN,
  ENTRY_SORTS,
  ENTRY_TYPES,
  type EntryType,
  type QueryOf,
  ukDate,
} from "@cpd/contract";

export type EntrySort = (typeof ENTRY_SORTS)[number];

export interface ListState {
  search: string;
  year: number | null;
  tag: string | null;
  type: EntryType | null;
  governingBody: string | null;
  category: string | null;
  completeness: 1 | 2 | 3 | null;
  /** Entries dated from / up to these days (YYYY-MM-DD): the dashboard's period. */
  from: string | null;
  to: string | null;
  /** `<registration id>:<requirement id>`: the entries a revalidation requirement counts. */
  countsTowards: string | null;
  sortBy: EntrySort;
  sortDesc: boolean;
  page: number;
}

export const DEFAULT_STATE: ListState = {
  search: "",
  year: null,
  tag: null,
  type: null,
  governingBody: null,
  category: null,
  completeness: null,
  from: null,
  to: null,
  countsTowards: null,
  sortBy: "date",
  sortDesc: true,
  page: 1,
};

const int = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : null);
const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);
const countsTowardsRe = new RegExp(COUNTS_TOWARDS_PATTERN);

export function parseListState(q: URLSearchParams): ListState {
  const type = q.get("type");
  const sortBy = q.get("sortBy");
  const completeness = int(q.get("completeness"));
  return {
    search: q.get("search") ?? "",
    year: int(q.get("year")),
    tag: q.get("tag") || null,
    type: (ENTRY_TYPES as readonly string[]).includes(type ?? "") ? (type as EntryType) : null,
    governingBody: q.get("governingBody") || null,
    category: q.get("category") || null,
    completeness: completeness === 1 || completeness === 2 || completeness === 3 ? completeness : null,
    from: day(q.get("from")),
    to: day(q.get("to")),
    countsTowards: countsTowardsRe.test(q.get("countsTowards") ?? "") ? q.get("countsTowards") : null,
    sortBy: (ENTRY_SORTS as readonly string[]).includes(sortBy ?? "") ? (sortBy as EntrySort) : "date",
    sortDesc: q.get("sortDesc") !== "false",
    page: Math.max(1, int(q.get("page")) ?? 1),
  };
}

/** Only what differs from the defaults goes in the URL. */
export function toSearchParams(s: ListState): URLSearchParams {
  const q = new URLSearchParams();
  if (s.search.trim()) q.set("search", s.search.trim());
  if (s.year) q.set("year", String(s.year));
  if (s.tag) q.set("tag", s.tag);
  if (s.type) q.set("type", s.type);
  if (s.governingBody) q.set("governingBody", s.governingBody);
  if (s.category) q.set("category", s.category);
  if (s.completeness) q.set("completeness", String(s.completeness));
  if (s.from) q.set("from", s.from);
  if (s.to) q.set("to", s.to);
  if (s.countsTowards) q.set("countsTowards", s.countsTowards);
  if (s.sortBy !== "date") q.set("sortBy", s.sortBy);
  if (!s.sortDesc) q.set("sortDesc", "false");
  if (s.page > 1) q.set("page", String(s.page));
  return q;
}

export function toQuery(s: ListState): QueryOf<typeof api.listEntries> {
  return {
    filter: s.search.trim() || undefined,
    year: s.year ?? undefined,
    tag: s.tag ?? undefined,
    type: s.type ?? undefined,
    governingBody: s.governingBody ?? undefined,
    category: s.category ?? undefined,
    completeness: s.completeness ?? undefined,
    from: s.from ?? undefined,
    to: s.to ?? undefined,
    countsTowards: s.countsTowards ?? undefined,
    sortBy: s.sortBy,
    sortDesc: s.sortDesc,
  };
}

/** The list's date range in words (it has no field of its own), or null without one. */
export function dateRangeText(from: string | null, to: string | null): string | null {
  if (from && to) return `Entries dated ${ukDate(from)} to ${ukDate(to)}`;
  if (to) return `Entries dated up to ${ukDate(to)}`;
  if (from) return `Entries dated from ${ukDate(from)}`;
  return null;
}

export const COMPLETENESS_LABELS: Record<1 | 2 | 3, string> = {
  1: "Complete",
  2: "Partial",
  3: "Incomplete",
};

/** The level in words, with the percentage when the user has FormPercentages (the API withholds it otherwise). */
export function completenessText(level: number, percentage: number | null, showPercent: boolean): string {
  const label = COMPLETENESS_LABELS[level as 1 | 2 | 3] ?? "Incomplete";
  return showPercent && percentage !== null ? `${label} (${Math.round(percentage * 100)}%)` : label;
}
