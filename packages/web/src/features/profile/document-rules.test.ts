import { DOCUMENT_MESSAGES } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { documentErrors, documentTypeLabel, expiryState, expiryText, fileProblem } from "./document-rules";

const today = "2026-11-22";
const pdf = { name: "passport.pdf", size: 1000, type: "application/pdf" };

describe("expiry indicator", () => {
  it("follows the 0, 30 and 90 day thresholds", () => {
    expect(expiryState(null, today)).toBeNull();
    expect(expiryState("2026-11-22", today)).toBe("expired");
    expect(expiryState("2026-01-01", today)).toBe("expired");
    expect(expiryState("2026-11-23", today)).toBe("expiring-soon");
    expect(expiryState("2026-12-22", today)).toBe("expiring-soon");
    expect(expiryState("2026-12-23", today)).toBe("expiring");
    expect(expiryState("2027-02-20", today)).toBe("expiring");
    expect(expiryState("2027-02-21", today)).toBe("valid");
  });
  it("says how long is left", () => {
    expect(expiryText("expiring-soon", 1)).toBe("Expires in 1 day");
    expect(expiryText("expiring", 45)).toBe("Expires in 45 days");
    expect(expiryText("expired", -3)).toBe("Expired");
  });
});

describe("document upload checks", () => {
  it("needs an expiry date for passports and driving licences only", () => {
    const base = { file: pdf, name: "My passport", expiryDate: "" };
    expect(documentErrors({ ...base, type: "PASSPORT" })).toEqual({
      expiryDate: DOCUMENT_MESSAGES.expiryRequired,
    });
    expect(documentErrors({ ...base, type: "DRIVING_LICENCE" }).expiryDate).toBe(
      DOCUMENT_MESSAGES.expiryRequired,
    );
    expect(documentErrors({ ...base, type: "FIRST_AID" })).toEqual({});
    expect(documentErrors({ ...base, type: "PASSPORT", expiryDate: "2030-01-01" })).toEqual({});
  });
  it("needs a name of at most 100 characters, a type and a file", () => {
    const e = documentErrors({ file: null, name: " ", type: null, expiryDate: "" });
    expect(e.name).toBe("Please enter a document name.");
    expect(e.type).toBeDefined();
    expect(e.file).toBeDefined();
    expect(
      documentErrors({ file: pdf, name: "x".repeat(101), type: "OTHER", expiryDate: "" }).name,
    ).toBeDefined();
  });
  it("accepts images and PDFs up to 10 MB", () => {
    expect(fileProblem(pdf)).toBeNull();
    expect(fileProblem({ name: "a.webp", size: 10, type: "image/webp" })).toBeNull();
    expect(fileProblem({ name: "a.docx", size: 10, type: "application/msword" })).toBe(
      DOCUMENT_MESSAGES.fileType,
    );
    expect(fileProblem({ ...pdf, size: 10_485_761 })).toBe("The file cannot exceed 10MB");
  });
  it("labels the types", () => {
    expect(documentTypeLabel("DRIVING_LICENCE")).toBe("Driving Licence");
    expect(documentTypeLabel("DBS_PVG")).toBe("DBS / PVG");
  });
});
