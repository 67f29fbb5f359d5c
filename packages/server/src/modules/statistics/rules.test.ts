import { describe, expect, it } from "vitest";
import { countdown, currentCycle, periodRange } from "./rules.js";

describe("periods", () => {
  it("counts 12, 24 and 36 months back from today, inclusive", () => {
    expect(periodRange("12", "2026-11-22")).toEqual({ from: "2025-11-23", to: "2026-11-22" });
    expect(periodRange("24", "2026-11-22").from).toBe("2024-11-23");
    expect(periodRange("lifetime", "2026-11-22")).toEqual({ from: null, to: "2026-11-22" });
  });

  it("needs both ends of a custom range, in order", () => {
    expect(periodRange("custom", "2026-11-22", { from: "2026-01-01", to: "2026-03-31" })).toEqual({
      from: "2026-01-01",
      to: "2026-03-31",
    });
    expect(() => periodRange("custom", "2026-11-22", { from: "2026-01-01" })).toThrow(/both/);
    expect(() => periodRange("custom", "2026-11-22", { from: "2026-05-01", to: "2026-01-01" })).toThrow(
      /on or before/,
    );
  });
});

describe("the CPD-hours countdown", () => {
  it("finds the reporting period containing today", () => {
    expect(
      currentCycle({ hoursPerYear: 30, startDate: "2025-09-01", reportInterval: 2 }, "2026-11-22"),
    ).toEqual({
      start: "2025-09-01",
      end: "2027-08-31",
      requiredHours: 60,
    });
    expect(
      currentCycle({ hoursPerYear: 35, startDate: "2020-04-01", reportInterval: 1 }, "2026-11-22"),
    ).toMatchObject({
      start: "2026-04-01",
      end: "2027-03-31",
      requiredHours: 35,
    });
    expect(
      currentCycle({ hoursPerYear: 35, startDate: "2026-04-01", reportInterval: 1 }, "2027-04-01")?.start,
    ).toBe("2027-04-01");
    expect(
      currentCycle({ hoursPerYear: null, startDate: "2026-04-01", reportInterval: 1 }, "2026-11-22"),
    ).toBeNull();
  });

  it("rounds hours left to one decimal and compliance to a whole percent", () => {
    const cycle = { start: "2026-04-01", end: "2027-03-31", requiredHours: 35 };
    expect(countdown(cycle, 12.26)).toEqual({ hoursLeft: 22.7, endDate: "2027-03-31", userCompliance: 35 });
    expect(countdown(cycle, 40)).toMatchObject({ hoursLeft: 0, userCompliance: 100 });
    expect(countdown(cycle, 34.96).hoursLeft).toBe(0);
    expect(countdown(null, 10)).toEqual({ hoursLeft: null, endDate: null, userCompliance: null });
  });
});
