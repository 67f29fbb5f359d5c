// Every query of registration and onboarding, and every write of account_notices and
// account_link_tokens (docs/decisions/0016-table-ownership.md). Functions taking `db` accept the
// client or a transaction's.
import type { Prisma } from "../../generated/prisma/client.js";
import { randomToken, sha256 } from "../../lib/crypto.js";
import type { Db } from "../../lib/db.js";
import * as accounts from "../account/repository.js";
import { forgetActor, recordActivity } from "../activity-log/repository.js";
import { recordGoverningBodies } from "../profile/repository.js";

type Client = Prisma.TransactionClient;

/** The one indexed lookup of an address (users.email is unique and stored lower-cased). */
export const userIdByEmail = (db: Client, email: string) =>
  db.user.findUnique({ where: { email }, select: { id: true } });

export type NewAccount = accounts.NewRegisteredUser;

/** Which e-mails are rate limited per user: at most one per LIFECYCLE.confirmationResendMinutes. */
export type GatedMail = "confirm-email" | "already-registered";
const noticeKind = (mail: GatedMail) => `mail:${mail}`;

/**
 * Takes the user's slot for one e-mail of this kind, as one conditional upsert on the user's
 * notice row (keyed by the account's creation day, so one row per user and kind): false when
 * one went out less than `minutes` ago (or the user is gone).
 */
export async function claimMailSlot(db: Client, userId: string, mail: GatedMail, now: Date, minutes: number) {
  const since = new Date(now.getTime() - minutes * 60_000);
  const n = await db.$executeRaw`
    INSERT INTO account_notices (user_id, kind, due_date, sent_at)
    SELECT u.id, ${noticeKind(mail)}, (u.created_at AT TIME ZONE 'Europe/London')::date, ${now}
      FROM users u WHERE u.id = ${userId}::uuid
    ON CONFLICT (user_id, kind, due_date) DO UPDATE SET sent_at = EXCLUDED.sent_at
     WHERE account_notices.sent_at <= ${since}`;
  return n === 1;
}

/** Gives the slot back when the e-mail could not be queued (so the next try sends at once). */
export const releaseMailSlot = (db: Client, userId: string, mail: GatedMail) =>
  db.accountNotice.deleteMany({ where: { userId, kind: noticeKind(mail) } });

/**
 * A self-registered account in one transaction: user (unconfirmed), credential, role
 * User-Basic, profile, inactive BASIC membership, trial, the activity log line (no personal
 * data), and the confirmation e-mail's slot (the registration sends the first one).
 * A second registration of the address fails on users.email's unique index.
 */
export function createAccount(db: Db, a: NewAccount, now: Date, resendMinutes: number): Promise<string> {
  return db.$transaction(async (tx) => {
    const user = await accounts.createRegisteredUser(tx, a, now);
    await recordActivity(tx, { action: "account.registered", actorId: user.id, at: now });
    await claimMailSlot(tx, user.id, "confirm-email", now, resendMinutes);
    return user.id;
  });
}

/** Undoes a registration whose confirmation e-mail could not be queued (the person may retry). */
export const removeAccount = (db: Db, userId: string) =>
  db.$transaction([
    // The log is append-only: its line loses the id and a second line says it was undone.
    forgetActor(db, userId),
    recordActivity(db, { action: "account.registration-undone", actorId: null }),
    accounts.deleteUnconfirmedUser(db, userId),
  ]);

export const confirmAddress = accounts.confirmAddress;

/** What the onboarding page shows of the link's account. */
export const onboardingFacts = (db: Client, userId: string) =>
  db.user.findUnique({
    where: { id: userId },
    select: {
      email: true,
      profile: { select: { firstName: true } },
      organisation: { select: { name: true } },
    },
  });

/** The onboarding's choices: the governing body (none for "Other / None") and, if still
 * unconfirmed, the address (the link reached it). */
export async function completeOnboardingFacts(
  db: Client,
  userId: string,
  governingBodies: string[],
  now: Date,
) {
  await recordGoverningBodies(db, userId, governingBodies);
  await confirmAddress(db, userId, now);
}

/**
 * Sends a notice once per (user, kind, due date): inserts its row unless it is there already,
 * only while the user exists (an account being deleted meanwhile is waited for, then skipped).
 * Answers whether it inserted (modules/account-deletion sends the e-mail inside the same
 * transaction, so a failed send rolls the row back).
 */
export async function insertNoticeOnce(
  tx: Client,
  notice: { userId: string; kind: string; dueDate: string; sentAt: Date },
): Promise<boolean> {
  const inserted = await tx.$executeRaw`
        INSERT INTO account_notices (user_id, kind, due_date, sent_at)
        SELECT u.id, ${notice.kind}, ${notice.dueDate}::date, ${notice.sentAt}
          FROM (SELECT id FROM users WHERE id = ${notice.userId}::uuid FOR KEY SHARE) u
        ON CONFLICT DO NOTHING`;
  return inserted !== 0;
}

// ---- Account link tokens ----
// The random token travels only in the e-mailed link; the table keeps its SHA-256. Issued by the
// jobs that mail the links (payloads carry ids only, ADR 0008) and claimed once, atomically,
// by the routes.

export type LinkPurpose = "confirm-email" | "onboarding" | "email-change";

/** Creates a token and answers it (the only time it exists in clear). */
export async function issueLinkToken(
  db: Client,
  link: { userId: string; purpose: LinkPurpose; expiresAt: Date; newEmail?: string },
): Promise<string> {
  const token = randomToken();
  await db.accountLinkToken.create({
    data: {
      tokenHash: sha256(token),
      userId: link.userId,
      purpose: link.purpose,
      expiresAt: link.expiresAt,
      newEmail: link.newEmail ?? null,
    },
  });
  return token;
}

/** A live (unused, unexpired) token of this purpose, or null. */
export const liveLinkToken = (db: Client, token: string, purpose: LinkPurpose, now: Date) =>
  db.accountLinkToken.findFirst({
    where: { tokenHash: sha256(token), purpose, usedAt: null, expiresAt: { gt: now } },
    select: { userId: true, newEmail: true },
  });

/**
 * Marks a live token used, as one conditional UPDATE: of two concurrent claims exactly one
 * wins. Answers the token's user (and new address), or null when it was not live.
 */
export async function claimLinkToken(db: Client, token: string, purpose: LinkPurpose, now: Date) {
  const tokenHash = sha256(token);
  const claimed = await db.accountLinkToken.updateMany({
    where: { tokenHash, purpose, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (claimed.count !== 1) return null;
  return db.accountLinkToken.findUniqueOrThrow({
    where: { tokenHash },
    select: { userId: true, newEmail: true },
  });
}

/** Drops the user's other unused tokens of a purpose (once one of them has done its work). */
export const dropUnusedLinkTokens = (db: Client, userId: string, purpose: LinkPurpose) =>
  db.accountLinkToken.deleteMany({ where: { userId, purpose, usedAt: null } });

/**
 * A token row waiting for the job that mails its link: `placeholder` is a hash no link can
 * match, which the job replaces (rotateLinkTokenHash) with the hash of the token it mails.
 */
export const createPendingLinkToken = (
  db: Client,
  t: {
    placeholder: string;
    userId: string;
    purpose: LinkPurpose;
    newEmail: string;
    expiresAt: Date;
    now: Date;
  },
) =>
  db.accountLinkToken.create({
    data: {
      tokenHash: t.placeholder,
      userId: t.userId,
      purpose: t.purpose,
      newEmail: t.newEmail,
      expiresAt: t.expiresAt,
      createdAt: t.now,
    },
  });

/** Removes an unused token by its hash (a pending one whose job could not be queued). */
export const dropUnusedLinkToken = (db: Client, tokenHash: string) =>
  db.accountLinkToken.deleteMany({ where: { tokenHash, usedAt: null } });

/** Gives an unused token a new hash (its earlier one stops working); false when it is gone or used. */
export async function rotateLinkTokenHash(db: Client, fromHash: string, toHash: string): Promise<boolean> {
  const n = await db.accountLinkToken.updateMany({
    where: { tokenHash: fromHash, usedAt: null },
    data: { tokenHash: toHash },
  });
  return n.count === 1;
}
