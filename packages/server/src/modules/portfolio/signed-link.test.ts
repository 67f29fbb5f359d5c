import { describe, expect, it } from "vitest";
import { checkSignature, signedPortfolioPath } from "./signed-link.js";

const SECRET = "a-test-secret-that-is-long-enough-0123456789";
const ID = "6f1c1a3e-8d3b-4a8e-9d2b-0c9a4f3f2b11";
const parts = (path: string) => {
  const url = new URL(path, "http://x");
  return {
    expires: Number(url.searchParams.get("expires")),
    signature: url.searchParams.get("signature") ?? "",
  };
};

describe("signed portfolio links", () => {
  const now = Date.UTC(2026, 10, 23, 12);
  const { expires, signature } = parts(signedPortfolioPath(SECRET, ID, now + 600_000));

  it("open the file they were made for until they expire", () => {
    expect(checkSignature(SECRET, ID, expires, signature, now)).toBe("ok");
    expect(checkSignature(SECRET, ID, expires, signature, now + 600_000)).toBe("expired");
  });
  it("do not open another file, a later expiry or with another secret", () => {
    expect(checkSignature(SECRET, "7f1c1a3e-8d3b-4a8e-9d2b-0c9a4f3f2b11", expires, signature, now)).toBe(
      "invalid",
    );
    expect(checkSignature(SECRET, ID, expires + 3600, signature, now)).toBe("invalid");
    expect(checkSignature(`${SECRET}!`, ID, expires, signature, now)).toBe("invalid");
    expect(checkSignature(SECRET, ID, expires, signature.slice(0, -1), now)).toBe("invalid");
  });
});
