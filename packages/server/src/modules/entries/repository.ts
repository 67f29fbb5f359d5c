// Every query of the entries module. The list is a hot read path: one indexed SQL query
// for the page (with its total) and one for the facets, on the shared pg pool, with named
// prepared statements (docs/decisions/0002-contract-routes-and-hot-reads.md); the benchmarks
// run the very same SQL strings. Prisma does the writes; functions taking `db` accept the
// client or a transaction's.
import {
  type api,
  type EntryType,
  type QueryOf,
  type ResponseOf,
  TRIAL_COUNTED_ENTRY_TYPE,
} from "@cpd/contract";
import type pg from "pg";
import type { Prisma } from "../../generated/prisma/client.js";
import { likePattern, listFilter } from "../../lib/sql-list.js";
import type { Values } from "../forms/rules.js";

type Client = Prisma.TransactionClient;
export type Query = QueryOf<typeof api.listEntries>;
type Answer = ResponseOf<typeof api.listEntries>;

const SORTS: Record<string, string> = {
  date: "e.date",
  title: "lower(e.title)",
  type: "e.type",
  hours: "e.hours",
  completeness: "e.completeness",
  category: "e.category",
};

/** `ids`: only these entries (what a revalidation requirement counts, `countsTowards`). */
export function buildListQuery(
  userId: string,
  q: Query,
  perPage: number,
  page: number,
  ids?: readonly string[],
) {
  const { values, add, where, page: limit } = listFilter([userId], ["e.user_id = $1"]);
  if (ids) add((p) => `e.id = ANY(${p}::uuid[])`, ids);
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
       e.completeness_percentage, e.supervision_completed, e.unresolved_findings, s.id AS share_id,
       count(*) OVER ()::int AS total
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
  /** Null until first checked (the entry-findings job). */
  unresolved_findings: number | null;
  share_id: string | null;
  total: number;
}

export const listPage = (
  pool: pg.Pool,
  userId: string,
  q: Query,
  perPage: number,
  page: number,
  ids?: readonly string[],
) => pool.query<Row>(buildListQuery(userId, q, perPage, page, ids));

export const listFacets = (pool: pg.Pool, userId: string) =>
  pool.query<{
    years: number[];
    tags: string[];
    categories: string[];
    governing_bodies: string[] | null;
  }>({
    name: "entry-facets",
    text: FACETS_SQL,
    values: [userId],
  });

export async function listEvidence(pool: pg.Pool, ids: string[]) {
  return (
    await pool.query<{ id: string; entry_id: string; filename: string; content_type: string }>({
      name: "entry-evidence",
      text: EVIDENCE_SQL,
      values: [ids],
    })
  ).rows;
}

/** A page past the end has no rows to carry the total; count separately then. */
export async function countAll(pool: pg.Pool, userId: string, q: Query, ids?: readonly string[]) {
  const { text, values } = buildListQuery(userId, q, 1, 1, ids);
  const { rows } = await pool.query<{ total: number }>({ text, values });
  return rows[0]?.total ?? 0;
}

export async function metadataRows(pool: pg.Pool, userId: string, today: string) {
  const { rows } = await pool.query<{
    id: string;
    title: string;
    type: Row["type"];
    date: string | null;
  }>({
    name: "entry-metadata",
    text: "SELECT id, title, type, date FROM entries WHERE user_id = $1 AND date <= $2::date ORDER BY date DESC LIMIT 1000",
    values: [userId, today],
  });
  return rows;
}

/** One writer per user at a time, for the length of the caller's transaction. */
export async function lockUserEntries(tx: Client, userId: string) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${userId}))`;
}

/** The entries the trial allowance counts (ADR 0020); the account's hot read counts the same. */
export const countAllowanceEntries = (tx: Client, userId: string) =>
  tx.entry.count({ where: { userId, type: TRIAL_COUNTED_ENTRY_TYPE } });

export const createEntry = (tx: Client, data: Prisma.EntryUncheckedCreateInput) => tx.entry.create({ data });

export const findOwned = (db: Client, entryId: string, userId: string) =>
  db.entry.findFirst({ where: { id: entryId, userId } });

/** Updates the entry unless it is signed or completed; the where clause is the atomic check. */
export const updateUnlocked = (
  tx: Client,
  entryId: string,
  userId: string,
  data: Prisma.EntryUncheckedUpdateManyInput,
) =>
  tx.entry.updateMany({
    where: { id: entryId, userId, supervisionCompleted: false, supervisionLocked: false },
    data,
  });

export const deleteOwned = (db: Client, entryId: string, userId: string) =>
  db.entry.deleteMany({ where: { id: entryId, userId } });

export const ownedTags = (db: Client, entryId: string, userId: string) =>
  db.entry.findFirst({ where: { id: entryId, userId }, select: { tags: true } });

export const setTags = (db: Client, entryId: string, userId: string, tags: string[]) =>
  db.entry.updateMany({
    where: { id: entryId, userId },
    data: { tags },
  });

export const ownedLockState = (tx: Client, entryId: string, userId: string) =>
  tx.entry.findFirst({
    where: { id: entryId, userId },
    select: { supervisionLocked: true },
  });

export const isSupervisionLocked = (tx: Client, entryId: string) =>
  tx.entry.count({ where: { id: entryId, supervisionLocked: true } });

/** The row lock of entries/evidence.ts lockEntry (FOR NO KEY UPDATE: see there). */
export async function lockForEvidence(tx: Client, entryId: string) {
  const rows = await tx.$queryRaw<{ values: Values; form_id: string | null; type: EntryType }[]>`
    SELECT values, form_id, type FROM entries WHERE id = ${entryId}::uuid FOR NO KEY UPDATE`;
  return rows[0] ?? null;
}

export async function setCompleteness(tx: Client, entryId: string, data: Prisma.EntryUpdateInput) {
  await tx.entry.update({ where: { id: entryId }, data });
}

/** Supervision: a signature freezes the record (and the last one completes it). */
export async function freezeForSupervision(tx: Client, entryId: string, complete: boolean) {
  await tx.entry.update({
    where: { id: entryId },
    data: complete ? { supervisionLocked: true, supervisionCompleted: true } : { supervisionLocked: true },
  });
}

/** Supervision: revoking the sharing unfreezes the record. */
export async function unlockSupervision(tx: Client, entryId: string) {
  await tx.entry.update({ where: { id: entryId }, data: { supervisionLocked: false } });
}

/** The user's diary entries among `ids` (by primary key), in date order: what an attestation covers. */
export const ownedDiaryByIds = (db: Client, userId: string, ids: readonly string[]) =>
  db.entry.findMany({
    where: { id: { in: [...ids] }, userId, type: "diary" },
    select: {
      id: true,
      title: true,
      date: true,
      hours: true,
      category: true,
      activityType: true,
      description: true,
      values: true,
    },
    orderBy: [{ date: "asc" }, { id: "asc" }],
  });

/** What the patient-identifier check reads of the user's entries among `ids` (ADR 0029). */
export const findingSources = (db: Client, userId: string, ids: readonly string[]) =>
  db.entry.findMany({
    where: { id: { in: [...ids] }, userId },
    select: { id: true, type: true, formId: true, title: true, description: true, values: true },
  });

/** The hashes of the texts marked "not a patient identifier" in these entries. */
export const resolutionRows = (db: Client, entryIds: readonly string[]) =>
  db.entryIdentifierResolution.findMany({
    where: { entryId: { in: [...entryIds] } },
    select: { entryId: true, textHash: true },
  });

/** Idempotent: the unique (entry, hash) index keeps one row, racing duplicates are skipped. */
export const addResolution = (tx: Client, entryId: string, userId: string, textHash: string) =>
  tx.entryIdentifierResolution.createMany({ data: [{ entryId, userId, textHash }], skipDuplicates: true });

/** Entries never checked for patient identifiers (saved before the check), by the partial index. */
export const uncheckedEntries = (db: Client, take: number) =>
  db.entry.findMany({ where: { unresolvedFindings: null }, select: { id: true, userId: true }, take });

/**
 * The counts of entries not yet checked, in one statement; an entry a save has meanwhile counted is
 * left alone. Raw SQL so that updated_at stays the user's last edit, not the check's time.
 */
export const setFirstCounts = (db: Client, counts: readonly { id: string; count: number }[]) =>
  counts.length === 0
    ? Promise.resolve(0)
    : db.$executeRaw`
        UPDATE entries AS e SET unresolved_findings = c.count
        FROM unnest(${counts.map((c) => c.id)}::uuid[], ${counts.map((c) => c.count)}::int[]) AS c (id, count)
        WHERE e.id = c.id AND e.unresolved_findings IS NULL`;

export const setUnresolvedFindings = (tx: Client, entryId: string, count: number) =>
  tx.entry.update({ where: { id: entryId }, data: { unresolvedFindings: count }, select: { id: true } });

/** The owned entry's row, locked against a save for the caller's transaction. */
export async function lockOwnedForFindings(tx: Client, entryId: string, userId: string) {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM entries WHERE id = ${entryId}::uuid AND user_id = ${userId}::uuid FOR NO KEY UPDATE`;
  return rows.length === 1;
}
