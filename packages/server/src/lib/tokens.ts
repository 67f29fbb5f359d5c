// Session tokens: HS256 JWTs carrying only who (sub), which token version (tv),
// who is impersonating (imp) and until when (exp). Roles, memberships and the
// organisation are read from the database on every call (modules/account/session.ts),
// so a token re-signed with other claims grants nothing it did not already have.
// fast-jwt directly, not @fastify/jwt: services, benches and tests sign without a Fastify instance.
import { UUID_PATTERN } from "@cpd/contract";
import { createSigner, createVerifier } from "fast-jwt";

export interface SessionClaims {
  sub: string;
  tv: number;
  /** Set when an administrator acts as this user: the administrator's id... */
  imp?: string;
  /** ...and their token version then, so their own logout or password change ends it too. */
  itv?: number;
}

const UUID = new RegExp(UUID_PATTERN);
const isUuid = (v: unknown): v is string => typeof v === "string" && UUID.test(v);

const LONG_SESSION_MS = 30 * 24 * 3600 * 1000;
const SHORT_SESSION_MS = 12 * 3600 * 1000;

export class TokenService {
  private readonly signLong: (p: SessionClaims) => string;
  private readonly signShort: (p: SessionClaims) => string;
  private readonly verifier: (t: string) => Record<string, unknown>;

  constructor(secret: string) {
    this.signLong = createSigner({ key: secret, algorithm: "HS256", expiresIn: LONG_SESSION_MS });
    this.signShort = createSigner({ key: secret, algorithm: "HS256", expiresIn: SHORT_SESSION_MS });
    this.verifier = createVerifier({
      key: secret,
      algorithms: ["HS256"],
      // A token without an expiry would be valid for ever: refuse it.
      requiredClaims: ["exp", "sub", "tv"],
      cache: 1000,
    });
  }

  /** Temporary sessions (no "remember me", impersonation) last 12 hours; others 30 days. */
  issue(claims: SessionClaims, temporary = false): string {
    const { sub, tv, imp, itv } = claims;
    return (temporary ? this.signShort : this.signLong)(imp ? { sub, tv, imp, itv } : { sub, tv });
  }

  /** The claims of a valid token, or null (bad signature, algorithm, expiry or shape). */
  verify(token: string): SessionClaims | null {
    let c: Record<string, unknown>;
    try {
      c = this.verifier(token);
    } catch {
      return null;
    }
    // The ids go into SQL as uuid parameters: anything but a canonical UUID is refused here (401), not there (500).
    if (!isUuid(c.sub) || !Number.isSafeInteger(c.tv) || (c.tv as number) < 0) return null;
    if (c.imp !== undefined && (!isUuid(c.imp) || !Number.isSafeInteger(c.itv))) return null;
    return {
      sub: c.sub,
      tv: c.tv as number,
      ...(c.imp ? { imp: c.imp as string, itv: c.itv as number } : {}),
    };
  }
}
