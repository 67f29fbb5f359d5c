import { describe, expect, it } from "vitest";
import { lastTwelveMonths } from "./range";

describe("lastTwelveMonths", () => {
  it("ends today in London and starts the day after the same date a year before", () => {
    expect(lastTwelveMonths(new Date("2026-11-23T23:30:00Z"))).toEqual({
      from: "2025-11-24",
      to: "2026-11-23",
    });
    // Just after midnight in summer time, London is already on the next day.
    expect(lastTwelveMonths(new Date("2026-06-30T23:30:00Z"))).toEqual({
      from: "2025-07-02",
      to: "2026-07-01",
    });
  });
});
