import { describe, expect, it } from "vitest";
import {
  CHART_COLOURS,
  canConfirmRange,
  chartColour,
  countdownMessage,
  cutText,
  daysLeft,
  entriesLink,
  graphHeight,
  legendPosition,
  MET_REQUIREMENT,
  monthKeyLabel,
  periodDates,
  periodRequest,
  rangeError,
  resilienceFigures,
  widgetsForMode,
} from "./dashboard-model";

describe("period", () => {
  it("builds the path and query of each period", () => {
    expect(periodRequest({ period: "12" })).toEqual({ params: { period: "12" }, query: {} });
    expect(periodRequest({ period: "lifetime" })).toEqual({ params: { period: "lifetime" }, query: {} });
    expect(periodRequest({ period: "custom", from: "2025-01-01", to: "2025-03-31" })).toEqual({
      params: { period: "custom" },
      query: { from: "2025-01-01", to: "2025-03-31" },
    });
  });

  it("covers the days the server counts: n months back to today, the day after that first", () => {
    expect(periodDates({ period: "12" }, "2026-11-26")).toEqual({ from: "2025-11-27", to: "2026-11-26" });
    expect(periodDates({ period: "24" }, "2026-11-26")).toEqual({ from: "2024-11-27", to: "2026-11-26" });
    expect(periodDates({ period: "36" }, "2026-12-31")).toEqual({ from: "2024-01-01", to: "2026-12-31" });
    // A shorter month keeps its last day (the server's addMonths): 29/02/2028 back a year is 28/02/2027.
    expect(periodDates({ period: "12" }, "2028-02-29")).toEqual({ from: "2027-03-01", to: "2028-02-29" });
    expect(periodDates({ period: "lifetime" }, "2026-11-26")).toEqual({ from: null, to: "2026-11-26" });
    expect(periodDates({ period: "custom", from: "2026-01-01", to: "2026-03-31" }, "2026-11-26")).toEqual({
      from: "2026-01-01",
      to: "2026-03-31",
    });
  });

  it("links to the entries list of a period, of one type or all", () => {
    const range = { from: "2025-11-27", to: "2026-11-26" };
    expect(entriesLink(range)).toBe("/entries?from=2025-11-27&to=2026-11-26");
    expect(entriesLink(range, "reflection")).toBe("/entries?type=reflection&from=2025-11-27&to=2026-11-26");
    expect(entriesLink({ from: null, to: "2026-11-26" }, "diary")).toBe("/entries?type=diary&to=2026-11-26");
  });

  it("confirms a custom range only with both dates in order", () => {
    expect(canConfirmRange("", "2025-01-01")).toBe(false);
    expect(canConfirmRange("2025-01-01", "")).toBe(false);
    expect(canConfirmRange("2025-02-01", "2025-01-01")).toBe(false);
    expect(canConfirmRange("2025-01-01", "2025-01-01")).toBe(true);
    expect(rangeError("", "")).toBe("Please choose both a from and a to date.");
    expect(rangeError("2025-02-01", "2025-01-01")).toBe("The from date must be on or before the to date.");
    expect(rangeError("2025-01-01", "2025-02-01")).toBeNull();
  });
});

describe("countdown", () => {
  const now = new Date("2026-11-22T10:00:00Z");
  it("congratulates at 0 hours left", () => {
    expect(countdownMessage(0, "2027-08-31", now)).toBe(MET_REQUIREMENT);
    expect(countdownMessage(0.04, "2027-08-31", now)).toBe(MET_REQUIREMENT);
    expect(MET_REQUIREMENT).toBe("Congrats, you have met your CPD hours requirement.");
  });

  it("counts days rounded up and hours to one decimal", () => {
    expect(daysLeft("2026-11-23", now)).toBe(1);
    expect(daysLeft("2026-12-01", now)).toBe(9);
    expect(daysLeft("2026-11-01", now)).toBe(0);
    expect(countdownMessage(12.345, "2026-12-01", now)).toBe(
      "9 days left to track 12.3 more hours of CPD to meet your requirements!",
    );
    expect(countdownMessage(5, "2026-12-01", now)).toBe(
      "9 days left to track 5 more hours of CPD to meet your requirements!",
    );
  });

  it("shows nothing without a target", () => {
    expect(countdownMessage(null, null, now)).toBeNull();
  });
});

describe("read more", () => {
  it("cuts card texts at 200 characters", () => {
    expect(cutText("short")).toEqual({ text: "short", cut: false });
    const long = "a".repeat(250);
    const r = cutText(long);
    expect(r.cut).toBe(true);
    expect(r.text).toBe(`${"a".repeat(200)}…`);
    expect(cutText("x".repeat(200)).cut).toBe(false);
  });
});

describe("charts", () => {
  it("sizes graphs and legends by window width", () => {
    expect(graphHeight(1280)).toBe(200);
    expect(graphHeight(800)).toBe(300);
    expect(legendPosition(1280, false)).toBe("right");
    expect(legendPosition(400, false)).toBe("hidden");
    expect(legendPosition(400, true)).toBe("bottom");
  });

  it("has 12 distinct colours for the monthly chart", () => {
    expect(new Set(CHART_COLOURS).size).toBe(12);
    expect(chartColour(12)).toBe(CHART_COLOURS[0]);
    expect(monthKeyLabel("2026-03")).toBe("Mar 2026");
  });
});

describe("resilience", () => {
  it("shows the five figures only when present", () => {
    const none = {
      resilientIncident: null,
      resilientCourses: null,
      resilientExercise: null,
      resilientGeneric: null,
      userCompliance: 40,
    };
    expect(resilienceFigures(none)).toBeNull();
    expect(
      resilienceFigures({ ...none, resilientIncident: 2, userCompliance: 66.6 })?.map((f) => f.value),
    ).toEqual(["2", "--", "--", "--", "67%"]);
  });
});

describe("widgetsForMode", () => {
  const all = { countdown: true, calendar: true, webinars: true, sharedCpd: true, categories: true };
  it("keeps only the countdown and the calendar in basic mode", () => {
    expect(widgetsForMode("basic", all)).toEqual({
      countdown: true,
      calendar: true,
      webinars: false,
      sharedCpd: false,
      categories: false,
    });
  });
  it("never turns on a widget the user switched off", () => {
    expect(widgetsForMode("basic", { ...all, calendar: false }).calendar).toBe(false);
  });
  it("keeps every switched-on widget in advanced mode", () => {
    expect(widgetsForMode("advanced", all)).toEqual(all);
  });
});
