// A sign-on in progress: state, nonce and PKCE verifier kept in Redis for ten minutes, taken
// once (GETDEL), and bound to the browser that started it by a cookie holding a random value
// (Redis keeps only its hash). A callback whose state is unknown, used, expired, of another
// organisation or arriving without that browser's cookie is refused.
import { timingSafeEqual } from "node:crypto";
import type { Redis } from "ioredis";
import { randomToken, sha256 } from "../../lib/crypto.js";

const LOGIN_STATE_TTL_SECONDS = 600;
export const BINDING_COOKIE = "cpd_sso";

export interface PendingLogin {
  organisationId: number;
  /** sha256 of the browser's binding cookie. */
  binding: string;
  nonce: string;
  verifier: string;
  /** Already made safe (safeRedirect). */
  redirectTo: string;
}

/** The Redis key of a state (its hash: the state itself appears in URLs and logs). */
export const loginStateKey = (prefix: string, state: string) => `${prefix}:sso-login:${sha256(state)}`;

export async function savePendingLogin(redis: Redis, prefix: string, state: string, p: PendingLogin) {
  await redis.set(loginStateKey(prefix, state), JSON.stringify(p), "EX", LOGIN_STATE_TTL_SECONDS);
}

/** The pending login of `state`, removed in the same step: a second callback finds nothing. */
export async function takePendingLogin(redis: Redis, prefix: string, state: string) {
  const raw = await redis.getdel(loginStateKey(prefix, state));
  return raw ? (JSON.parse(raw) as PendingLogin) : null;
}

/** Whether the browser's cookie is the one the login was started with. */
export function boundToBrowser(p: PendingLogin, cookie: string | undefined) {
  if (!cookie) return false;
  const a = Buffer.from(sha256(cookie));
  const b = Buffer.from(p.binding);
  return a.length === b.length && timingSafeEqual(a, b);
}

const COOKIE_VALUE = /^[A-Za-z0-9_-]{20,100}$/;

/** The binding value of a browser: the one it already has (two tabs stay valid) or a new one. */
export const bindingFor = (existing: string | undefined) =>
  existing && COOKIE_VALUE.test(existing) ? existing : randomToken();

/** The value of cookie `name` in a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(";") ?? []) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The Set-Cookie of the binding cookie: HttpOnly, SameSite=Lax (sent on the provider's top-level
 * redirect back, not on cross-site subrequests), scoped to the organisation's sign-on paths,
 * Secure when the site is served over https. `value` null clears it.
 */
export function bindingCookie(value: string | null, path: string, secure: boolean) {
  return [
    `${BINDING_COOKIE}=${value ?? ""}`,
    `Path=${path}`,
    `Max-Age=${value ? LOGIN_STATE_TTL_SECONDS : 0}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
