import { describe, expect, it } from "vitest";
import { addMonths } from "./iso-dates.js";

describe("addMonths", () => {
  it("adds months, clamping the day to the month's end", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2024-01-31", 1)).toBe("2024-02-29");
    expect(addMonths("2026-11-15", 3)).toBe("2027-02-15");
    expect(addMonths("2026-05-10", 60)).toBe("2031-05-10");
  });
  it("goes back across a year end, and a leap day falls back to 28 February", () => {
    expect(addMonths("2026-01-15", -1)).toBe("2025-12-15");
    expect(addMonths("2028-02-29", -12)).toBe("2027-02-28");
    expect(addMonths("2026-03-31", -1)).toBe("2026-02-28");
  });
});
