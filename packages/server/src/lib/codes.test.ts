import { describe, expect, it } from "vitest";
import { CodeWait, codeHash, codeKey, deriveCode, randomCode, sameHash, secondsToWait } from "./codes.js";

describe("codes", () => {
  const key = codeKey("a-secret-of-some-length", "test-codes");

  it("makes random codes of exactly the asked digits, leading zeros kept", () => {
    const many = Array.from({ length: 200 }, () => randomCode(6));
    for (const c of many) expect(c).toMatch(/^\d{6}$/);
    expect(new Set(many).size).toBeGreaterThan(190);
    expect(randomCode(1)).toMatch(/^\d$/);
  });

  it("keeps keys of different purposes apart", () => {
    const other = codeKey("a-secret-of-some-length", "other-codes");
    expect(deriveCode(key, "x", 6)).toMatch(/^\d{6}$/);
    expect(codeHash(key, "s", "123456")).not.toBe(codeHash(other, "s", "123456"));
  });

  it("binds a hash to its scope and never matches an empty hash", () => {
    expect(
      sameHash(
        codeHash(key, "u:mobile:+447700900123", "123456"),
        codeHash(key, "u:mobile:+447700900123", "123456"),
      ),
    ).toBe(true);
    expect(
      sameHash(
        codeHash(key, "u:mobile:+447700900123", "123456"),
        codeHash(key, "u:mobile:+447700900124", "123456"),
      ),
    ).toBe(false);
    expect(sameHash("", codeHash(key, "s", "123456"))).toBe(false);
  });

  it("counts a cooldown of any length down from the last send", () => {
    const now = new Date("2026-09-01T10:00:30Z");
    expect(secondsToWait(new Date("2026-09-01T10:00:10Z"), now, 60)).toBe(40);
    expect(secondsToWait(new Date("2026-09-01T10:00:10Z"), now, 20)).toBe(0);
  });

  it("answers 429 with at least one second to wait", () => {
    const e = new CodeWait(0);
    expect([e.statusCode, e.code, e.retryAfterSeconds]).toEqual([429, "TOO_MANY_REQUESTS", 1]);
  });
});
