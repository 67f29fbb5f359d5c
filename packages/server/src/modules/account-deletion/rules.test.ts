import { describe, expect, it } from "vitest";
import { autoDeletionStep, daysFrom, deletionDates, isDeletionDate, reminderOffset } from "./rules.js";

describe("deletion dates", () => {
  it("are today + 1, 7 or 30 days + 1 day, across month and year ends", () => {
    expect(deletionDates("2026-12-30")).toEqual(["2027-01-01", "2027-01-07", "2027-01-30"]);
    expect(isDeletionDate("2026-02-27", "2026-03-01")).toBe(true);
    expect(isDeletionDate("2026-02-27", "2026-02-28")).toBe(false);
    expect(isDeletionDate("2026-02-27", "2026-02-27")).toBe(false);
  });
});

describe("automatic deletion", () => {
  const due = "2027-04-10";
  const step = (today: string, warnedFirst = false, warnedLastOn: string | null = null) =>
    autoDeletionStep({ today, deletionDate: due, warnedFirst, warnedLastOn });

  it("does nothing before the first warning is due", () => {
    expect(step("2027-03-10")).toEqual({ kind: "none" });
  });

  it("warns 30 days before, once, then 7 days before", () => {
    expect(step("2027-03-11")).toEqual({ kind: "warn", notice: "deletion-30", deletesOn: due });
    expect(step("2027-03-20", true)).toEqual({ kind: "none" });
    expect(step("2027-04-03", true)).toEqual({ kind: "warn", notice: "deletion-7", deletesOn: due });
  });

  it("deletes on the date only once the last warning is 7 days old", () => {
    expect(step("2027-04-09", true, "2027-04-03")).toEqual({ kind: "none" });
    expect(step("2027-04-10", true, "2027-04-03")).toEqual({ kind: "delete" });
    // A late last warning (the job did not run): the date moves to 7 days after it.
    expect(step("2027-04-08", true)).toEqual({ kind: "warn", notice: "deletion-7", deletesOn: "2027-04-15" });
    expect(step("2027-04-14", true, "2027-04-08")).toEqual({ kind: "none" });
    expect(step("2027-04-15", true, "2027-04-08")).toEqual({ kind: "delete" });
  });

  it("gives a date long past (a legacy account) its last warning now, and deletes 7 days later", () => {
    const legacy = (today: string, warnedLastOn: string | null = null) =>
      autoDeletionStep({ today, deletionDate: "2025-11-01", warnedFirst: false, warnedLastOn });
    expect(legacy("2026-11-25")).toEqual({ kind: "warn", notice: "deletion-7", deletesOn: "2026-12-02" });
    expect(legacy("2026-12-01", "2026-11-25")).toEqual({ kind: "none" });
    expect(legacy("2026-12-02", "2026-11-25")).toEqual({ kind: "delete" });
  });
});

describe("reminders before a date", () => {
  const offsets = [180, 90, 30, 7];
  it("is due on each offset, and the nearest one passed over after a missed run", () => {
    expect([181, 180, 179, 91, 90, 31, 30, 8, 7, 1, 0].map((d) => reminderOffset(d, offsets))).toEqual([
      null,
      180,
      180,
      180,
      90,
      90,
      30,
      30,
      7,
      7,
      7,
    ]);
  });
  it("is none once the date has passed", () => {
    expect(reminderOffset(-1, offsets)).toBeNull();
  });
  it("counts days across a clock change and a leap day", () => {
    expect(daysFrom("2027-03-27", "2027-03-29")).toBe(2);
    expect(daysFrom("2028-02-28", "2028-03-01")).toBe(2);
    expect(daysFrom("2027-04-10", "2027-04-03")).toBe(-7);
  });
});
