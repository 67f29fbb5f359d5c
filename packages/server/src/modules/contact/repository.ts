// Contact verification codes (table contact_verifications, one pending code per user and
// channel) and changes of e-mail (account_link_tokens purpose "email-change", email_change_log).
// Every step that two requests could race is one conditional statement. The link tokens are
// registration's table, the address account's and the verified flags profile's: their
// repositories write them (docs/decisions/0016-table-ownership.md).
import type { Prisma } from "../../generated/prisma/client.js";
import type { Db } from "../../lib/db.js";
import { setEmail } from "../account/repository.js";
import { markContactVerified } from "../profile/repository.js";
import {
  createPendingLinkToken,
  dropUnusedLinkToken,
  dropUnusedLinkTokens,
  rotateLinkTokenHash,
} from "../registration/repository.js";

type Client = Prisma.TransactionClient;

export type Channel = "mobile" | "alternative-email";

/** The user's contact details and whether an organisation manages the account (single sign-on). */
export const contactFacts = (db: Client, userId: string) =>
  db.user.findUnique({
    where: { id: userId },
    select: {
      email: true,
      organisation: { select: { usesOauth: true } },
      profile: {
        select: {
          firstName: true,
          mobileNumber: true,
          mobileVerified: true,
          alternativeEmail: true,
          alternativeEmailVerified: true,
        },
      },
    },
  });

/** True when the user belongs to an organisation that signs its members on (their e-mail and password are its). */
export async function ssoManaged(db: Client, userId: string): Promise<boolean> {
  const u = await db.user.findUnique({
    where: { id: userId },
    select: { organisation: { select: { usesOauth: true } } },
  });
  return u?.organisation?.usesOauth === true;
}

/**
 * Records a new pending code unless one was sent within the cooldown: one upsert whose update
 * is conditional, so of two racing requests only one passes. Answers whether it was recorded.
 */
export async function claimCode(
  db: Db,
  code: {
    userId: string;
    channel: Channel;
    target: string;
    codeHash: string;
    now: Date;
    expiresAt: Date;
    cooldownSeconds: number;
  },
): Promise<boolean> {
  const since = new Date(code.now.getTime() - code.cooldownSeconds * 1000);
  const n = await db.$executeRaw`
    INSERT INTO contact_verifications (user_id, channel, target, code_hash, attempts, sent_at, expires_at)
    VALUES (${code.userId}::uuid, ${code.channel}, ${code.target}, ${code.codeHash}, 0, ${code.now}, ${code.expiresAt})
    ON CONFLICT (user_id, channel) DO UPDATE
       SET target = EXCLUDED.target, code_hash = EXCLUDED.code_hash, attempts = 0,
           sent_at = EXCLUDED.sent_at, expires_at = EXCLUDED.expires_at
     WHERE contact_verifications.sent_at <= ${since}`;
  return n === 1;
}

/** The pending code of a channel, if any. */
export const pendingCode = (db: Client, userId: string, channel: Channel) =>
  db.contactVerification.findUnique({ where: { userId_channel: { userId, channel } } });

/** Removes one request's code (a failed send, a burned or stale code); a newer request is left alone. */
export const dropCode = (db: Client, userId: string, channel: Channel, sentAt: Date) =>
  db.contactVerification.deleteMany({ where: { userId, channel, sentAt } });

/** Removes the pending codes of the given channels (the detail they were sent to has changed). */
export const dropPendingCodes = (db: Client, userId: string, channels: Channel[]) =>
  db.contactVerification.deleteMany({ where: { userId, channel: { in: channels } } });

/**
 * Stores the hash of the code a job is about to send, only while the request is still the
 * channel's current one and its target is still the one the job read. Answers whether it did.
 */
export async function storeCodeHash(
  db: Client,
  key: { userId: string; channel: Channel; sentAt: Date; target: string },
  codeHash: string,
): Promise<boolean> {
  const n = await db.contactVerification.updateMany({ where: key, data: { codeHash } });
  return n.count === 1;
}

/** Counts a wrong code for one request; answers the attempts so far, or null when the code is gone. */
export async function countWrongCode(
  db: Db,
  userId: string,
  channel: Channel,
  sentAt: Date,
): Promise<number | null> {
  const rows = await db.$queryRaw<{ attempts: number }[]>`
    UPDATE contact_verifications SET attempts = attempts + 1
     WHERE user_id = ${userId}::uuid AND channel = ${channel} AND sent_at = ${sentAt}
     RETURNING attempts`;
  return rows[0]?.attempts ?? null;
}

/**
 * Uses a right code up and marks the detail verified, in one transaction: the code row is
 * deleted only if it is still this live code (of two racing right answers one gets it), and
 * the flag is set only if the profile still holds the detail the code was sent to.
 */
export async function consumeCode(
  db: Db,
  c: { userId: string; channel: Channel; codeHash: string; sentAt: Date; target: string; now: Date },
): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const used = await tx.contactVerification.deleteMany({
      where: {
        userId: c.userId,
        channel: c.channel,
        codeHash: c.codeHash,
        sentAt: c.sentAt,
        target: c.target,
        expiresAt: { gt: c.now },
      },
    });
    if (used.count !== 1) return false;
    const flagged = await markContactVerified(tx, c.userId, c.channel, c.target);
    return flagged.count === 1;
  });
}

// ---- Change of e-mail ----

const EMAIL_CHANGE = "email-change" as const;

/** A user id holding this address, if any (the unique e-mail index). */
export const userIdByEmail = (db: Client, email: string) =>
  db.user.findUnique({ where: { email }, select: { id: true } });

/**
 * Records a change request: the user's earlier pending requests go, and a row holding the new
 * address waits for the job that mails the link. Its token hash is a placeholder no link can
 * match ("pending:…" is not a SHA-256): the job replaces it with the hash of the token it mails.
 */
export function createChangeRequest(
  db: Db,
  r: { userId: string; newEmail: string; placeholder: string; now: Date; expiresAt: Date },
) {
  return db.$transaction([
    dropUnusedLinkTokens(db, r.userId, EMAIL_CHANGE),
    createPendingLinkToken(db, {
      placeholder: r.placeholder,
      userId: r.userId,
      purpose: EMAIL_CHANGE,
      newEmail: r.newEmail,
      expiresAt: r.expiresAt,
      now: r.now,
    }),
  ]);
}

/** Removes a request whose job could not be queued. */
export const dropChangeRequest = (db: Client, placeholder: string) => dropUnusedLinkToken(db, placeholder);

/** The live change request made at `requestedAt`, if it is still the user's current one. */
export const liveChangeRequest = (db: Client, userId: string, requestedAt: Date, now: Date) =>
  db.accountLinkToken.findFirst({
    where: { userId, purpose: EMAIL_CHANGE, createdAt: requestedAt, usedAt: null, expiresAt: { gt: now } },
    select: { tokenHash: true, newEmail: true },
  });

/** Gives a request the hash of the token about to be mailed (its earlier token, if any, stops working). */
export const rotateChangeToken = (db: Client, fromHash: string, toHash: string): Promise<boolean> =>
  rotateLinkTokenHash(db, fromHash, toHash);

/**
 * The change itself, inside the caller's transaction: the address (now confirmed by the link),
 * a history row, every session retired (token version), the other pending requests dropped.
 * Answers the history row's id, or "taken" when another account holds the address.
 */
export async function applyEmailChange(
  tx: Client,
  c: { userId: string; previousEmail: string; newEmail: string; now: Date },
): Promise<string | "taken"> {
  const holder = await userIdByEmail(tx, c.newEmail);
  if (holder) return "taken";
  await setEmail(tx, c.userId, c.newEmail, c.now);
  const row = await tx.emailChangeLog.create({
    data: { userId: c.userId, previousEmail: c.previousEmail, newEmail: c.newEmail, dateChanged: c.now },
    select: { id: true },
  });
  await dropUnusedLinkTokens(tx, c.userId, EMAIL_CHANGE);
  return row.id;
}

/** One history row with the user's first name (for the notice to the old address). */
export const changeLogEntry = (db: Client, id: string) =>
  db.emailChangeLog.findUnique({
    where: { id },
    select: {
      previousEmail: true,
      newEmail: true,
      dateChanged: true,
      user: { select: { profile: { select: { firstName: true } } } },
    },
  });

/** A page of the user's changes, newest first (index user_id, date_changed DESC), and the count. */
export async function changeHistory(db: Db, userId: string, page: number, size: number) {
  const [items, total] = await db.$transaction([
    db.emailChangeLog.findMany({
      where: { userId },
      orderBy: [{ dateChanged: "desc" }, { id: "desc" }],
      skip: (page - 1) * size,
      take: size,
      select: { dateChanged: true, previousEmail: true, newEmail: true },
    }),
    db.emailChangeLog.count({ where: { userId } }),
  ]);
  return { items, total };
}
