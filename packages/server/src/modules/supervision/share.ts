// Sharing a supervision record with the other party, resetting the share, and what a
// review link shows before the 2FA step (REQ-SUP-02, REQ-SUP-03).
import { randomUUID } from "node:crypto";
import {
  type api,
  type BodyOf,
  SUPERVISION_MESSAGES as M,
  otherSide,
  SUPERVISION,
  ukMobile,
  validPhoneNumber,
} from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { supervisionEmailJob, supervisionEmailJobId } from "../../jobs/definitions/supervision-email.js";
import { AppError, badRequest, notFound } from "../../lib/errors.js";
import { mapDbError, ServiceUnavailable } from "../../lib/store-errors.js";
import { ENTRY_NOT_FOUND } from "../entries/service.js";
import { refuseSharedEntry } from "../identifiers/gate.js";
import { maskEmail, maskNumber } from "./codes.js";
import { LINK_EXPIRED, NOT_SHARED, ownerSide } from "./party.js";
import * as repo from "./repository.js";
import { isExpired, loadReviewee, shareStatus } from "./reviewee.js";

type ShareBody = BodyOf<typeof api.shareSupervision>;

// The contract's Email pattern (NUL never arrives: every Text refuses it).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DAY_MS = 86_400_000;

const LINK_INVALID = () => notFound(M.linkInvalid, "LINK_INVALID");
const completedLocked = () => new AppError(409, "ENTRY_LOCKED", M.completedLocked);
const field = (message: string) => badRequest(message, "REVIEWEE_FIELD");

/** The reviewee's details, trimmed, or the 400 naming the first wrong one. */
function checkReviewee(reviewee: ShareBody["reviewee"]) {
  const name = reviewee.name.trim();
  const email = reviewee.email.trim();
  const number = reviewee.number.trim();
  if (!name) throw field(M.nameRequired);
  if (!email) throw field(M.emailRequired);
  if (!EMAIL.test(email)) throw field(M.emailInvalid);
  if (!number) throw field(M.numberRequired);
  if (!validPhoneNumber(number)) throw field(M.numberInvalid);
  if (!SUPERVISION.expiryDays.includes(reviewee.expiry)) throw field(M.expiryRequired);
  return { name, email, number, days: reviewee.expiry };
}

/** A topic to add or change, trimmed; it needs a title. */
export function checkTopic(t: ShareBody["topics"][number]) {
  const title = t.title.trim();
  if (!title) throw badRequest(M.topicTitleRequired, "TOPIC_TITLE_REQUIRED");
  return { title, actions: (t.actions ?? "").trim() };
}

/** The topics to add, trimmed; every one needs a title. */
const checkTopics = (topics: ShareBody["topics"]) => topics.map(checkTopic);

export async function share(deps: Deps, userId: string, body: ShareBody) {
  const entry = await repo.ownedEntry(deps.prisma, userId, body.entryId);
  if (!entry) throw ENTRY_NOT_FOUND();
  if (entry.type !== "supervision") throw badRequest(M.notSupervision, "NOT_SUPERVISION");
  if (entry.supervisionCompleted) throw completedLocked();
  const role = ownerSide(entry.values);
  if (!role) throw badRequest(M.roleRequired, "SUPERVISION_ROLE_REQUIRED");
  if (body.reviewee.type !== otherSide(role))
    throw badRequest(M.typeMismatch.replace("{role}", role), "REVIEWEE_TYPE");
  const who = checkReviewee(body.reviewee);
  const topics = checkTopics(body.topics);
  const typed = topics.flatMap((t) => [
    ["topicTitle", t.title] as const,
    ["topicActions", t.actions] as const,
  ]);
  // The reviewee opens the entry's evidence files too (review.ts).
  await refuseSharedEntry(deps, userId, entry, typed, true);

  const now = deps.now();
  const shareId = randomUUID();
  const topicIds = topics.map(() => randomUUID());
  try {
    await deps.prisma.$transaction(async (tx) => {
      const locked = await repo.lockEntryForUpdate(tx, entry.id);
      if (!locked) throw ENTRY_NOT_FOUND();
      if (locked.supervisionCompleted) throw completedLocked();
      if (await repo.activeShare(tx, entry.id)) throw alreadyShared();
      const first = await repo.nextTopicPosition(tx, entry.id);
      await repo.createShare(
        tx,
        {
          id: shareId,
          entryId: entry.id,
          userId,
          revieweeType: body.reviewee.type,
          revieweeName: who.name,
          revieweeEmail: who.email,
          revieweeNumber: who.number,
          expiresAt: new Date(now.getTime() + who.days * DAY_MS),
          createdAt: now,
        },
        topics.map((t, i) => ({ id: topicIds[i] as string, position: first + i, ...t, createdAt: now })),
      );
    });
  } catch (err) {
    // Two racing shares: the partial unique index lets one through.
    if (mapDbError(err)?.code === "ALREADY_EXISTS") throw alreadyShared();
    throw err;
  }
  try {
    await deps.queues.enqueue(
      supervisionEmailJob,
      { shareId, kind: "shared", recipient: "reviewee" },
      supervisionEmailJobId(shareId, "shared", "reviewee"),
    );
  } catch (err) {
    await repo.removeShare(deps.prisma, shareId, topicIds);
    deps.log.error({ err }, "could not queue a supervision share e-mail");
    throw new ServiceUnavailable("The record cannot be shared just now. Please try again in a moment.");
  }
  const created = await repo.shareById(deps.prisma, shareId);
  if (!created) throw NOT_SHARED();
  return { message: M.shared, reviewee: await loadReviewee(deps.prisma, created, now) };
}

const alreadyShared = () => new AppError(409, "ALREADY_SHARED", M.alreadyShared);

export async function reset(deps: Deps, userId: string, entryId: string) {
  const entry = await repo.ownedEntry(deps.prisma, userId, entryId);
  if (!entry) throw ENTRY_NOT_FOUND();
  await deps.prisma.$transaction(async (tx) => {
    await repo.lockEntryForUpdate(tx, entryId);
    const current = await repo.activeShare(tx, entryId);
    if (!current) throw NOT_SHARED();
    if (current.completedAt) throw completedLocked();
    await repo.revokeShare(tx, current.id, entryId, deps.now());
  });
  return { message: M.reset };
}

/** The share a public link names: 404 once unknown or reset, 410 once expired. */
export async function openShare(deps: Deps, shareId: string) {
  const s = await repo.shareById(deps.prisma, shareId);
  if (!s || s.revokedAt) throw LINK_INVALID();
  if (isExpired(s, deps.now())) throw LINK_EXPIRED();
  return s;
}

/** Whether the code of this share also goes by text. */
export const codeBySms = (deps: Deps, number: string) =>
  deps.config.sms !== null && ukMobile(number) !== null;

export async function link(deps: Deps, shareId: string) {
  const s = await openShare(deps, shareId);
  const status = shareStatus(s, deps.now());
  return {
    status: status === "expired" ? ("shared" as const) : status,
    maskedEmail: maskEmail(s.revieweeEmail),
    maskedNumber: codeBySms(deps, s.revieweeNumber) ? maskNumber(s.revieweeNumber) : null,
    expiresAt: s.expiresAt.toISOString(),
  };
}
