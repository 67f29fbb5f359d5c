// Every query of the organisation manager's area, and every write of organisations and
// annual_reviews (docs/decisions/0016-table-ownership.md). The report's figures are aggregated in
// SQL over the organisation's users (users_organisation_id_idx) and their entries in the range
// (entries_user_id_date_idx).
import { randomUUID } from "node:crypto";
import { type api, type BodyOf, type ORGANISATION_USER_SORTS, ROLES } from "@cpd/contract";
import type pg from "pg";
import type { Prisma } from "../../generated/prisma/client.js";
import { type IsoDate, toDateColumn } from "../../lib/dates.js";
import { createOrganisationUsers, grantRole } from "../account/repository.js";
import { createCorporateMemberships } from "../membership/repository.js";
import { createProfiles } from "../profile/repository.js";

type Client = Prisma.TransactionClient;

type NewUser = BodyOf<typeof api.addOrganisationUser>;

export type UserSort = (typeof ORGANISATION_USER_SORTS)[number];

export interface ReportRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  hours: number;
  entries: number;
  lastActivity: string | null;
  joined: Date;
  invited: boolean;
  roles: string[];
}

const SORT_SQL: Record<UserSort, string> = {
  name: "lower(p.last_name) %DIR%, lower(p.first_name) %DIR%",
  email: "u.email %DIR%",
  hours: "hours %DIR%",
  entries: "entries %DIR%",
  lastActivity: "last_activity %DIR% NULLS LAST",
  joined: "u.created_at %DIR%",
};

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const REPORT_SELECT = `
  WITH agg AS (
    SELECT e.user_id, sum(e.hours)::float8 AS hours, count(*)::int AS entries, max(e.date) AS last_activity
      FROM entries e JOIN users ou ON ou.id = e.user_id
     WHERE ou.organisation_id = $1 AND e.date BETWEEN $2::date AND $3::date
     GROUP BY e.user_id
  )
  SELECT u.id, coalesce(p.first_name, '') AS "firstName", coalesce(p.last_name, '') AS "lastName", u.email,
         coalesce(a.hours, 0)::float8 AS hours, coalesce(a.entries, 0)::int AS entries,
         a.last_activity AS "lastActivity", u.created_at AS joined, (u.email_confirmed_at IS NULL) AS invited,
         array(SELECT r.role FROM user_roles r WHERE r.user_id = u.id ORDER BY r.role) AS roles`;

export async function usersReport(
  pool: pg.Pool,
  q: {
    organisationId: number;
    from: IsoDate;
    to: IsoDate;
    filter?: string | undefined;
    sortBy: UserSort;
    sortDir: "asc" | "desc";
    limit: number;
    offset: number;
    /** Only members with (or without) a revalidation registration; null: everyone. */
    registered?: boolean | null;
    /** The registration `registered` asks about is one with this regulator (REQ-REVAL-09); null: any. */
    regulator?: string | null;
  },
): Promise<{ items: ReportRow[]; total: number }> {
  const dir = q.sortDir === "desc" ? "DESC" : "ASC";
  const order = SORT_SQL[q.sortBy].replaceAll("%DIR%", dir);
  const filter = q.filter?.trim() ? containsPattern(q.filter.trim()) : null;
  const { rows } = await pool.query<ReportRow & { total: number }>({
    text: `${REPORT_SELECT}, count(*) OVER ()::int AS total
      FROM users u LEFT JOIN profiles p ON p.user_id = u.id LEFT JOIN agg a ON a.user_id = u.id
     WHERE u.organisation_id = $1
       AND ($4::text IS NULL OR p.first_name ILIKE $4 OR p.last_name ILIKE $4 OR u.email ILIKE $4
            OR (p.first_name || ' ' || p.last_name) ILIKE $4)
       AND ($7::boolean IS NULL OR EXISTS (SELECT 1 FROM registrations g
                                            WHERE g.user_id = u.id AND ($8::text IS NULL OR g.regulator = $8)) = $7)
     ORDER BY ${order}, u.id
     LIMIT $5 OFFSET $6`,
    values: [
      q.organisationId,
      q.from,
      q.to,
      filter,
      q.limit,
      q.offset,
      q.registered ?? null,
      q.regulator ?? null,
    ],
  });
  if (rows.length === 0 && q.offset > 0) {
    // Past the last page: the total still answers.
    const { rows: count } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users u LEFT JOIN profiles p ON p.user_id = u.id
        WHERE u.organisation_id = $1
          AND ($2::text IS NULL OR p.first_name ILIKE $2 OR p.last_name ILIKE $2 OR u.email ILIKE $2
               OR (p.first_name || ' ' || p.last_name) ILIKE $2)
          AND ($3::boolean IS NULL OR EXISTS (SELECT 1 FROM registrations g
                                               WHERE g.user_id = u.id AND ($4::text IS NULL OR g.regulator = $4)) = $3)`,
      [q.organisationId, filter, q.registered ?? null, q.regulator ?? null],
    );
    return { items: [], total: count[0]?.n ?? 0 };
  }
  return { items: rows.map(({ total: _t, ...r }) => r), total: rows[0]?.total ?? 0 };
}

/**
 * The report of every user of the organisation, in keyset batches by name: the CSV export
 * never holds more than one batch.
 */
export async function* reportBatches(
  pool: pg.Pool,
  q: { organisationId: number; from: IsoDate; to: IsoDate },
  batch = 500,
): AsyncGenerator<ReportRow[]> {
  let after: [string, string, string] | null = null;
  for (;;) {
    const { rows }: { rows: (ReportRow & { k1: string; k2: string })[] } = await pool.query({
      text: `${REPORT_SELECT}, lower(coalesce(p.last_name, '')) AS k1, lower(coalesce(p.first_name, '')) AS k2
        FROM users u LEFT JOIN profiles p ON p.user_id = u.id LEFT JOIN agg a ON a.user_id = u.id
       WHERE u.organisation_id = $1
         AND ($4::text IS NULL OR (lower(coalesce(p.last_name, '')), lower(coalesce(p.first_name, '')), u.id)
                                   > ($4::text, $5::text, $6::uuid))
       ORDER BY lower(coalesce(p.last_name, '')), lower(coalesce(p.first_name, '')), u.id
       LIMIT $7`,
      values: [
        q.organisationId,
        q.from,
        q.to,
        after?.[0] ?? null,
        after?.[1] ?? null,
        after?.[2] ?? null,
        batch,
      ],
    });
    if (rows.length === 0) return;
    const last = rows[rows.length - 1] as ReportRow & { k1: string; k2: string };
    after = [last.k1, last.k2, last.id];
    yield rows.map(({ k1: _a, k2: _b, ...r }) => r);
    if (rows.length < batch) return;
  }
}

export interface OrganisationRow {
  id: number;
  key: string;
  name: string;
  governingBodyType: string | null;
  userCount: number;
}

export async function organisations(
  pool: pg.Pool,
  q: { only: number | null; filter?: string | undefined; limit: number; offset: number },
): Promise<{ items: OrganisationRow[]; total: number }> {
  const filter = q.filter?.trim() ? containsPattern(q.filter.trim()) : null;
  const { rows } = await pool.query<OrganisationRow & { total: number }>({
    text: `SELECT o.id, o.key, o.name, o.governing_body_type AS "governingBodyType",
                  (SELECT count(*)::int FROM users u WHERE u.organisation_id = o.id) AS "userCount",
                  count(*) OVER ()::int AS total
             FROM organisations o
            WHERE ($1::int IS NULL OR o.id = $1) AND ($2::text IS NULL OR o.name ILIKE $2 OR o.key ILIKE $2)
            ORDER BY lower(o.name), o.id
            LIMIT $3 OFFSET $4`,
    values: [q.only, filter, q.limit, q.offset],
  });
  return { items: rows.map(({ total: _t, ...r }) => r), total: rows[0]?.total ?? 0 };
}

export interface AnalyticsFigures {
  users: number;
  activeUsers: number;
  entries: number;
  hours: number;
  months: { month: string; hours: number; entries: number; low: number; partial: number; complete: number }[];
  categories: { category: string; hours: number; entries: number }[];
}

/** Every figure of the analytics screen, in two queries; every month of the range is present. */
export async function analytics(
  pool: pg.Pool,
  q: { organisationId: number; from: IsoDate; to: IsoDate; role: string | null },
): Promise<AnalyticsFigures> {
  const scope = `
    WITH members AS (
      SELECT u.id FROM users u
       WHERE u.organisation_id = $1
         AND ($4::text IS NULL OR EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role = $4))
    ), ranged AS (
      SELECT e.user_id, e.date, coalesce(e.hours, 0)::float8 AS hours, e.category, e.completeness
        FROM entries e JOIN members m ON m.id = e.user_id
       WHERE e.date BETWEEN $2::date AND $3::date
    )`;
  const values = [q.organisationId, q.from, q.to, q.role];
  const [totals, months, categories] = await Promise.all([
    pool.query<{ users: number; activeUsers: number; entries: number; hours: number }>({
      text: `${scope}
        SELECT (SELECT count(*)::int FROM members) AS users,
               (SELECT count(DISTINCT user_id)::int FROM ranged) AS "activeUsers",
               (SELECT count(*)::int FROM ranged) AS entries,
               (SELECT coalesce(sum(hours), 0)::float8 FROM ranged) AS hours`,
      values,
    }),
    pool.query<AnalyticsFigures["months"][number]>({
      text: `${scope}
        SELECT to_char(m.month, 'YYYY-MM') AS month,
               coalesce(sum(r.hours), 0)::float8 AS hours, count(r.user_id)::int AS entries,
               count(*) FILTER (WHERE r.completeness = 1)::int AS low,
               count(*) FILTER (WHERE r.completeness = 2)::int AS partial,
               count(*) FILTER (WHERE r.completeness = 3)::int AS complete
          FROM generate_series(date_trunc('month', $2::date), date_trunc('month', $3::date), interval '1 month') AS m(month)
          LEFT JOIN ranged r ON date_trunc('month', r.date) = m.month
         GROUP BY m.month ORDER BY m.month`,
      values,
    }),
    pool.query<AnalyticsFigures["categories"][number]>({
      text: `${scope}
        SELECT coalesce(category, 'Uncategorised') AS category, sum(hours)::float8 AS hours, count(*)::int AS entries
          FROM ranged GROUP BY 1 ORDER BY 2 DESC, 1`,
      values,
    }),
  ]);
  const t = totals.rows[0] ?? { users: 0, activeUsers: 0, entries: 0, hours: 0 };
  return { ...t, months: months.rows, categories: categories.rows };
}

/**
 * New corporate members, a few statements whatever their number (one per table): onboarding sets
 * the password and confirms the address. Answers their ids, in the order given.
 */
export async function createMembers(
  tx: Prisma.TransactionClient,
  organisationId: number,
  users: NewUser[],
  now: Date,
  today: IsoDate,
): Promise<string[]> {
  const rows = users.map((u) => ({ id: randomUUID(), u }));
  const ids = rows.map((r) => r.id);
  await createOrganisationUsers(
    tx,
    organisationId,
    rows.map(({ id, u }) => ({ id, email: u.email.trim().toLowerCase() })),
    now,
  );
  await grantRole(tx, ROLES.userBasic, ids);
  await createProfiles(
    tx,
    rows.map(({ id, u }) => ({ userId: id, firstName: u.firstName.trim(), lastName: u.lastName.trim() })),
  );
  await createCorporateMemberships(tx, ids, toDateColumn(today));
  return ids;
}

// ---- Organisations and annual reviews ----

/** A new organisation; answers what the single sign-on check needs. */
export const createOrganisation = (db: Client, data: Prisma.OrganisationCreateInput) =>
  db.organisation.create({
    data,
    select: { id: true, usesOauth: true, oidcIssuer: true, oidcClientId: true, oidcClientSecret: true },
  });

/** Changes some of an organisation's columns. */
export const updateOrganisation = (db: Client, id: number, data: Prisma.OrganisationUpdateInput) =>
  db.organisation.update({ where: { id }, data });

/** The same, answering the columns `select` names. */
export const updateOrganisationSelect = <S extends Prisma.OrganisationSelect>(
  db: Client,
  id: number,
  data: Prisma.OrganisationUpdateInput,
  select: S,
) => db.organisation.update({ where: { id }, data, select });

/** A manager's annual review of a member, answering the columns `select` names. */
export const createReview = <S extends Prisma.AnnualReviewSelect>(
  db: Client,
  data: Prisma.AnnualReviewUncheckedCreateInput,
  select: S,
) => db.annualReview.create({ data, select });

/** The organisation's columns that `select` names, or null. */
/** The regulator the user's organisation requires a registration with (REQ-REVAL-09); null: none. */
export async function requiredRegulatorOf(db: Client, userId: string): Promise<string | null> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { organisation: { select: { requiredRegulator: true } } },
  });
  return user?.organisation?.requiredRegulator ?? null;
}

export const findOrganisation = <S extends Prisma.OrganisationSelect>(db: Client, id: number, select: S) =>
  db.organisation.findUnique({ where: { id }, select });
