import { describe, expect, it } from "vitest";
import { recurrenceLabel, reminderDate, todayIso } from "./recurrence";

describe("reminder recurrence", () => {
  it("pre-sets from the activity date, or today without one", () => {
    expect(reminderDate(12, "2026-11-01", "2026-11-22")).toBe("2027-11-01");
    expect(reminderDate(3, null, "2026-11-22")).toBe("2027-02-22");
  });
  it("is never in the past", () => {
    expect(reminderDate(1, "2025-01-10", "2026-11-22")).toBe("2026-12-10");
    expect(reminderDate(12, "2020-06-01", "2026-11-22")).toBe("2027-06-01");
  });
  it("names the offsets", () => {
    expect(recurrenceLabel("24")).toBe("Biennium");
    expect(recurrenceLabel(60)).toBe("Quinquennial");
  });
  it("gives today in London", () => {
    expect(todayIso(new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
  });
});
