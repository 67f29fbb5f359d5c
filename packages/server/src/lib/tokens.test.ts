import { randomUUID } from "node:crypto";
import { createSigner } from "fast-jwt";
import { describe, expect, it } from "vitest";
import { TokenService } from "./tokens.js";

const SECRET = "unit-test-secret-unit-test-secret-0123";
const tokens = new TokenService(SECRET);
const sign = (payload: Record<string, unknown>, opts: Record<string, unknown> = {}) =>
  createSigner({ key: SECRET, algorithm: "HS256", ...opts })(payload);

describe("TokenService", () => {
  it("issues tokens carrying only sub, tv, exp and, when impersonating, imp and itv", () => {
    const sub = randomUUID();
    const imp = randomUUID();
    const token = tokens.issue({ sub, tv: 3, imp, itv: 7 });
    expect(tokens.verify(token)).toEqual({ sub, tv: 3, imp, itv: 7 });
    const payload = JSON.parse(Buffer.from(token.split(".")[1] as string, "base64url").toString());
    expect(Object.keys(payload).sort()).toEqual(["exp", "iat", "imp", "itv", "sub", "tv"]);
    // An impersonation token without the impersonator's token version is refused.
    expect(tokens.verify(sign({ sub, tv: 3, imp }, { expiresIn: 60_000 }))).toBeNull();
  });

  it("refuses a token without exp", () => {
    expect(tokens.verify(sign({ sub: randomUUID(), tv: 0 }))).toBeNull();
    expect(tokens.verify(sign({ sub: randomUUID(), tv: 0 }, { expiresIn: 60_000 }))).not.toBeNull();
  });

  it("refuses an expired token", () => {
    const past = Math.floor(Date.now() / 1000) - 10;
    expect(tokens.verify(sign({ sub: randomUUID(), tv: 0, exp: past }))).toBeNull();
  });

  it("refuses a token signed with another secret", () => {
    const other = createSigner({ key: "another-secret-another-secret-another", expiresIn: 60_000 });
    expect(tokens.verify(other({ sub: randomUUID(), tv: 0 }))).toBeNull();
  });

  it("refuses other algorithms, including none", () => {
    const hs512 = sign({ sub: randomUUID(), tv: 0 }, { algorithm: "HS512", expiresIn: 60_000 });
    expect(tokens.verify(hs512)).toBeNull();
    const none = createSigner({ algorithm: "none", expiresIn: 60_000 })({ sub: randomUUID(), tv: 0 });
    expect(tokens.verify(none)).toBeNull();
  });

  it.each([
    ["urn:uuid:", `urn:uuid:${randomUUID()}`],
    ["x", "x"],
    ["braced", `{${randomUUID()}}`],
    ["number", 42],
  ])("refuses a %s sub", (_what, sub) => {
    expect(tokens.verify(sign({ sub, tv: 0 }, { expiresIn: 60_000 }))).toBeNull();
  });

  it("refuses a missing or malformed token version and impersonator", () => {
    expect(tokens.verify(sign({ sub: randomUUID() }, { expiresIn: 60_000 }))).toBeNull();
    expect(tokens.verify(sign({ sub: randomUUID(), tv: "0" }, { expiresIn: 60_000 }))).toBeNull();
    expect(tokens.verify(sign({ sub: randomUUID(), tv: -1 }, { expiresIn: 60_000 }))).toBeNull();
    expect(tokens.verify(sign({ sub: randomUUID(), tv: 0, imp: "admin" }, { expiresIn: 60_000 }))).toBeNull();
  });

  it("does not copy other claims (roles) into what it answers", () => {
    const sub = randomUUID();
    const forged = sign({ sub, tv: 0, roles: ["Admin"] }, { expiresIn: 60_000 });
    expect(tokens.verify(forged)).toEqual({ sub, tv: 0 });
  });
});
