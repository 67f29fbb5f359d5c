import { describe, expect, it } from "vitest";
import { addTag, removeTag } from "./tag-rules";

describe("addTag", () => {
  it("trims and appends", () => {
    expect(addTag(["a"], "  Wound care ")).toEqual({ ok: true, tags: ["a", "Wound care"] });
  });
  it("ignores empty input without an error", () => {
    expect(addTag([], "   ")).toEqual({ ok: false, error: null });
  });
  it("refuses duplicates, ignoring case", () => {
    expect(addTag(["Wound care"], "wound CARE")).toEqual({
      ok: false,
      error: "Duplicate Tag: This tag already exists.",
    });
  });
  it("refuses more than 50 characters but accepts exactly 50", () => {
    expect(addTag([], "x".repeat(51)).ok).toBe(false);
    expect(addTag([], "x".repeat(50)).ok).toBe(true);
  });
});

describe("removeTag", () => {
  it("removes only that tag", () => {
    expect(removeTag(["a", "b"], "a")).toEqual(["b"]);
  });
});
