import { describe, expect, it } from "vitest";
import { formatDate } from "./dates";

describe("formatDate", () => {
  it("shows ISO dates and instants as DD/MM/YYYY", () => {
    expect(formatDate("2025-08-01")).toBe("01/08/2025");
    expect(formatDate("2024-12-31T23:00:00.000Z")).toBe("31/12/2024");
  });
  it("shows nothing for missing dates", () => {
    expect(formatDate(null)).toBe("");
  });
});
