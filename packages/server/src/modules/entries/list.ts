// The entries list: one indexed SQL query for the page (with its total) and
// one for the facets, on the shared pg pool (a hot read path, DESIGN.md §3).
import type { api, QueryOf, ResponseOf } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { likePattern, listFilter } from "../../lib/sql-list.js";

type Query = QueryOf<typeof api.listEntries>;
type Answer = ResponseOf<typeof api.listEntries>;

const SORTS: Record<string, string> = {
  date: "e.date",
  title: "lower(e.title)",
  type: "e.type",
  hours: "e.hours",
  completeness: "e.completeness",
  category: "e.category",
};

export function buildListQuery(userId: string, q: Query, perPage: number, page: number) {
  const { values, add, where, page: limit } = listFilter([userId], ["e.user_id = $1"]);
  if (q.filter?.trim()) add((p) => `e.search_text LIKE ${p}`, likePattern(q.filter.trim()));
  if (q.year) {
    add((p) => `e.date >= make_date(${p}::int, 1, 1)`, q.year);
    add((p) => `e.date < make_date(${p}::int + 1, 1, 1)`, q.year);
  }
  if (q.from) add((p) => `e.date >= ${p}::date`, q.from);
  if (q.to) add((p) => `e.date <= ${p}::date`, q.to);
  if (q.tag) add((p) => `e.tags @> ARRAY[${p}]::text[]`, q.tag);
  if (q.category) add((p) => `e.category = ${p}`, q.category);
  if (q.type) add((p) => `e.type = ${p}`, q.type);
  if (q.completeness) add((p) => `e.completeness = ${p}`, q.completeness);
  if (q.governingBody)
    add(
      (p) => `EXISTS (SELECT 1 FROM unnest(e.standards) s WHERE s LIKE ${p})`,
      `${q.governingBody.replace(/[\\%_]/g, "\\$&")}%`,
    );
  const dir = q.sortDesc === false ? "ASC" : "DESC";
  const order = `${SORTS[q.sortBy ?? "date"]} ${dir} NULLS LAST, e.created_at ${dir}, e.id`;
  const text = `
SELECT e.id, e.type, e.title, e.date, e.hours::float8 AS hours, e.category, e.tags, e.completeness,
       e.completeness_percentage, e.supervision_completed, s.id AS share_id, count(*) OVER ()::int AS total
  FROM entries e
  LEFT JOIN shared_cpd s ON s.entry_id = e.id
 ${where()}
 ORDER BY ${order}
 ${limit(perPage, page)}`;
  return { text, values };
}

export const FACETS_SQL = `
SELECT (SELECT coalesce(array_agg(DISTINCT extract(year FROM date)::int ORDER BY extract(year FROM date)::int DESC), '{}')
          FROM entries WHERE user_id = $1 AND date IS NOT NULL) AS years,
       (SELECT coalesce(array_agg(DISTINCT t ORDER BY t), '{}') FROM entries, unnest(tags) t WHERE user_id = $1) AS tags,
       (SELECT coalesce(array_agg(DISTINCT category ORDER BY category), '{}')
          FROM entries WHERE user_id = $1 AND category IS NOT NULL) AS categories,
       (SELECT governing_bodies FROM profiles WHERE user_id = $1) AS governing_bodies`;

export const EVIDENCE_SQL =
  "SELECT id, entry_id, filename, content_type FROM files WHERE entry_id = ANY($1::uuid[]) ORDER BY created_at, id";

type Item = Answer["items"][number];
/** The entry's own columns come back as the list item names and types them; the others are renamed below. */
interface Row
  extends Pick<Item, "id" | "type" | "title" | "date" | "hours" | "category" | "tags" | "completeness"> {
  completeness_percentage: number;
  supervision_completed: boolean;
  share_id: string | null;
  total: number;
}

export async function listEntries(
  deps: Deps,
  userId: string,
  q: Query,
  perPage: number,
  page: number,
): Promise<Answer> {
  const [pageRows, facets] = await Promise.all([
    deps.pool.query<Row>(buildListQuery(userId, q, perPage, page)),
    deps.pool.query<{
      years: number[];
      tags: string[];
      categories: string[];
      governing_bodies: string[] | null;
    }>({
      name: "entry-facets",
      text: FACETS_SQL,
      values: [userId],
    }),
  ]);
  const rows = pageRows.rows;
  const ids = rows.map((r) => r.id);
  const files = ids.length
    ? (
        await deps.pool.query<{ id: string; entry_id: string; filename: string; content_type: string }>({
          name: "entry-evidence",
          text: EVIDENCE_SQL,
          values: [ids],
        })
      ).rows
    : [];
  const f = facets.rows[0];
  return {
    items: rows.map((r) => ({
      id: r.id,
      type: r.type,
      title: r.title,
      date: r.date,
      hours: r.hours,
      category: r.category,
      tags: r.tags,
      completeness: r.completeness,
      completenessPercentage: r.completeness_percentage,
      shareId: r.share_id,
      reviewee:
        r.type === "supervision" ? { Id: r.id, Completed: r.supervision_completed ? "1" : "0" } : null,
      evidence: files
        .filter((x) => x.entry_id === r.id)
        .map((x) => ({
          id: x.id,
          name: x.filename,
          url: `/api/file/${x.id}`,
          thumbnailUrl: x.content_type.startsWith("image/") ? `/api/file/${x.id}` : null,
          contentType: x.content_type,
        })),
    })),
    total: rows[0]?.total ?? (page > 1 ? await countAll(deps, userId, q) : 0),
    years: f?.years ?? [],
    tags: f?.tags ?? [],
    categories: f?.categories ?? [],
    governingBodies: f?.governing_bodies ?? [],
  };
}

/** A page past the end has no rows to carry the total; count separately then. */
async function countAll(deps: Deps, userId: string, q: Query) {
  const { text, values } = buildListQuery(userId, q, 1, 1);
  const { rows } = await deps.pool.query<{ total: number }>({ text, values });
  return rows[0]?.total ?? 0;
}

export async function entryMetadata(deps: Deps, userId: string) {
  const { rows } = await deps.pool.query<{
    id: string;
    title: string;
    type: Row["type"];
    date: string | null;
  }>({
    name: "entry-metadata",
    text: "SELECT id, title, type, date FROM entries WHERE user_id = $1 AND date <= $2::date ORDER BY date DESC LIMIT 1000",
    values: [userId, deps.today()],
  });
  return rows.map((r) => ({ entryId: r.id, title: r.title, type: r.type, startDate: r.date }));
}
