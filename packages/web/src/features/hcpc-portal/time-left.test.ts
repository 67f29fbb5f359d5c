import { describe, expect, it } from "vitest";
import { timeLeft } from "./time-left";

const at = Date.parse("2026-11-23T12:00:00Z");
describe("timeLeft", () => {
  it("says days and hours, then hours and minutes, then minutes", () => {
    expect(timeLeft("2026-11-30T12:00:00Z", at)).toBe("7 days 0 hours left");
    expect(timeLeft("2026-11-24T13:30:00Z", at)).toBe("1 day 1 hour left");
    expect(timeLeft("2026-11-23T15:05:00Z", at)).toBe("3 hours 5 minutes left");
    expect(timeLeft("2026-11-23T12:00:20Z", at)).toBe("1 minute left");
  });
  it("says Expired at or after the time", () => {
    expect(timeLeft("2026-11-23T12:00:00Z", at)).toBe("Expired");
    expect(timeLeft("2026-11-22T12:00:00Z", at)).toBe("Expired");
  });
});
