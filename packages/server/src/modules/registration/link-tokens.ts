// Account link tokens (table account_link_tokens): the random token travels only in the
// e-mailed link; the table keeps its SHA-256. Issued by the jobs that mail the links
// (payloads carry ids only, DESIGN.md §6) and claimed once, atomically, by the routes.
import type { Prisma } from "../../generated/prisma/client.js";
import { randomToken, sha256 } from "../../lib/crypto.js";

type Client = Prisma.TransactionClient;

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
