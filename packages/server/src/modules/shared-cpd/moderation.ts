// Moderating shared CPD: administrators see every item, hidden ones too, and hide, restore or
// recategorise them; organisation managers see their members' items. Hidden items leave the
// community list (service.ts) but stay with the author's entry. Every change is logged.
import type { api, BodyOf, QueryOf, ResponseOf } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { notFound } from "../../lib/errors.js";
import { likePattern, listFilter } from "../../lib/sql-list.js";
import type { Caller } from "../../policies/caller.js";
import { actingAccount, recordActivity } from "../activity-log/record.js";

type Share = ResponseOf<typeof api.hideShare>;
type Query = QueryOf<typeof api.moderatedShares>;

interface Row {
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

const toShare = (r: Row): Share => ({
  id: r.id,
  title: r.title,
  description: r.description,
  category: r.category,
  websiteUrl: r.websiteUrl,
  upvotes: r.upvotes,
  createdAt: r.createdAt.toISOString(),
  author: { id: r.authorId, email: r.authorEmail, name: r.authorName },
  organisation: r.organisation,
  hidden: r.hiddenAt ? { at: r.hiddenAt.toISOString(), reason: r.hiddenReason ?? "", by: r.hiddenBy } : null,
});

/** A page of shared CPD, every member's or one organisation's members', newest first. */
export async function list(
  deps: Deps,
  scope: { organisationId: number | null },
  page: { perPage: number; page: number },
  q: Query,
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
  const { rows } = await deps.pool.query<Row>(
    `${SELECT} ${filter.where()} ORDER BY s.created_at DESC, s.id ${filter.page(page.perPage, page.page)}`,
    filter.values,
  );
  return { items: rows.map(toShare), total: rows[0]?.total ?? 0 };
}

async function one(deps: Deps, id: string): Promise<Share> {
  const { rows } = await deps.pool.query<Row>(`${SELECT} WHERE s.id = $1`, [id]);
  if (!rows[0]) throw notFound("Shared CPD not found", "SHARE_NOT_FOUND");
  return toShare(rows[0]);
}

/** Changes one item and logs it in the same transaction; unknown ids are 404 and change nothing. */
async function change(
  deps: Deps,
  caller: Caller,
  id: string,
  action: string,
  data: { hiddenAt?: Date | null; hiddenReason?: string | null; hiddenBy?: string | null; category?: string },
  details: (before: { category: string; hiddenReason: string | null }) => Record<string, string | null>,
) {
  await deps.prisma.$transaction(async (tx) => {
    const before = await tx.sharedCpd.findUnique({
      where: { id },
      select: { userId: true, category: true, hiddenReason: true },
    });
    if (!before) throw notFound("Shared CPD not found", "SHARE_NOT_FOUND");
    await tx.sharedCpd.update({ where: { id }, data });
    await recordActivity(tx, {
      action,
      actorId: actingAccount(caller),
      subjectId: before.userId,
      details: { share: id, ...details(before) },
    });
  });
  return one(deps, id);
}

export const hide = (deps: Deps, caller: Caller, id: string, body: BodyOf<typeof api.hideShare>) => {
  const reason = body.reason.trim() || "Hidden by a moderator";
  return change(
    deps,
    caller,
    id,
    "shared-cpd.hidden",
    { hiddenAt: deps.now(), hiddenReason: reason, hiddenBy: actingAccount(caller) },
    () => ({ reason }),
  );
};

export const restore = (deps: Deps, caller: Caller, id: string) =>
  change(
    deps,
    caller,
    id,
    "shared-cpd.restored",
    { hiddenAt: null, hiddenReason: null, hiddenBy: null },
    (b) => ({ reason: b.hiddenReason }),
  );

export const recategorise = (
  deps: Deps,
  caller: Caller,
  id: string,
  body: BodyOf<typeof api.recategoriseShare>,
) =>
  change(deps, caller, id, "shared-cpd.recategorised", { category: body.category }, (b) => ({
    from: b.category,
    to: body.category,
  }));
