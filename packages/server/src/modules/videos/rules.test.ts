import { VIDEO_MESSAGES } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import type { AppError } from "../../lib/errors.js";
import { certificateCategory, certificateTitle, checkCertificate, hoursText, isLocked } from "./rules.js";

function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (err) {
    const e = err as AppError;
    return [e.statusCode, e.code, e.message];
  }
  return null;
}

describe("video library rules", () => {
  it("locks premium libraries for anyone without an active membership only", () => {
    expect(isLocked({ name: "Premium Masterclasses", premium: true }, false)).toBe(true);
    expect(isLocked({ name: "Premium Masterclasses", premium: true }, true)).toBe(false);
    expect(isLocked({ name: "Clinical Essentials", premium: false }, false)).toBe(false);
  });

  it("issues certificates for ordinary and private libraries, not for top tips or guides", () => {
    expect(
      refusal(() => checkCertificate({ name: "Clinical Essentials", premium: false }, false)),
    ).toBeNull();
    expect(refusal(() => checkCertificate({ name: "Private Training", premium: false }, false))).toBeNull();
    for (const name of ["Top Tips", "Quick guides for students"]) {
      expect(refusal(() => checkCertificate({ name, premium: false }, true))).toEqual([
        422,
        "NO_CERTIFICATE",
        VIDEO_MESSAGES.noCertificate,
      ]);
    }
  });

  it("refuses a premium library's certificate without an active membership", () => {
    expect(refusal(() => checkCertificate({ name: "Premium Masterclasses", premium: true }, false))).toEqual([
      403,
      "PREMIUM_REQUIRED",
      VIDEO_MESSAGES.premiumRequired,
    ]);
    expect(
      refusal(() => checkCertificate({ name: "Premium Masterclasses", premium: true }, true)),
    ).toBeNull();
  });

  it("names the entry, formats hours and picks a category the user has", () => {
    expect(certificateTitle("Sepsis")).toBe("Certificate: Sepsis");
    expect(certificateTitle("x".repeat(300))).toHaveLength(200);
    expect([hoursText(1), hoursText(1.5), hoursText(0.25)]).toEqual(["1", "1.5", "0.25"]);
    expect(certificateCategory(["Ward skills", "online learning"])).toBe("online learning");
    expect(certificateCategory(["Clinical Skills", "Clinical Education", "Other"])).toBe(
      "Clinical Education",
    );
    expect(certificateCategory(["Ward skills", "Other"])).toBe("Other");
    expect(certificateCategory(["Ward skills", "Governance"])).toBe("Ward skills");
  });
});
