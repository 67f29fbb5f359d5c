// Shared CPD: diary entries shared with the community, browsed and upvoted.
import {
  type api,
  type BodyOf,
  SHARED_CPD_MESSAGES as M,
  type QueryOf,
  type ResponseOf,
  SHARED_CPD_CATEGORIES,
  SHARED_CPD_DESCRIPTION_MAX,
} from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { likePattern, listFilter } from "../../lib/sql-list.js";

type Item = ResponseOf<typeof api.listSharedCpd>["items"][number];

const validWebsite = (v: string) => {
  try {
    const u = new URL(v);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname.includes(".");
  } catch {
    return false;
  }
};

export function validateShare(body: BodyOf<typeof api.shareEntry>) {
  const title = body.title.trim();
  const description = body.description.trim();
  const category = body.category.trim();
  const websiteUrl = body.websiteUrl.trim();
  if (!title) throw badRequest(M.titleRequired, "TITLE_REQUIRED");
  if (!description) throw badRequest(M.descriptionRequired, "DESCRIPTION_REQUIRED");
  if (description.length > SHARED_CPD_DESCRIPTION_MAX)
    throw badRequest(M.descriptionTooLong, "DESCRIPTION_TOO_LONG");
  if (!(SHARED_CPD_CATEGORIES as readonly string[]).includes(category))
    throw badRequest(M.categoryRequired, "CATEGORY_REQUIRED");
  if (!validWebsite(websiteUrl)) throw badRequest(M.invalidWebsite, "INVALID_WEBSITE");
  return { title, description, category, websiteUrl };
}

export async function share(
  deps: Deps,
  userId: string,
  entryId: string,
  body: BodyOf<typeof api.shareEntry>,
) {
  const data = validateShare(body);
  const entry = await deps.prisma.entry.findFirst({
    where: { id: entryId, userId },
    include: { share: true },
  });
  if (!entry) throw notFound("Entry not found", "ENTRY_NOT_FOUND");
  if (entry.type !== "diary") throw badRequest(M.onlyDiary, "ONLY_DIARY");
  if (entry.share) throw conflict(M.alreadyShared, "ALREADY_SHARED");
  const created = await deps.prisma.sharedCpd.create({ data: { entryId, userId, ...data } });
  return { message: M.shared, shareId: created.id };
}

export async function unshare(deps: Deps, userId: string, shareId: string) {
  const deleted = await deps.prisma.sharedCpd.deleteMany({ where: { id: shareId, userId } });
  if (deleted.count !== 1) throw notFound("Shared CPD not found", "SHARE_NOT_FOUND");
  return {};
}

export async function list(
  deps: Deps,
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
  const { rows } = await deps.pool.query<{
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
  const items: Item[] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    avatarUrl: null,
    category: r.category,
    nickname: r.nickname?.trim() || "Anonymous",
    date: r.date,
    websiteUrl: r.website_url,
    upvotes: r.upvotes,
    hasUpvoted: r.has_upvoted,
    mine: r.mine,
  }));
  return { items, total: rows[0]?.total ?? 0 };
}

/** One vote per user: the vote row and the counter change together, or not at all. */
export async function vote(deps: Deps, userId: string, id: string, on: boolean) {
  const sql = on
    ? `WITH target AS (SELECT id FROM shared_cpd WHERE id = $1 AND user_id <> $2 AND hidden_at IS NULL),
            changed AS (INSERT INTO shared_cpd_upvotes (shared_id, user_id) SELECT id, $2 FROM target
                        ON CONFLICT DO NOTHING RETURNING 1)
       UPDATE shared_cpd SET upvotes = upvotes + (SELECT count(*) FROM changed) WHERE id IN (SELECT id FROM target)
       RETURNING upvotes`
    : `WITH changed AS (DELETE FROM shared_cpd_upvotes WHERE shared_id = $1 AND user_id = $2 RETURNING 1)
       UPDATE shared_cpd SET upvotes = upvotes - (SELECT count(*) FROM changed) WHERE id = $1
       RETURNING upvotes`;
  const { rows } = await deps.pool.query<{ upvotes: number }>(sql, [id, userId]);
  if (!rows[0]) {
    const exists = await deps.prisma.sharedCpd.findFirst({
      where: { id, hiddenAt: null },
      select: { userId: true },
    });
    if (exists?.userId === userId) throw badRequest("You cannot upvote your own shared CPD", "OWN_SHARE");
    throw notFound("Shared CPD not found", "SHARE_NOT_FOUND");
  }
  return { currentUpvotes: rows[0].upvotes };
}
