// Every query of the supervision module. Functions taking `db` accept the client
// or a transaction's; those named for a transaction step expect `tx`.

import type { Prisma } from "../../generated/prisma/client.js";
import type { Db } from "../../lib/db.js";
import { type CodeStore, codeUpdates, lockedAfter, wrongCodeUpdate } from "../../lib/guest-code.js";
import * as entriesRepo from "../entries/repository.js";

type Client = Prisma.TransactionClient;

const SHARE_SELECT = {
  id: true,
  entryId: true,
  userId: true,
  revieweeType: true,
  revieweeName: true,
  revieweeEmail: true,
  revieweeNumber: true,
  expiresAt: true,
  createdAt: true,
  revokedAt: true,
  completedAt: true,
  lockedAt: true,
} as const;

export type ShareRow = Prisma.SupervisionShareGetPayload<{ select: typeof SHARE_SELECT }>;

const ENTRY_SELECT = {
  id: true,
  userId: true,
  type: true,
  title: true,
  formId: true,
  values: true,
  supervisionLocked: true,
  supervisionCompleted: true,
} as const;

export type EntryRow = Prisma.EntryGetPayload<{ select: typeof ENTRY_SELECT }>;

export const ownedEntry = (db: Client, userId: string, entryId: string) =>
  db.entry.findFirst({ where: { id: entryId, userId }, select: ENTRY_SELECT });

export const entryById = (db: Client, entryId: string) =>
  db.entry.findUnique({ where: { id: entryId }, select: ENTRY_SELECT });

export const shareById = (db: Client, id: string) =>
  db.supervisionShare.findUnique({ where: { id }, select: SHARE_SELECT });

export const activeShare = (db: Client, entryId: string) =>
  db.supervisionShare.findFirst({ where: { entryId, revokedAt: null }, select: SHARE_SELECT });

/** Locks the entry row for a sign-off, a reset or a change to topics and comments. */
export async function lockEntryForUpdate(tx: Client, entryId: string) {
  await tx.$queryRaw`SELECT id FROM entries WHERE id = ${entryId}::uuid FOR UPDATE`;
  return entryById(tx, entryId);
}

export const signaturesOf = (db: Client, shareId: string) =>
  db.supervisionSignature.findMany({
    where: { shareId },
    select: {
      id: true,
      side: true,
      signerName: true,
      signedAt: true,
      contentHash: true,
      byReviewee: true,
      storageKey: true,
    },
    orderBy: [{ signedAt: "asc" }, { id: "asc" }],
  });

export type SignatureRow = Awaited<ReturnType<typeof signaturesOf>>[number];

const TOPIC_SELECT = {
  id: true,
  position: true,
  title: true,
  actions: true,
  completed: true,
  comments: {
    select: { id: true, body: true, authorName: true, byReviewee: true, createdAt: true, shareId: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  },
} as const satisfies Prisma.SupervisionTopicSelect;

/** The entry's topics with their comments, in the order the record shows them. */
export const topicsOf = (db: Client, entryId: string) =>
  db.supervisionTopic.findMany({
    where: { entryId },
    select: TOPIC_SELECT,
    orderBy: [{ position: "asc" }, { id: "asc" }],
  });

export const topicWithComments = (db: Client, topicId: string) =>
  db.supervisionTopic.findUnique({ where: { id: topicId }, select: TOPIC_SELECT });

export type TopicRow = Awaited<ReturnType<typeof topicsOf>>[number];

export const topicOf = (db: Client, entryId: string, topicId: string) =>
  db.supervisionTopic.findFirst({ where: { id: topicId, entryId }, select: { id: true } });

export async function nextTopicPosition(tx: Client, entryId: string) {
  const max = await tx.supervisionTopic.aggregate({ where: { entryId }, _max: { position: true } });
  return (max._max.position ?? -1) + 1;
}

export const countTopics = (tx: Client, entryId: string) => tx.supervisionTopic.count({ where: { entryId } });

export const createTopic = (
  tx: Client,
  t: { id: string; entryId: string; position: number; title: string; actions: string; createdAt: Date },
) => tx.supervisionTopic.create({ data: t, select: { id: true } });

export const updateTopic = (tx: Client, topicId: string, t: { title: string; actions: string }) =>
  tx.supervisionTopic.update({ where: { id: topicId }, data: t, select: { id: true } });

/** Removes a topic; its comments go with it (ON DELETE CASCADE). */
export const deleteTopic = (tx: Client, topicId: string) =>
  tx.supervisionTopic.delete({ where: { id: topicId }, select: { id: true } });

export interface NewShare {
  id: string;
  entryId: string;
  userId: string;
  revieweeType: string;
  revieweeName: string;
  revieweeEmail: string;
  revieweeNumber: string;
  expiresAt: Date;
  createdAt: Date;
}

export async function createShare(
  tx: Client,
  share: NewShare,
  topics: { id: string; position: number; title: string; actions: string; createdAt: Date }[],
) {
  await tx.supervisionShare.create({ data: share });
  if (topics.length)
    await tx.supervisionTopic.createMany({ data: topics.map((t) => ({ ...t, entryId: share.entryId })) });
}

/** Undoes a share whose e-mail could not be queued: the share and the topics it added. */
export async function removeShare(db: Db, shareId: string, topicIds: string[]) {
  await db.$transaction([
    db.supervisionTopic.deleteMany({ where: { id: { in: topicIds } } }),
    db.supervisionShare.deleteMany({ where: { id: shareId } }),
  ]);
}

/** Revokes the share, kills its guest sessions and code, and unfreezes the entry. */
export async function revokeShare(tx: Client, shareId: string, entryId: string, now: Date) {
  await tx.supervisionShare.update({
    where: { id: shareId },
    data: { revokedAt: now, codeHash: null, codeRequestId: null },
  });
  await tx.supervisionGuestSession.deleteMany({ where: { shareId } });
  await entriesRepo.unlockSupervision(tx, entryId);
}

/** A share with its current code: for checking a typed code, and for the code job (is it still current?). */
export const codeState = (db: Client, shareId: string) =>
  db.supervisionShare.findUnique({
    where: { id: shareId },
    select: {
      ...SHARE_SELECT,
      codeRequestId: true,
      codeHash: true,
      codeRequestedAt: true,
      codeExpiresAt: true,
      wrongCodes: true,
    },
  });

/** The code step's storage for one share (lib/guest-code.ts); open means not revoked. */
export const codeStore = (db: Db, shareId: string, ipAddress: string): CodeStore => ({
  ...codeUpdates((where, data, openAt) =>
    db.supervisionShare.updateMany({
      where: { id: shareId, ...(openAt && { revokedAt: null }), ...where },
      data,
    }),
  ),
  state: () => codeState(db, shareId),
  countWrong: (max, now) =>
    lockedAfter(db.$queryRaw`UPDATE supervision_shares SET ${wrongCodeUpdate(shareId, max, now)}`),
  createSession: (tokenHash, createdAt) =>
    db.supervisionGuestSession.create({ data: { shareId, tokenHash, ipAddress, createdAt } }),
});

export const guestSession = (db: Client, tokenHash: string) =>
  db.supervisionGuestSession.findUnique({ where: { tokenHash }, select: { shareId: true } });

/** The owner's name as the record shows it, their e-mail, and their saved signature. */
export const ownerFacts = (db: Client, userId: string) =>
  db.user.findUnique({
    where: { id: userId },
    select: {
      email: true,
      profile: { select: { firstName: true, lastName: true } },
      personal: { select: { signature: true } },
    },
  });

export const addComment = (
  tx: Client,
  c: {
    topicId: string;
    shareId: string;
    body: string;
    authorName: string;
    byReviewee: boolean;
    createdAt: Date;
  },
) => tx.supervisionComment.create({ data: c });

/** Flips a topic's Completed flag in one statement. */
export async function flipTopic(tx: Client, topicId: string) {
  await tx.$executeRaw`UPDATE supervision_topics SET completed = NOT completed WHERE id = ${topicId}::uuid`;
}

export const addSignature = (
  tx: Client,
  s: {
    shareId: string;
    side: string;
    signerName: string;
    byReviewee: boolean;
    storageKey: string;
    contentHash: string;
    ipAddress: string;
    signedAt: Date;
  },
) => tx.supervisionSignature.create({ data: s });

/** The entries module owns the row: its repository writes the flags, on this transaction. */
export const freezeEntry = (tx: Client, entryId: string, complete: boolean) =>
  entriesRepo.freezeForSupervision(tx, entryId, complete);

export const markShareCompleted = (tx: Client, shareId: string, now: Date) =>
  tx.supervisionShare.update({ where: { id: shareId }, data: { completedAt: now } });

/** A file that is evidence of the entry (files.entry_id is the one record of it). */
export const evidenceFile = (db: Client, entryId: string, fileId: string) =>
  db.storedFile.findFirst({
    where: { id: fileId, entryId },
    select: { storageKey: true, filename: true, contentType: true, size: true },
  });
