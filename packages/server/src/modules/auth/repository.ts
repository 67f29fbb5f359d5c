// Every write of credentials, password reset tokens and one-time (QR) login tokens
// (docs/decisions/0016-table-ownership.md). Tokens are stored as their SHA-256 only.
// Functions taking `db` accept the client or a transaction's.
import type { Prisma } from "../../generated/prisma/client.js";

type Client = Prisma.TransactionClient;

/** Sets the user's password hash (creates the credential of an account that had none). */
export const savePasswordHash = (db: Client, userId: string, passwordHash: string, now: Date) =>
  db.credential.upsert({
    where: { userId },
    update: { passwordHash, passwordChangedAt: now },
    create: { userId, passwordHash },
  });

export const createResetToken = (db: Client, t: { tokenHash: string; userId: string; expiresAt: Date }) =>
  db.passwordResetToken.create({
    data: { tokenHash: t.tokenHash, userId: t.userId, expiresAt: t.expiresAt },
  });

/** Marks a live reset token used, as one conditional UPDATE: of two concurrent uses one wins. */
export async function claimResetToken(db: Client, tokenHash: string, now: Date): Promise<boolean> {
  const claimed = await db.passwordResetToken.updateMany({
    where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  return claimed.count === 1;
}

/** Drops the user's other unused reset tokens (once one has done its work). */
export const dropUnusedResetTokens = (db: Client, userId: string) =>
  db.passwordResetToken.deleteMany({ where: { userId, usedAt: null } });

export const createOtpToken = (db: Client, tokenHash: string, expiresAt: Date) =>
  db.otpToken.create({ data: { tokenHash, expiresAt } });

/** Approves a live, unapproved token for the user; false when there is none. */
export async function approveOtpToken(db: Client, tokenHash: string, userId: string, now: Date) {
  const approved = await db.otpToken.updateMany({
    where: { tokenHash, approvedByUserId: null, consumedAt: null, expiresAt: { gt: now } },
    data: { approvedByUserId: userId, approvedAt: now },
  });
  return approved.count === 1;
}

/** Uses a token up, once: of two concurrent logins one wins. */
export async function consumeOtpToken(db: Client, tokenHash: string, now: Date) {
  const consumed = await db.otpToken.updateMany({
    where: { tokenHash, consumedAt: null },
    data: { consumedAt: now },
  });
  return consumed.count === 1;
}

// ---- Reads ----

export const credentialOf = (db: Client, userId: string) => db.credential.findUnique({ where: { userId } });

export const resetTokenByHash = (db: Client, tokenHash: string) =>
  db.passwordResetToken.findUniqueOrThrow({ where: { tokenHash } });

export const otpTokenByHash = (db: Client, tokenHash: string) =>
  db.otpToken.findUnique({ where: { tokenHash } });
