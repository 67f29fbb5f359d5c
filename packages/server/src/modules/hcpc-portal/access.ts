// HCPC audit portal links: made by the job when the e-mail is sent (the token exists in
// the e-mail alone; only its SHA-256 is stored), and resolved on every portal call.
import { HCPC, HCPC_LINK_EXPIRED_MESSAGE } from "@cpd/contract";
import { randomToken, sha256 } from "../../lib/crypto.js";
import { dateColumn, toDateColumn } from "../../lib/dates.js";
import type { Db } from "../../lib/db.js";
import { AppError, notFound } from "../../lib/errors.js";
import type { Mail } from "../../lib/mailer.js";
import { findUser } from "../account/repository.js";
import { hcpcAccessEmail } from "./emails.js";
import { createAccess } from "./repository.js";

export interface AccessRequest {
  userId: string;
  dateFrom: string;
  dateTo: string;
}

/** The e-mail to send, or null when the user no longer exists (nothing is sent). */
export async function prepareAccessEmail(
  db: Db,
  { publicUrl, now }: { publicUrl: string; now: Date },
  req: AccessRequest,
): Promise<Mail | null> {
  const user = await findUser(db, req.userId, {
    id: true,
    email: true,
    profile: { select: { firstName: true } },
  });
  if (!user) return null;
  const token = randomToken();
  await createAccess(db, {
    tokenHash: sha256(token),
    userId: user.id,
    dateFrom: toDateColumn(req.dateFrom) as Date,
    dateTo: toDateColumn(req.dateTo) as Date,
    expiresAt: new Date(now.getTime() + HCPC.accessDays * 86_400_000),
  });
  return hcpcAccessEmail(
    user.email,
    user.profile?.firstName ?? "",
    `${publicUrl}/hcpc-portal/access/${token}`,
    req,
  );
}

export interface Access {
  /** The link's row (its token's SHA-256). */
  tokenHash: string;
  userId: string;
  dateFrom: string;
  dateTo: string;
  expiresAt: Date;
}

/** The link's owner and range: 404 LINK_INVALID for an unknown token, 410 LINK_EXPIRED once expired. */
export async function resolveAccess(db: Db, token: string, now: Date): Promise<Access> {
  const row = await db.hcpcAccess.findUnique({ where: { tokenHash: sha256(token) } });
  if (!row) throw notFound("This access link is not valid. Please request a new one.", "LINK_INVALID");
  if (now.getTime() >= row.expiresAt.getTime())
    throw new AppError(410, "LINK_EXPIRED", HCPC_LINK_EXPIRED_MESSAGE);
  return {
    tokenHash: row.tokenHash,
    userId: row.userId,
    dateFrom: dateColumn(row.dateFrom) as string,
    dateTo: dateColumn(row.dateTo) as string,
    expiresAt: row.expiresAt,
  };
}
