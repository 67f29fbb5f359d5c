import { describe, expect, it } from "vitest";
import { greetingFor, greetingText } from "./greeting";

const at = (h: number, m = 0) => new Date(2025, 0, 15, h, m);

describe("greetingFor", () => {
  it("says good morning before noon", () => {
    expect(greetingFor(at(0))).toBe("Good morning");
    expect(greetingFor(at(11, 59))).toBe("Good morning");
  });
  it("says good afternoon from 12:00 to 16:00", () => {
    expect(greetingFor(at(12))).toBe("Good afternoon");
    expect(greetingFor(at(16))).toBe("Good afternoon");
  });
  it("says good evening after 16:00", () => {
    expect(greetingFor(at(16, 1))).toBe("Good evening");
    expect(greetingFor(at(23, 59))).toBe("Good evening");
  });
  it("adds the first name", () => {
    expect(greetingText(at(9), "Dana")).toBe("Good morning, Dana");
    expect(greetingText(at(9), " ")).toBe("Good morning");
  });
});
