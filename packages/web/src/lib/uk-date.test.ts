import { ukDate } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { ukToIso } from "./uk-date";

describe("UK dates", () => {
  it("converts DD/MM/YYYY to ISO and back", () => {
    expect(ukToIso("01/09/2025")).toBe("2025-09-01");
    expect(ukToIso("1/9/2025")).toBe("2025-09-01");
    expect(ukDate("2025-09-01")).toBe("01/09/2025");
  });
  it("refuses impossible dates and other formats", () => {
    expect(ukToIso("31/02/2025")).toBeNull();
    expect(ukToIso("2025-09-01")).toBeNull();
  });
  it("treats blank as no date", () => {
    expect(ukToIso(" ")).toBe("");
  });
});
