// Data access of the submission module (REQ-SUBMIT-01..06): its own table, revalidation_submissions,
// and the reads a pack is printed from (the counted entries with their revalidation tags, the
// counted records, the owner's name and HCPC profile text). Reads name their ids; nothing is
// scanned per user beyond the indexes.
import type pg from "pg";
import type { Prisma } from "../../generated/prisma/client.js";
import type { Db } from "../../lib/db.js";

export const createSubmission = (db: Db, data: Prisma.RevalidationSubmissionUncheckedCreateInput) =>
  db.revalidationSubmission.create({ data });

/** The registration's pack being made, if one is (the partial unique index allows one). */
export const activeSubmission = (db: Db, userId: string, registrationId: string) =>
  db.revalidationSubmission.findFirst({
    where: { userId, registrationId, state: { in: ["Pending", "Processing"] } },
  });

/**
 * Stops a pack lost in the making (SUBMISSION.staleMinutes): Failed with `reason`, if it is still
 * active and was created before `before`. One conditional UPDATE: a job finishing meanwhile wins.
 */
export async function stopStale(db: Db, id: string, before: Date, reason: string) {
  const n = await db.revalidationSubmission.updateMany({
    where: { id, state: { in: ["Pending", "Processing"] }, createdAt: { lt: before } },
    data: { state: "Failed", failureReason: reason },
  });
  return n.count === 1;
}

/** Made packs past their retention, oldest first (the partial index on expires_at). */
export const expiredSubmissions = (db: Db, now: Date, take: number) =>
  db.revalidationSubmission.findMany({
    where: { expiresAt: { lte: now }, state: "Completed" },
    orderBy: { expiresAt: "asc" },
    take,
    select: { id: true, storageKey: true },
  });

/** Marks a pack Expired once its file is deleted (the retention job). */
export const expireSubmission = (db: Db, id: string) =>
  db.revalidationSubmission.update({ where: { id }, data: { state: "Expired", storageKey: null } });

export const deleteSubmission = (db: Db, id: string) =>
  db.revalidationSubmission.deleteMany({ where: { id } });

/** A submission as its owner sees it: someone else's is not found. */
export const findOwn = (db: Db, id: string, userId: string) =>
  db.revalidationSubmission.findFirst({ where: { id, userId } });

export const findById = (db: Db, id: string) => db.revalidationSubmission.findUnique({ where: { id } });

export const updateSubmission = (db: Db, id: string, data: Prisma.RevalidationSubmissionUpdateInput) =>
  db.revalidationSubmission.update({ where: { id }, data });

export interface PackEntry {
  id: string;
  title: string;
  date: string | null;
  hours: number | null;
  description: string | null;
  activityType: string | null;
  participatory: boolean;
  planned: boolean;
  verifiable: boolean;
  method: string | null;
  themes: string[];
}

/** The rows of a prepared query on the user's ids ($1 the user, $2 the ids); none for no ids. */
async function ownedByIds<T extends pg.QueryResultRow>(
  pool: pg.Pool,
  name: string,
  userId: string,
  ids: string[],
  text: string,
): Promise<T[]> {
  if (!ids.length) return [];
  const { rows } = await pool.query<T>({ name, text, values: [userId, ids] });
  return rows;
}

/** The user's diary entries among `ids`, oldest first, with the tags the packs count. */
export async function entriesByIds(pool: pg.Pool, userId: string, ids: string[]): Promise<PackEntry[]> {
  return ownedByIds<PackEntry>(
    pool,
    "submission-entries",
    userId,
    ids,
    `
SELECT e.id, e.title, to_char(e.date, 'YYYY-MM-DD') AS date, e.hours::float8 AS hours, e.description,
       e.activity_type AS "activityType",
       COALESCE(r.participatory, false) AS participatory, COALESCE(r.planned, false) AS planned,
       COALESCE(r.verifiable, false) AS verifiable, r.method, COALESCE(r.themes, ARRAY[]::text[]) AS themes
  FROM entries e LEFT JOIN entry_revalidation r ON r.entry_id = e.id
 WHERE e.user_id = $1 AND e.id = ANY($2::uuid[])
 ORDER BY e.date, e.created_at, e.id`,
  );
}

export interface PackRecord {
  id: string;
  kind: string;
  title: string;
  date: string;
  endDate: string | null;
  hours: number | null;
  details: Record<string, string>;
  themes: string[];
}

/** The user's revalidation records among `ids`, oldest first. */
export async function recordsByIds(pool: pg.Pool, userId: string, ids: string[]): Promise<PackRecord[]> {
  return ownedByIds<PackRecord>(
    pool,
    "submission-records",
    userId,
    ids,
    `
SELECT id, kind, title, to_char(date, 'YYYY-MM-DD') AS date, to_char(end_date, 'YYYY-MM-DD') AS "endDate",
       hours::float8 AS hours, details, themes
  FROM revalidation_records
 WHERE user_id = $1 AND id = ANY($2::uuid[])
 ORDER BY date, created_at, id`,
  );
}

/** CPD hours of the entries `ids` by calendar year (the GDC annual statement's figures). */
export async function hoursByYear(pool: pg.Pool, userId: string, ids: string[]) {
  return ownedByIds<{ year: number; hours: number; verifiableHours: number }>(
    pool,
    "submission-hours-by-year",
    userId,
    ids,
    `
SELECT extract(year FROM e.date)::int AS year, COALESCE(sum(e.hours), 0)::float8 AS hours,
       COALESCE(sum(e.hours) FILTER (WHERE r.verifiable), 0)::float8 AS "verifiableHours"
  FROM entries e LEFT JOIN entry_revalidation r ON r.entry_id = e.id
 WHERE e.user_id = $1 AND e.id = ANY($2::uuid[]) AND e.date IS NOT NULL
 GROUP BY 1 ORDER BY 1`,
  );
}

/** The owner's name and the HCPC profile text they keep with their personal profile. */
export async function ownerFacts(db: Db, userId: string) {
  const [profile, personal] = await Promise.all([
    db.profile.findUnique({ where: { userId }, select: { firstName: true, lastName: true } }),
    db.personalProfile.findUnique({
      where: { userId },
      select: {
        hcpcSummary: true,
        hcpcStandard1: true,
        hcpcStandard2: true,
        hcpcStandard3: true,
        hcpcStandard4: true,
      },
    }),
  ]);
  return {
    name: `${profile?.firstName ?? ""} ${profile?.lastName ?? ""}`.trim(),
    hcpcSummary: personal?.hcpcSummary ?? "",
    hcpcStandards: [
      personal?.hcpcStandard1 ?? "",
      personal?.hcpcStandard2 ?? "",
      personal?.hcpcStandard3 ?? "",
      personal?.hcpcStandard4 ?? "",
    ],
  };
}
