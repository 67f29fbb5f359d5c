// Per-account login limit across addresses (password spraying): next to the
// per address+e-mail rate limit of the route, at most `limit` attempts per e-mail
// in a 15-minute window from any address; a successful login clears the count.
// Counted in Redis for unknown e-mails exactly as for known ones, so a 429
// reveals nothing about which addresses have accounts.
import type { Redis } from "ioredis";
import { sha256 } from "../../lib/crypto.js";
import { AppError } from "../../lib/errors.js";

const ACCOUNT_WINDOW_SECONDS = 15 * 60;

export class LoginLocked extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      "TOO_MANY_REQUESTS",
      "Too many failed attempts to log in to this account. Please wait 15 minutes and try again.",
    );
  }
}

// The e-mail is hashed: no addresses in Redis key names.
const key = (prefix: string, email: string) => `${prefix}:login-attempts:${sha256(email)}`;

/**
 * Counts this attempt before the password is checked (atomic, so parallel
 * attempts cannot slip past the limit) and throws LoginLocked over the limit.
 */
export async function countAttempt(redis: Redis, prefix: string, email: string, limit: number) {
  const k = key(prefix, email);
  const res = await redis.multi().incr(k).expire(k, ACCOUNT_WINDOW_SECONDS, "NX").ttl(k).exec();
  const count = Number(res?.[0]?.[1] ?? 0);
  const ttl = Number(res?.[2]?.[1] ?? ACCOUNT_WINDOW_SECONDS);
  if (count > limit) throw new LoginLocked(ttl > 0 ? ttl : ACCOUNT_WINDOW_SECONDS);
}

/** A successful login: the account's count starts again. */
export async function clearAttempts(redis: Redis, prefix: string, email: string) {
  await redis.del(key(prefix, email));
}
