// Moderating shared CPD: administrators see every item, hidden ones too, and hide, restore or
// recategorise them; organisation managers see their members' items. Hidden items leave the
// community list (service.ts) but stay with the author's entry. Every change is logged.
import type { api, BodyOf, QueryOf, ResponseOf } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { notFound } from "../../lib/errors.js";
import type { Caller } from "../../policies/caller.js";
import { actingAccount, recordActivity } from "../activity-log/repository.js";
import * as repo from "./repository.js";

type Share = ResponseOf<typeof api.hideShare>;
type Query = QueryOf<typeof api.moderatedShares>;

const toShare = (r: repo.ModeratedRow): Share => ({
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
  const rows = await repo.moderatedPage(deps.pool, scope, page, q);
  return { items: rows.map(toShare), total: rows[0]?.total ?? 0 };
}

async function one(deps: Deps, id: string): Promise<Share> {
  const row = await repo.moderatedOne(deps.pool, id);
  if (!row) throw notFound("Shared CPD not found", "SHARE_NOT_FOUND");
  return toShare(row);
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
    const before = await repo.moderationState(tx, id);
    if (!before) throw notFound("Shared CPD not found", "SHARE_NOT_FOUND");
    await repo.moderate(tx, id, data);
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
