import { describe, expect, it } from "vitest";
import { SecretBox } from "./secret-box.js";

describe("SecretBox", () => {
  it("round-trips, never stores the plain text, and refuses tampering or another key", () => {
    const box = new SecretBox("a-long-enough-secret-value-for-tests", "clinical-skills");
    const sealed = box.seal("access-token-123");
    expect(sealed).not.toContain("access-token-123");
    expect(box.open(sealed)).toBe("access-token-123");
    expect(box.seal("x")).not.toBe(box.seal("x"));
    // Flip one bit of the ciphertext itself (editing base64 text can leave the bytes unchanged).
    const [v, iv, tag, data] = sealed.split(".") as [string, string, string, string];
    const bytes = Buffer.from(data, "base64url");
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    const tampered = [v, iv, tag, bytes.toString("base64url")].join(".");
    expect(tampered).not.toBe(sealed);
    expect(() => box.open(tampered)).toThrow();
    expect(() =>
      new SecretBox("another-secret-value-entirely-000", "clinical-skills").open(sealed),
    ).toThrow();
  });
});
