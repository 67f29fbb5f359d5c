import { describe, expect, it } from "vitest";
import { fromParts, MINUTE_OPTIONS, needsPlainInput, toParts } from "./hours";

describe("hours control", () => {
  it("turns hours and minutes into a decimal string", () => {
    expect(fromParts({ hours: 1, minutes: 15 })).toBe("1.25");
    expect(fromParts({ hours: 0, minutes: 20 })).toBe("0.33");
    expect(fromParts({ hours: 3, minutes: 0 })).toBe("3");
    expect(fromParts({ hours: 24, minutes: 30 })).toBe("24");
  });
  it("round-trips every option", () => {
    for (const minutes of MINUTE_OPTIONS) {
      expect(toParts(fromParts({ hours: 2, minutes }))).toEqual({ hours: 2, minutes });
    }
  });
  it("reads stored values, snapping odd minutes", () => {
    expect(toParts("1.25")).toEqual({ hours: 1, minutes: 15 });
    expect(toParts("7")).toEqual({ hours: 7, minutes: 0 });
    expect(toParts("0.1")).toEqual({ hours: 0, minutes: 0 });
    expect(toParts("1.99")).toEqual({ hours: 2, minutes: 0 });
    expect(toParts("")).toBeNull();
    expect(toParts("abc")).toBeNull();
    expect(toParts("-1")).toBeNull();
  });
  it("uses the plain input above 24 hours", () => {
    expect(needsPlainInput("30")).toBe(true);
    expect(needsPlainInput("24")).toBe(false);
    expect(needsPlainInput("")).toBe(false);
  });
});
