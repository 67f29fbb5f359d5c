import { describe, expect, it } from "vitest";
import { ukDate } from "./london-time.js";

describe("ukDate", () => {
  it("shows ISO dates and instants as DD/MM/YYYY", () => {
    expect(ukDate("2025-08-01")).toBe("01/08/2025");
    expect(ukDate("2024-12-31T23:00:00.000Z")).toBe("31/12/2024");
  });
  it("shows nothing for missing dates, and anything else as it is", () => {
    expect(ukDate(null)).toBe("");
    expect(ukDate(undefined)).toBe("");
    expect(ukDate("soon")).toBe("soon");
  });
});
