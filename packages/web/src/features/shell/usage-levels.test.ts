import { describe, expect, it } from "vitest";
import { formatBytes, usageLevel } from "./usage-levels";

describe("usageLevel", () => {
  it("marks entries high from 60 % and full from 80 %", () => {
    expect(usageLevel("entries", 2, 5).level).toBe("normal");
    expect(usageLevel("entries", 3, 5).level).toBe("high");
    expect(usageLevel("entries", 4, 5).level).toBe("full");
    expect(usageLevel("entries", 5, 5)).toEqual({ percent: 100, level: "full" });
  });
  it("marks storage high from 70 % and full from 80 %", () => {
    expect(usageLevel("storage", 69_999_999, 1e8).level).toBe("normal");
    expect(usageLevel("storage", 70_000_000, 1e8).level).toBe("high");
    expect(usageLevel("storage", 79_999_999, 1e8).level).toBe("high");
    expect(usageLevel("storage", 80_000_000, 1e8).level).toBe("full");
  });
  it("caps the percentage at 100", () => {
    expect(usageLevel("entries", 9, 5).percent).toBe(100);
  });
});

describe("formatBytes", () => {
  it("uses decimal units", () => {
    expect(formatBytes(100_000_000)).toBe("100 MB");
    expect(formatBytes(12_345_678)).toBe("12.3 MB");
    expect(formatBytes(999)).toBe("999 B");
  });
});
