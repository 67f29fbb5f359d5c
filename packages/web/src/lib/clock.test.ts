import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { now, nowMs, setClock } from "./clock";

afterEach(() => setClock(null));

describe("the clock", () => {
  it("reads the system clock until a time is fixed", () => {
    const before = Date.now();
    const t = nowMs();
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(Date.now());
  });

  it("answers a fixed time until it is reset", () => {
    setClock("2026-03-29T00:30:00Z");
    expect(now().toISOString()).toBe("2026-03-29T00:30:00.000Z");
    expect(nowMs()).toBe(Date.parse("2026-03-29T00:30:00Z"));
    setClock(null);
    expect(Math.abs(nowMs() - Date.now())).toBeLessThan(1000);
  });

  it("refuses a time that is not an instant", () => {
    expect(() => setClock("tomorrow")).toThrow("Not an instant");
  });
});

describe("src", () => {
  it("reads the current time only through lib/clock.ts", () => {
    const src = join(__dirname, "..");
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && name !== "clock.ts") {
          const code = readFileSync(path, "utf8");
          // `new Date()` with no argument, Date.now(), performance.now().
          if (/new Date\(\s*\)|Date\.now\(|performance\.now\(/.test(code))
            offenders.push(relative(src, path));
        }
      }
    };
    walk(src);
    expect(offenders).toEqual([]);
  });
});
