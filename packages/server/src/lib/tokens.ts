// Session tokens: HS256 JWTs carrying the user id, roles and the token version.
// Bumping users.token_version (password change, logout) retires older tokens.
import { createSigner, createVerifier } from "fast-jwt";

export interface SessionClaims {
  sub: string;
  roles: string[];
  tv: number;
  /** Set when an administrator acts as this user. */
  imp?: string;
}

export class TokenService {
  private readonly signLong: (p: SessionClaims) => string;
  private readonly signShort: (p: SessionClaims) => string;
  private readonly verifier: (t: string) => SessionClaims;

  constructor(secret: string) {
    this.signLong = createSigner({ key: secret, algorithm: "HS256", expiresIn: 30 * 24 * 3600 * 1000 });
    this.signShort = createSigner({ key: secret, algorithm: "HS256", expiresIn: 12 * 3600 * 1000 });
    this.verifier = createVerifier({ key: secret, algorithms: ["HS256"], cache: 1000 });
  }

  /** Temporary sessions (no "remember me", impersonation) last 12 hours; others 30 days. */
  issue(claims: SessionClaims, temporary = false): string {
    return (temporary ? this.signShort : this.signLong)(claims);
  }

  verify(token: string): SessionClaims | null {
    try {
      const c = this.verifier(token);
      return typeof c.sub === "string" && Array.isArray(c.roles) && typeof c.tv === "number" ? c : null;
    } catch {
      return null;
    }
  }
}
