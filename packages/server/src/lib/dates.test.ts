import { describe, expect, it } from "vitest";
import { todayInLondon } from "./dates.js";

describe("todayInLondon", () => {
  it("turns at London's midnight, even when asked within the same second before it", () => {
    expect(todayInLondon(new Date("2026-06-30T22:59:59.001Z"))).toBe("2026-06-30");
    expect(todayInLondon(new Date("2026-06-30T22:59:59.999Z"))).toBe("2026-06-30");
    expect(todayInLondon(new Date("2026-06-30T23:00:00.000Z"))).toBe("2026-07-01");
    expect(todayInLondon(new Date("2026-12-31T23:59:59.999Z"))).toBe("2026-12-31");
    expect(todayInLondon(new Date("2027-01-01T00:00:00.000Z"))).toBe("2027-01-01");
    // Back in time again: not the day kept from the last call.
    expect(todayInLondon(new Date("2026-06-30T22:59:59.500Z"))).toBe("2026-06-30");
  });

  it("still refuses an invalid date", () => {
    expect(() => todayInLondon(new Date("nope"))).toThrow(RangeError);
  });
});
