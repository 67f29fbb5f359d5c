import { describe, expect, it } from "vitest";
import { isPlaying, nextRandom, type RotationState, shouldRotate } from "./preview-rotation";

describe("nextRandom", () => {
  it("never repeats the current image when there is another", () => {
    for (const r of [0, 0.4, 0.99, 0.999999]) {
      const next = nextRandom(["a", "b", "c"], "b", () => r);
      expect(next).not.toBe("b");
      expect(["a", "c"]).toContain(next);
    }
  });
  it("keeps the only image and answers null for none", () => {
    expect(nextRandom(["a"], "a")).toBe("a");
    expect(nextRandom([], null)).toBeNull();
  });
  it("picks by the random number", () => {
    expect(nextRandom(["a", "b", "c"], null, () => 0)).toBe("a");
    expect(nextRandom(["a", "b", "c"], null, () => 0.7)).toBe("c");
  });
});

describe("rotation", () => {
  const base: RotationState = {
    userPlaying: null,
    reducedMotion: false,
    hovered: false,
    focused: false,
    chosen: false,
    imageCount: 3,
  };
  it("plays by default but not for reduced motion, unless the user pressed Play", () => {
    expect(isPlaying(base)).toBe(true);
    expect(isPlaying({ ...base, reducedMotion: true })).toBe(false);
    expect(isPlaying({ ...base, reducedMotion: true, userPlaying: true })).toBe(true);
    expect(isPlaying({ ...base, userPlaying: false })).toBe(false);
  });
  it("pauses while hovered, focused, showing a chosen file or with fewer than two images", () => {
    expect(shouldRotate(base)).toBe(true);
    expect(shouldRotate({ ...base, hovered: true })).toBe(false);
    expect(shouldRotate({ ...base, focused: true })).toBe(false);
    expect(shouldRotate({ ...base, chosen: true })).toBe(false);
    expect(shouldRotate({ ...base, imageCount: 1 })).toBe(false);
    expect(shouldRotate({ ...base, userPlaying: false })).toBe(false);
  });
});
