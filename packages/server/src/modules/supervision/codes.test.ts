import { describe, expect, it } from "vitest";
import {
  codeHash,
  codeKey,
  deriveCode,
  maskEmail,
  maskNumber,
  normaliseCode,
  sameHash,
  secondsToWait,
} from "./codes.js";

describe("supervision codes", () => {
  const key = codeKey("a-secret-of-some-length");

  it("derives the same 6-digit code from the same request, and different ones from others", () => {
    const a = deriveCode(key, "0b6c9a52-5f0e-4f43-9a57-3f8a3c0d1e11");
    expect(a).toMatch(/^\d{6}$/);
    expect(deriveCode(key, "0b6c9a52-5f0e-4f43-9a57-3f8a3c0d1e11")).toBe(a);
    const many = new Set(Array.from({ length: 50 }, (_, i) => deriveCode(key, `request-${i}`)));
    expect(many.size).toBeGreaterThan(45);
    expect(deriveCode(codeKey("another-secret"), "0b6c9a52-5f0e-4f43-9a57-3f8a3c0d1e11")).not.toBe(a);
  });

  it("binds a code's hash to its share", () => {
    expect(sameHash(codeHash(key, "s1", "123456"), codeHash(key, "s1", "123456"))).toBe(true);
    expect(sameHash(codeHash(key, "s1", "123456"), codeHash(key, "s2", "123456"))).toBe(false);
    expect(sameHash("", "")).toBe(false);
  });

  it("reads a code typed with spaces", () => {
    expect(normaliseCode(" 123 456 ")).toBe("123456");
  });

  it("masks the e-mail and number as the link page shows them", () => {
    expect(maskEmail("jane.doe@nhs.net")).toBe("j•••@nhs.net");
    expect(maskNumber("07700 900123")).toBe("•••• •••123");
  });

  it("counts the cooldown down from the last request", () => {
    const now = new Date("2026-09-01T10:00:30Z");
    expect(secondsToWait(null, now)).toBe(0);
    expect(secondsToWait(new Date("2026-09-01T10:00:10Z"), now)).toBe(10);
    expect(secondsToWait(new Date("2026-09-01T09:59:00Z"), now)).toBe(0);
  });
});
