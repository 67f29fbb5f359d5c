import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.js";
import { checkRequest, delivery, type Owned, type Request } from "./rules.js";

const D1 = "11111111-1111-4111-8111-111111111111";
const R1 = "22222222-2222-4222-8222-222222222222";
const F1 = "33333333-3333-4333-8333-333333333333";
const base: Request = {
  dateFrom: "2026-01-01",
  dateTo: "2026-12-31",
  include: ["FRONT_PAGE", "CONTENTS_PAGE"],
  title: { line1: "My portfolio", line2: "2026" },
  diaryEntries: [D1],
  reflectiveEntries: [R1],
  evidenceIds: [F1],
  includeBranding: false,
  selectedPortfolioCover: "classic",
  background: 1,
};
const owned: Owned = {
  pages: ["FRONT_PAGE", "CONTENTS_PAGE", "HCPC_PROFILE"],
  entries: new Map([
    [D1, { id: D1, type: "diary", date: "2026-03-01" }],
    [R1, { id: R1, type: "reflection", date: "2026-04-01" }],
  ]),
  evidence: new Map([[F1, D1]]),
};
const refusal = (req: Partial<Request>, o: Partial<Owned> = {}) => {
  try {
    checkRequest({ ...base, ...req }, { ...owned, ...o });
  } catch (err) {
    // Status, code and message together name the one rule that fired (several share VALIDATION_ERROR).
    if (err instanceof AppError) return [err.statusCode, err.code, err.message];
    throw err;
  }
  return null;
};

describe("portfolio request rules", () => {
  it("accepts the user's own entries and evidence inside the range", () => {
    expect(refusal({})).toBeNull();
  });
  it("refuses a range that ends before it starts", () => {
    expect(refusal({ dateFrom: "2027-01-01" })).toEqual([
      400,
      "RANGE_ORDER",
      "The start date must be on or before the end date",
    ]);
  });
  it("counts title characters, not UTF-16 units (24 emoji fit, 25 do not)", () => {
    expect(refusal({ title: { line1: "😀".repeat(24), line2: "" } })).toBeNull();
    expect(refusal({ title: { line1: "a".repeat(25), line2: "" } })).toEqual([
      400,
      "TITLE_TOO_LONG",
      "Each title line can have at most 24 characters",
    ]);
    expect(refusal({ title: { line1: "", line2: "b".repeat(25) } })).toEqual([
      400,
      "TITLE_TOO_LONG",
      "Each title line can have at most 24 characters",
    ]);
  });
  it("refuses a governing body's page the user is not offered", () => {
    expect(refusal({ include: ["NMC_STANDARDS"] })).toEqual([
      400,
      "PAGE_NOT_OFFERED",
      'The page "NMC standards" is not available for your governing bodies',
    ]);
    expect(refusal({ include: ["HCPC_PROFILE"] })).toBeNull();
  });
  it("answers 404 for an entry or file that is not the user's", () => {
    expect(refusal({ diaryEntries: [R1.replace("2", "9")] })).toEqual([
      404,
      "ENTRY_NOT_FOUND",
      "Entry not found",
    ]);
    expect(refusal({ evidenceIds: [D1] })).toEqual([404, "EVIDENCE_NOT_FOUND", "Evidence not found"]);
  });
  it("refuses a reflection sent as a diary entry, an entry outside the range, and evidence of an unselected entry", () => {
    expect(refusal({ diaryEntries: [R1], reflectiveEntries: [] })).toEqual([
      400,
      "VALIDATION_ERROR",
      `Entry ${R1} is not a diary entry`,
    ]);
    expect(refusal({ reflectiveEntries: [D1] })).toEqual([
      400,
      "VALIDATION_ERROR",
      `Entry ${D1} is not a reflective entry`,
    ]);
    // D1 (1 March) is inside the shortened range, R1 (1 April) is not.
    expect(refusal({ dateTo: "2026-03-15" })).toEqual([
      400,
      "VALIDATION_ERROR",
      `Entry ${R1} is outside the portfolio's date range`,
    ]);
    expect(refusal({ diaryEntries: [] })).toEqual([
      400,
      "VALIDATION_ERROR",
      "Evidence can only be included with the entry it belongs to",
    ]);
  });
  it("e-mails portfolios of 100 estimated pages or more (entries + 8)", () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => String(i));
    expect(delivery({ diaryEntries: ids(91), reflectiveEntries: [] })).toEqual({
      estimatedPages: 99,
      delivery: "download",
    });
    expect(delivery({ diaryEntries: ids(50), reflectiveEntries: ids(42) })).toEqual({
      estimatedPages: 100,
      delivery: "email",
    });
  });
});
