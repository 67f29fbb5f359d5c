import { IDENTIFIER_MESSAGES } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { filenameFindings, maskedExcerpt, textFindings } from "./evidence-findings.js";

const finding = (start: number, end: number) => ({
  kind: "email" as const,
  start,
  end,
  severity: "check" as const,
  reason: IDENTIFIER_MESSAGES.email,
});

describe("maskedExcerpt", () => {
  it("shows at most 16 masked characters of a long finding", () => {
    const text = `see ${"x".repeat(40)}@example.org now`;
    expect(maskedExcerpt(text, [finding(4, 56)], 0)).toBe(`see ${"•".repeat(16)}… now`);
  });

  it("masks the finding, every digit and every other finding in reach", () => {
    const text = "Seen 12/03 by a.b@example.org, then c.d@example.net wrote back";
    const a = text.indexOf("a.b@");
    const c = text.indexOf("c.d@");
    const found = [finding(a, a + 15), finding(c, c + 15)];
    expect(maskedExcerpt(text, found, 0)).toBe(
      "Seen ••/•• by •••••••••••••••, then ••••••••••••••• wrote b…",
    );
    expect(maskedExcerpt(text, found, 1)).toBe("…•/•• by •••••••••••••••, then ••••••••••••••• wrote back");
  });

  it("turns control characters and unpaired surrogates into spaces, keeping whole pairs", () => {
    const text = "\u0000a\ud800b x@y.co \udc00😀";
    const found = [finding(5, 11)];
    expect(maskedExcerpt(text, found, 0)).toBe("a b •••••• 😀");
  });
});

describe("textFindings and filenameFindings", () => {
  it("keep at most 20 findings with excerpts and count them all; a name has no excerpt", () => {
    const text = Array.from({ length: 25 }, (_, i) => `user${i}@example.org`).join(" ");
    const kept = textFindings(text, {});
    expect(kept.total).toBe(25);
    expect(kept.findings).toHaveLength(20);
    expect(kept.findings.every((f) => f.source === "text" && f.excerpt && !/[0-9]/.test(f.excerpt))).toBe(
      true,
    );
    expect(textFindings(text, { ownEmail: "USER3@example.org" }).total).toBe(24);
    // The identifiers are counted whether kept or not (the gates count those beyond the kept ones).
    expect(kept.identifiers).toBe(0);
    const late = textFindings(`${text} NHS 943 476 5919`, {});
    expect([late.findings.length, late.identifiers]).toEqual([20, 1]);
    expect(late.findings.some((f) => f.severity === "identifier")).toBe(false);
    expect(filenameFindings("Referral SW1A 1AA.pdf")).toEqual([
      {
        kind: "postcode",
        start: 9,
        end: 17,
        severity: "check",
        reason: IDENTIFIER_MESSAGES.postcode,
        source: "filename",
      },
    ]);
  });
});
