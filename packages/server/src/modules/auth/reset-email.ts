// The worker's half of a password reset: look the address up, create the reset
// record and render the e-mail at send time. The request handler only enqueues
// the address, so known and unknown addresses take the same path there.
import { RESET_TOKEN_TTL_MINUTES } from "@cpd/contract";
import { randomToken, sha256 } from "../../lib/crypto.js";
import type { Db } from "../../lib/db.js";
import type { Mail } from "../../lib/mailer.js";
import { findUserByEmail } from "../account/repository.js";
import { passwordResetEmail } from "./emails.js";
import { createResetToken } from "./repository.js";

/** The e-mail to send, or null when no account has this address (nothing is sent). */
export async function prepareResetEmail(
  db: Db,
  publicUrl: string,
  email: string,
  now = new Date(),
): Promise<Mail | null> {
  const user = await findUserByEmail(db, email, {
    id: true,
    email: true,
    profile: { select: { firstName: true } },
  });
  if (!user) return null;
  const id = randomToken();
  // Only the hash is stored: the link exists in the e-mail alone.
  await createResetToken(db, {
    tokenHash: sha256(id),
    userId: user.id,
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000),
  });
  return passwordResetEmail(user.email, user.profile?.firstName ?? "", `${publicUrl}/reset-password/${id}`);
}
