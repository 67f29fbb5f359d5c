// The contract's Reviewee: a share as the form shows it, with its topics, comments and
// the current share's signatures (a revoked share's are never shown).

import type {
  Reviewee,
  SignatureRecord,
  SupervisionComment,
  SupervisionSide,
  SupervisionStatus,
  SupervisionTopic,
} from "@cpd/contract";
import type { Static } from "@sinclair/typebox";
import type { Prisma } from "../../generated/prisma/client.js";
import * as repo from "./repository.js";

export type RevieweeOut = Static<typeof Reviewee>;
type TopicOut = Static<typeof SupervisionTopic>;
type CommentOut = Static<typeof SupervisionComment>;
type SignatureOut = Static<typeof SignatureRecord>;

/** "completed" if completed; else "expired" once past expiry; else "locked" after too many wrong codes. */
export function shareStatus(
  share: Pick<repo.ShareRow, "completedAt" | "expiresAt" | "lockedAt">,
  now: Date,
): SupervisionStatus {
  if (share.completedAt) return "completed";
  if (now.getTime() >= share.expiresAt.getTime()) return "expired";
  if (share.lockedAt) return "locked";
  return "shared";
}

export const fullName = (p: { firstName: string; lastName: string } | null | undefined) =>
  `${p?.firstName ?? ""} ${p?.lastName ?? ""}`.trim();

export const isExpired = (share: Pick<repo.ShareRow, "expiresAt">, now: Date) =>
  now.getTime() >= share.expiresAt.getTime();

export function commentOut(c: repo.TopicRow["comments"][number], topicId: string): CommentOut {
  return {
    Id: c.id,
    Comment: c.body,
    CommentBy: c.authorName,
    CommentDate: c.createdAt.toISOString(),
    SupervisionId: c.shareId,
    TopicId: topicId,
    ByReviewee: c.byReviewee,
  };
}

export function topicOut(t: repo.TopicRow): TopicOut {
  return {
    TopicId: t.id,
    TopicTitle: t.title,
    TopicActions: t.actions,
    Completed: t.completed ? "1" : "0",
    Comments: t.comments.map((c) => commentOut(c, t.id)),
  };
}

export function signatureOut(s: repo.SignatureRow): SignatureOut {
  return {
    side: s.side as SupervisionSide,
    signerName: s.signerName,
    signedAt: s.signedAt.toISOString(),
    contentHash: s.contentHash,
    byReviewee: s.byReviewee,
  };
}

function revieweeOut(
  share: repo.ShareRow,
  topics: repo.TopicRow[],
  signatures: repo.SignatureRow[],
  now: Date,
): RevieweeOut {
  const own = signatures.find((s) => !s.byReviewee);
  const theirs = signatures.find((s) => s.byReviewee);
  return {
    Id: share.id,
    RevieweeType: share.revieweeType as SupervisionSide,
    RevieweeName: share.revieweeName,
    RevieweeEmail: share.revieweeEmail,
    RevieweeNumber: share.revieweeNumber,
    ExpiresAt: share.expiresAt.toISOString(),
    Signature: own ? signatureOut(own) : null,
    RevieweeSignature: theirs ? signatureOut(theirs) : null,
    Completed: share.completedAt ? "1" : "0",
    Status: shareStatus(share, now),
    Topics: topics.map(topicOut),
  };
}

/** The Reviewee of a share, loaded. */
export async function loadReviewee(db: Prisma.TransactionClient, share: repo.ShareRow, now: Date) {
  const [topics, signatures] = await Promise.all([
    repo.topicsOf(db, share.entryId),
    repo.signaturesOf(db, share.id),
  ]);
  return revieweeOut(share, topics, signatures, now);
}

/** The entry's current (unrevoked) share as a Reviewee, or null when it is not shared. */
export async function revieweeForEntry(db: Prisma.TransactionClient, entryId: string, now: Date) {
  const share = await repo.activeShare(db, entryId);
  return share ? loadReviewee(db, share, now) : null;
}
