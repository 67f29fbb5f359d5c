import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  daysBetween,
  isoToLondonWall,
  londonDay,
  londonRange,
  londonTime,
  londonWallToIso,
  longDayName,
  monthTitle,
  startOfWeek,
} from "./london-time";

describe("London time", () => {
  it("reads days and times on London's clock in winter and summer", () => {
    expect(londonDay("2026-11-22T23:30:00Z")).toBe("2026-11-22");
    expect(londonDay("2026-07-01T23:30:00Z")).toBe("2026-07-02");
    expect(londonTime("2026-07-01T12:05:00Z")).toBe("13:05");
    expect(londonTime("2026-01-01T12:05:00Z")).toBe("12:05");
  });

  it("turns London wall-clock times into instants, across clock changes", () => {
    expect(londonWallToIso("2026-11-22", "09:30")).toBe("2026-11-22T09:30:00.000Z");
    expect(londonWallToIso("2026-07-01", "09:30")).toBe("2026-07-01T08:30:00.000Z");
    expect(londonWallToIso("2026-03-29", "12:00")).toBe("2026-03-29T11:00:00.000Z");
    expect(isoToLondonWall("2026-07-01T08:30:00.000Z")).toEqual({ day: "2026-07-01", time: "09:30" });
  });

  it("formats ranges as DD/MM/YYYY", () => {
    expect(londonRange("2026-11-22T09:00:00Z", "2026-11-22T16:30:00Z")).toBe("22/11/2026, 09:00 to 16:30");
    expect(londonRange("2026-11-22T09:00:00Z", "2026-11-23T16:30:00Z")).toBe(
      "22/11/2026 09:00 to 23/11/2026 16:30",
    );
  });

  it("does calendar arithmetic", () => {
    expect(addDays("2026-11-30", 1)).toBe("2026-12-01");
    expect(daysBetween("2026-11-22", "2026-12-01")).toBe(9);
    expect(startOfWeek("2026-11-22")).toBe("2026-11-16");
    expect(addMonths("2026-12-15", 1)).toBe("2027-01-01");
    expect(monthTitle("2026-11-05")).toBe("November 2026");
    expect(longDayName("2026-11-22")).toBe("Sunday 22 November 2026");
  });
});
