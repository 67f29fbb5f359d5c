// Data access of the shared CPD module: every write of shared_cpd and shared_cpd_upvotes
// (docs/decisions/0016-table-ownership.md). Functions taking `db` accept the client or a
// transaction's.

import type { api, QueryOf } from "@cpd/contract";
import type pg from "pg";
import type { Prisma } from "../../generated/prisma/client.js";
import { likePattern, listFilter } from "../../lib/sql-list.js";

/** A moderator's hidden items stay hidden; who hid them is forgotten (their account is deleted). */
export const forgetModerator = (db: Prisma.TransactionClient, userId: string) =>
  db.sharedCpd.updateMany({ where: { hiddenBy: userId }, data: { hiddenBy: null } });

type Client = Prisma.TransactionClient;

export const createShare = (
  db: Client,
  data: {
    entryId: string;
    userId: string;
    title: string;
    description: string;
    category: string;
    websiteUrl: string;
  },
) => db.sharedCpd.create({ data });

export const deleteOwned = (db: Client, id: string, userId: string) =>
  db.sharedCpd.deleteMany({ where: { id, userId } });

/**
 * One vote per user: the vote row and the counter change together, or not at all (one
 * statement). Answers the new count, or no row when the item is not there to vote on.
 */
export async function vote(pool: pg.Pool, userId: string, id: string, on: boolean) {
  const sql = on
    ? `WITH target AS (SELECT id FROM shared_cpd WHERE id = $1 AND user_id <> $2 AND hidden_at IS NULL),
            changed AS (INSERT INTO shared_cpd_upvotes (shared_id, user_id) SELECT id, $2 FROM target
                        ON CONFLICT DO NOTHING RETURNING 1)
       UPDATE shared_cpd SET upvotes = upvotes + (SELECT count(*) FROM changed) WHERE id IN (SELECT id FROM target)
       RETURNING upvotes`
    : `WITH changed AS (DELETE FROM shared_cpd_upvotes WHERE shared_id = $1 AND user_id = $2 RETURNING 1)
       UPDATE shared_cpd SET upvotes = upvotes - (SELECT count(*) FROM changed) WHERE id = $1
       RETURNING upvotes`;
  const { rows } = await pool.query<{ upvotes: number }>(sql, [id, userId]);
  return rows[0];
}

export const visibleOwner = (db: Client, id: string) =>
  db.sharedCpd.findFirst({
    where: { id, hiddenAt: null },
    select: { userId: true },
  });

export const moderationState = (tx: Client, id: string) =>
  tx.sharedCpd.findUnique({
    where: { id },
    select: { userId: true, category: true, hiddenReason: true },
  });

export const moderate = (
  tx: Client,
  id: string,
  data: { hiddenAt?: Date | null; hiddenReason?: string | null; hiddenBy?: string | null; category?: string },
) => tx.sharedCpd.update({ where: { id }, data });

// ---- the community list (service.ts) ----

export const ownedEntryWithShare = (db: Client, entryId: string, userId: string) =>
  db.entry.findFirst({
    where: { id: entryId, userId },
    include: { share: true },
  });

export async function communityPage(
  pool: pg.Pool,
  userId: string,
  q: QueryOf<typeof api.listSharedCpd>,
  perPage: number,
  page: number,
) {
  // $1 (the caller) marks their own shares and upvotes; it filters nothing. Hidden items
  // (a moderator's decision, modules/shared-cpd/moderation.ts) are nobody's to browse.
  const filter = listFilter([userId], ["s.hidden_at IS NULL"]);
  if (q.category && q.category !== "All") filter.add((p) => `s.category = ${p}`, q.category);
  if (q.search?.trim()) {
    filter.add((p) => `lower(s.title || ' ' || s.description) LIKE ${p}`, likePattern(q.search.trim()));
  }
  const order = q.sort === "helpful" ? "s.upvotes DESC, s.created_at DESC, s.id" : "s.created_at DESC, s.id";
  const { rows } = await pool.query<{
    id: string;
    title: string;
    description: string;
    category: string;
    nickname: string | null;
    date: string;
    website_url: string;
    upvotes: number;
    has_upvoted: boolean;
    mine: boolean;
    total: number;
  }>(
    `SELECT s.id, s.title, s.description, s.category, p.nickname, (s.created_at AT TIME ZONE 'Europe/London')::date AS date,
            s.website_url, s.upvotes, s.user_id = $1 AS mine, count(*) OVER ()::int AS total,
            EXISTS (SELECT 1 FROM shared_cpd_upvotes v WHERE v.shared_id = s.id AND v.user_id = $1) AS has_upvoted
       FROM shared_cpd s JOIN profiles p ON p.user_id = s.user_id
      ${filter.where()}
      ORDER BY ${order} ${filter.page(perPage, page)}`,
    filter.values,
  );
  return rows;
}

// ---- moderation (moderation.ts) ----

export interface ModeratedRow {
  id: string;
  title: string;
  description: string;
  category: string;
  websiteUrl: string;
  upvotes: number;
  createdAt: Date;
  authorId: string;
  authorEmail: string;
  authorName: string;
  organisation: string | null;
  hiddenAt: Date | null;
  hiddenReason: string | null;
  hiddenBy: string | null;
  total: number;
}

const SELECT = `
  SELECT s.id, s.title, s.description, s.category, s.website_url AS "websiteUrl", s.upvotes,
         s.created_at AS "createdAt", u.id AS "authorId", u.email AS "authorEmail",
         trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')) AS "authorName",
         o.name AS organisation, s.hidden_at AS "hiddenAt", s.hidden_reason AS "hiddenReason",
         h.email AS "hiddenBy", count(*) OVER ()::int AS total
    FROM shared_cpd s
    JOIN users u ON u.id = s.user_id
    LEFT JOIN profiles p ON p.user_id = u.id
    LEFT JOIN organisations o ON o.id = u.organisation_id
    LEFT JOIN users h ON h.id = s.hidden_by`;

/** A page of shared CPD for moderators: every member's, or one organisation's members'. */
export async function moderatedPage(
  pool: pg.Pool,
  scope: { organisationId: number | null },
  page: { perPage: number; page: number },
  q: QueryOf<typeof api.moderatedShares>,
) {
  const states = { all: [], visible: ["s.hidden_at IS NULL"], hidden: ["s.hidden_at IS NOT NULL"] };
  const filter = listFilter([], [...states[q.state ?? "all"]]);
  if (scope.organisationId !== null) filter.add((p) => `u.organisation_id = ${p}`, scope.organisationId);
  if (q.category) filter.add((p) => `s.category = ${p}`, q.category);
  if (q.search?.trim()) {
    filter.add(
      (p) => `(lower(s.title || ' ' || s.description) LIKE ${p} OR u.email LIKE ${p})`,
      likePattern(q.search.trim()),
    );
  }
  const { rows } = await pool.query<ModeratedRow>(
    `${SELECT} ${filter.where()} ORDER BY s.created_at DESC, s.id ${filter.page(page.perPage, page.page)}`,
    filter.values,
  );
  return rows;
}

export async function moderatedOne(pool: pg.Pool, id: string) {
  const { rows } = await pool.query<ModeratedRow>(`${SELECT} WHERE s.id = $1`, [id]);
  return rows[0];
}
