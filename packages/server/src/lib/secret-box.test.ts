import { describe, expect, it } from "vitest";
import { SecretBox } from "./secret-box.js";

describe("SecretBox", () => {
  it("round-trips, never stores the plain text, and refuses tampering or another key", () => {
    const box = new SecretBox("a-long-enough-secret-value-for-tests", "clinical-skills");
    const sealed = box.seal("access-token-123");
    expect(sealed).not.toContain("access-token-123");
    expect(box.open(sealed)).toBe("access-token-123");
    expect(box.seal("x")).not.toBe(box.seal("x"));
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith("A") ? "B" : "A"}A`;
    expect(() => box.open(tampered)).toThrow();
    expect(() =>
      new SecretBox("another-secret-value-entirely-000", "clinical-skills").open(sealed),
    ).toThrow();
  });
});
