// Every query of the revalidation module. Prisma does the writes and the small reads; the cycle's
// totals, read on every visit to the revalidation page, are ONE set-based query on the shared pg
// pool with a named prepared statement (docs/decisions/0002-contract-routes-and-hot-reads.md);
// the benchmark runs the very same SQL string.
import type { EntryRevalidation, RecordKind, Registration } from "@cpd/contract";
import type pg from "pg";
import type { Prisma } from "../../generated/prisma/client.js";
import type { Db } from "../../lib/db.js";
import * as entriesRepo from "../entries/repository.js";
import type { CountedMetric, Cycle, CycleTotals, MetricTotal } from "./types.js";

type Client = Prisma.TransactionClient;

// --- registrations ---------------------------------------------------------------------------------

export interface RegistrationRow {
  /** The id the client sent, if any: only a match among the user's own rows is used. */
  id?: string;
  regulator: string;
  registers: string[];
  registrationNumber: string;
  renewalDate: Date;
  reminders: boolean;
  targetHours: number | null;
  cycleMonths: number | null;
}

export const listRegistrations = (db: Db | Client, userId: string) =>
  db.registration.findMany({ where: { userId }, orderBy: [{ position: "asc" }, { createdAt: "asc" }] });

/** The same read for the progress page, a hot read: typed SQL on the pool (ADR 0002). */
export const REGISTRATIONS_SQL = `
SELECT id, regulator, registers, registration_number AS "registrationNumber", renewal_date AS "renewalDate",
       reminders, target_hours::float8 AS "targetHours", cycle_months AS "cycleMonths"
  FROM registrations WHERE user_id = $1 ORDER BY position, created_at`;

export async function registrationsOf(pool: pg.Pool, userId: string) {
  const { rows } = await pool.query<Registration>({
    name: "revalidation-registrations",
    text: REGISTRATIONS_SQL,
    values: [userId],
  });
  return rows;
}

/** What makes two registrations the same one: the regulator and the number, case and spaces aside. */
export const registrationKey = (r: { regulator: string; registrationNumber: string }) =>
  `${r.regulator}\u0000${r.registrationNumber.trim().toUpperCase()}`;

/**
 * Which stored registration each row updates (REQ-REVAL-02): the one whose id it names, else the one
 * with its regulator and number; undefined for a new one. Each stored row is taken at most once.
 */
function matchRegistrations(
  stored: { id: string; regulator: string; registrationNumber: string }[],
  rows: { id?: string; regulator: string; registrationNumber: string }[],
): (string | undefined)[] {
  const ids = new Set(stored.map((r) => r.id));
  const taken = new Set<string>();
  const out = rows.map((row) => {
    const id = row.id?.toLowerCase();
    if (id === undefined || !ids.has(id) || taken.has(id)) return undefined;
    taken.add(id);
    return id;
  });
  const byKey = new Map(stored.map((r) => [registrationKey(r), r.id]));
  return rows.map((row, i) => {
    if (out[i] !== undefined) return out[i];
    const found = byKey.get(registrationKey(row));
    if (found === undefined || taken.has(found)) return undefined;
    taken.add(found);
    return found;
  });
}

/**
 * Saves the user's registrations in one transaction: kept ones are updated in place (their ids,
 * which reminders and submissions refer to, stay), new ones inserted, the rest deleted. A per-user
 * advisory lock serialises concurrent saves, so two never match against the same stale rows.
 */
export function saveRegistrations(prisma: Db, userId: string, rows: RegistrationRow[]) {
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('revalidation'), hashtext(${userId}))`;
    const stored = await tx.registration.findMany({
      where: { userId },
      select: { id: true, regulator: true, registrationNumber: true },
    });
    const ids = matchRegistrations(stored, rows);
    const kept = ids.filter((id): id is string => id !== undefined);
    await tx.registration.deleteMany({ where: { userId, id: { notIn: kept } } });
    for (const [position, { id: _client, ...data }] of rows.entries()) {
      const id = ids[position];
      if (id === undefined) await tx.registration.create({ data: { ...data, userId, position } });
      else await tx.registration.update({ where: { id }, data: { ...data, position } });
    }
    return listRegistrations(tx, userId);
  });
}

// --- revalidation records --------------------------------------------------------------------------

export interface RecordData {
  kind: RecordKind;
  title: string;
  date: Date;
  endDate: Date | null;
  hours: number | null;
  details: Record<string, string>;
  themes: string[];
}

export async function listRecords(
  prisma: Db,
  userId: string,
  kind: RecordKind | undefined,
  page: number,
  perPage: number,
) {
  const where = { userId, ...(kind ? { kind } : {}) };
  const [rows, total] = await Promise.all([
    prisma.revalidationRecord.findMany({
      where,
      orderBy: [{ date: "desc" }, { createdAt: "desc" }, { id: "asc" }],
      skip: (page - 1) * perPage,
      take: perPage,
    }),
    prisma.revalidationRecord.count({ where }),
  ]);
  return { rows, total };
}

export const createRecord = (prisma: Db, userId: string, data: RecordData) =>
  prisma.revalidationRecord.create({ data: { ...data, userId } });

/** Replaces the record if it is the user's; null otherwise. */
export async function updateRecord(prisma: Db, userId: string, id: string, data: RecordData) {
  const { count } = await prisma.revalidationRecord.updateMany({ where: { id, userId }, data });
  return count === 0 ? null : prisma.revalidationRecord.findFirst({ where: { id, userId } });
}

export const deleteRecord = async (prisma: Db, userId: string, id: string) =>
  (await prisma.revalidationRecord.deleteMany({ where: { id, userId } })).count > 0;

// --- entry tags ------------------------------------------------------------------------------------

/** Whether the entry is the user's diary entry (the entries module answers; its table is its own). */
export async function ownsDiaryEntry(prisma: Db, userId: string, entryId: string) {
  const entry = await entriesRepo.findOwned(prisma, entryId, userId);
  return entry?.type === "diary";
}

export const entryTags = (prisma: Db, userId: string, entryId: string) =>
  prisma.entryRevalidation.findFirst({ where: { entryId, userId } });

export const putEntryTags = (prisma: Db, userId: string, entryId: string, tags: EntryRevalidation) =>
  prisma.entryRevalidation.upsert({
    where: { entryId },
    create: { entryId, userId, ...tags },
    update: { ...tags, userId },
  });

// --- the cycle's totals ----------------------------------------------------------------------------

/**
 * $1 user, $2 cycle start, $3 cycle end, $4 today, $5 pace days, $6 gap months (null: no gaps),
 * $7 record kinds whose themes are wanted (null: none).
 *
 * CPD counts the user's diary entries with hours dated in the cycle up to today (planned CPD, dated
 * later, has not been done). Records count by kind when dated in the cycle. "Recent" is the last
 * $5 days up to today, the forecast's pace. Months of the cycle count from its start day.
 */
export const CYCLE_TOTALS_SQL = `
WITH bounds AS (
  SELECT $2::date AS s, $3::date AS e, least($3::date, $4::date) AS upto, $4::date - $5::int AS recent_after
), cpd AS (
  SELECT en.id, en.date, en.hours, en.date > b.recent_after AS recent,
         (extract(year FROM age(en.date, b.s)) * 12 + extract(month FROM age(en.date, b.s)))::int AS month,
         coalesce(r.participatory, false) AS participatory, coalesce(r.planned, false) AS planned,
         coalesce(r.verifiable, false) AS verifiable, coalesce(r.themes, '{}') AS themes
    FROM bounds b
    JOIN entries en ON en.user_id = $1 AND en.type = 'diary' AND en.date BETWEEN b.s AND b.upto AND en.hours > 0
    LEFT JOIN entry_revalidation r ON r.entry_id = en.id
), rec AS (
  SELECT x.id, x.kind, x.date, coalesce(x.hours, 0) AS hours, x.themes,
         x.date > b.recent_after AND x.date <= $4::date AS recent
    FROM bounds b
    JOIN revalidation_records x ON x.user_id = $1 AND x.date BETWEEN b.s AND b.e
), months AS (
  SELECT (extract(year FROM a) * 12 + extract(month FROM a) + (extract(day FROM a) > 0)::int)::int AS n
    FROM bounds b, age(b.e + 1, b.s) a
), days AS (
  SELECT DISTINCT date AS d FROM cpd
), stops AS (
  SELECT d, lag(d) OVER (ORDER BY d) AS prev
    FROM (SELECT s AS d FROM bounds UNION SELECT d FROM days UNION SELECT upto FROM bounds WHERE upto >= s) x
)
SELECT
  (SELECT json_build_object(
     'cpd', json_build_array(coalesce(sum(hours), 0), coalesce(sum(hours) FILTER (WHERE recent), 0),
                             coalesce(array_agg(id ORDER BY date, id), '{}')),
     'records', json_build_array(count(*), count(*) FILTER (WHERE recent), coalesce(array_agg(id ORDER BY date, id), '{}')),
     'participatory', json_build_array(coalesce(sum(hours) FILTER (WHERE participatory), 0),
                             coalesce(sum(hours) FILTER (WHERE participatory AND recent), 0),
                             coalesce(array_agg(id ORDER BY date, id) FILTER (WHERE participatory), '{}')),
     'verifiable', json_build_array(coalesce(sum(hours) FILTER (WHERE verifiable), 0),
                             coalesce(sum(hours) FILTER (WHERE verifiable AND recent), 0),
                             coalesce(array_agg(id ORDER BY date, id) FILTER (WHERE verifiable), '{}')),
     'planned', json_build_array(count(*) FILTER (WHERE planned), count(*) FILTER (WHERE planned AND recent),
                             coalesce(array_agg(id ORDER BY date, id) FILTER (WHERE planned), '{}')))
     FROM cpd) AS cpd,
  (SELECT coalesce(json_object_agg(kind, json_build_array(n, hours, recent_n, recent_hours, ids)), '{}')
     FROM (SELECT kind, count(*) AS n, sum(hours) AS hours, count(*) FILTER (WHERE recent) AS recent_n,
                  coalesce(sum(hours) FILTER (WHERE recent), 0) AS recent_hours, array_agg(id ORDER BY date, id) AS ids
             FROM rec GROUP BY kind) k) AS records,
  array(SELECT DISTINCT t FROM (SELECT unnest(themes) FROM cpd UNION ALL SELECT unnest(themes) FROM rec) u(t) ORDER BY t) AS themes,
  array(SELECT coalesce(x.hours, 0)::float8
          FROM months m CROSS JOIN generate_series(0, m.n - 1) i
          LEFT JOIN (SELECT month, sum(hours) AS hours FROM cpd GROUP BY month) x ON x.month = i
         ORDER BY i) AS hours_by_month,
  (SELECT coalesce(json_agg(json_build_object('from', prev, 'to', d) ORDER BY d), '[]')
     FROM stops WHERE $6::int IS NOT NULL AND prev IS NOT NULL AND d >= prev + make_interval(months => $6::int)) AS gaps,
  (SELECT coalesce(json_agg(json_build_object('id', id, 'kind', kind, 'themes', themes) ORDER BY date, id), '[]')
     FROM rec WHERE kind = ANY($7::text[])) AS record_themes`;

type Triple = [number, number, string[]];
interface TotalsRow {
  cpd: { cpd: Triple; records: Triple; participatory: Triple; verifiable: Triple; planned: Triple };
  records: Record<string, [number, number, number, number, string[]]>;
  themes: string[];
  hours_by_month: number[];
  gaps: { from: string; to: string }[];
  record_themes: { id: string; kind: RecordKind; themes: string[] }[];
}

export interface TotalsOptions {
  /** The pack's gap rule (months), or null when it has none. */
  gapMonths: number | null;
  /** The record kinds a namedThemes rule looks at. */
  themedKinds: readonly RecordKind[];
  paceDays: number;
}

/** The parameters of CYCLE_TOTALS_SQL (shared with the benchmark's bare route). */
export const cycleTotalsValues = (userId: string, cycle: Cycle, today: string, o: TotalsOptions) => [
  userId,
  cycle.cycleStart,
  cycle.cycleEnd,
  today,
  o.paceDays,
  o.gapMonths,
  o.themedKinds,
];

async function cycleTotalsRow(pool: pg.Pool, values: unknown[]) {
  const { rows } = await pool.query<TotalsRow>({
    name: "revalidation-totals",
    text: CYCLE_TOTALS_SQL,
    values,
  });
  return rows[0] as TotalsRow;
}

/** Which record kind each record metric counts (practice hours sum hours, the others count records). */
const RECORD_METRICS: Record<
  Exclude<
    CountedMetric,
    "cpdHours" | "participatoryHours" | "verifiableHours" | "cpdRecords" | "plannedRecords"
  >,
  RecordKind
> = {
  practiceHours: "practiceHours",
  feedback: "feedback",
  reflectiveAccounts: "reflectiveAccount",
  reflectiveDiscussions: "reflectiveDiscussion",
  peerDiscussions: "peerDiscussion",
  healthCharacterDeclarations: "healthCharacterDeclaration",
  indemnityDeclarations: "indemnityDeclaration",
  confirmations: "confirmation",
};

const round2 = (n: number) => Math.round(n * 100) / 100;
const fromEntries = ([amount, recentAmount, entryIds]: Triple): MetricTotal => ({
  amount: round2(amount),
  recentAmount: round2(recentAmount),
  entryIds,
  recordIds: [],
});

function totalsFromRow(row: TotalsRow): CycleTotals {
  const metrics = {
    cpdHours: fromEntries(row.cpd.cpd),
    participatoryHours: fromEntries(row.cpd.participatory),
    verifiableHours: fromEntries(row.cpd.verifiable),
    cpdRecords: fromEntries(row.cpd.records),
    plannedRecords: fromEntries(row.cpd.planned),
  } as Record<CountedMetric, MetricTotal>;
  for (const [metric, kind] of Object.entries(RECORD_METRICS) as [CountedMetric, RecordKind][]) {
    const [n, hours, recentN, recentHours, ids] = row.records[kind] ?? [0, 0, 0, 0, []];
    const byHours = metric === "practiceHours";
    metrics[metric] = {
      amount: round2(byHours ? hours : n),
      recentAmount: round2(byHours ? recentHours : recentN),
      entryIds: [],
      recordIds: ids,
    };
  }
  return {
    metrics,
    themes: row.themes,
    hoursByCycleMonth: row.hours_by_month.map(round2),
    gaps: row.gaps,
    recordThemes: row.record_themes,
  };
}

/** Every counted metric of one cycle: one query, whatever the number of entries and records. */
export async function cycleTotals(
  pool: pg.Pool,
  userId: string,
  cycle: Cycle,
  today: string,
  o: TotalsOptions,
) {
  return totalsFromRow(await cycleTotalsRow(pool, cycleTotalsValues(userId, cycle, today, o)));
}

// --- what attestations cover (ADR 0028) -----------------------------------------------------------

/** The user's registration `id`, or null. */
export const registrationOf = (db: Client, userId: string, id: string) =>
  db.registration.findFirst({
    where: { id, userId },
    select: { id: true, regulator: true, registrationNumber: true },
  });

/** The user's records among `ids` (by primary key), in date order. */
export const recordsByIds = (db: Client, userId: string, ids: readonly string[]) =>
  db.revalidationRecord.findMany({
    where: { id: { in: [...ids] }, userId },
    orderBy: [{ date: "asc" }, { id: "asc" }],
  });
