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
import { refuseSharedEntry } from "../identifiers/gate.js";
import * as repo from "./repository.js";

type Item = ResponseOf<typeof api.listSharedCpd>["items"][number];

const validWebsite = (v: string) => {
  try {
    const u = new URL(v);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname.includes(".");
  } catch {
    return false;
  }
};

function validateShare(body: BodyOf<typeof api.shareEntry>) {
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
  const entry = await repo.ownedEntryWithShare(deps.prisma, entryId, userId);
  if (!entry) throw notFound("Entry not found", "ENTRY_NOT_FOUND");
  if (entry.type !== "diary") throw badRequest(M.onlyDiary, "ONLY_DIARY");
  if (entry.share) throw conflict(M.alreadyShared, "ALREADY_SHARED");
  const typed = [
    ["sharedTitle", data.title],
    ["sharedDescription", data.description],
  ] as const;
  await refuseSharedEntry(deps, userId, entry, typed);
  const created = await repo.createShare(deps.prisma, { entryId, userId, ...data });
  return { message: M.shared, shareId: created.id };
}

export async function unshare(deps: Deps, userId: string, shareId: string) {
  const deleted = await repo.deleteOwned(deps.prisma, shareId, userId);
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
  const rows = await repo.communityPage(deps.pool, userId, q, perPage, page);
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

/** One vote per user: the vote row and the counter change together, or not at all (repository.ts). */
export async function vote(deps: Deps, userId: string, id: string, on: boolean) {
  const row = await repo.vote(deps.pool, userId, id, on);
  if (!row) {
    const exists = await repo.visibleOwner(deps.prisma, id);
    if (exists?.userId === userId) throw badRequest("You cannot upvote your own shared CPD", "OWN_SHARE");
    throw notFound("Shared CPD not found", "SHARE_NOT_FOUND");
  }
  return { currentUpvotes: row.upvotes };
}
