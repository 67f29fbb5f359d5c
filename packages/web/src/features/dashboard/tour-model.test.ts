import { describe, expect, it } from "vitest";
import {
  CALENDAR_TOUR,
  MAIN_TOUR,
  MINI_TOUR,
  presentSteps,
  shouldStartMiniTour,
  stepLabel,
} from "./tour-model";

describe("tour steps", () => {
  it("walks the main areas of the dashboard in order", () => {
    expect(MAIN_TOUR.map((s) => s.target)).toEqual([
      "period",
      "statistics",
      "countdown",
      "charts",
      "calendar",
      "webinars",
      "customise",
    ]);
  });
  it("keeps the mini tour to two or three steps", () => {
    expect(MINI_TOUR.length).toBeGreaterThanOrEqual(2);
    expect(MINI_TOUR.length).toBeLessThanOrEqual(3);
  });
  it("names every step and gives each a distinct area", () => {
    for (const tour of [MAIN_TOUR, MINI_TOUR, CALENDAR_TOUR]) {
      expect(new Set(tour.map((s) => s.target)).size).toBe(tour.length);
      for (const s of tour) {
        expect(s.title.trim()).not.toBe("");
        expect(s.body.trim()).not.toBe("");
      }
    }
  });
  it("leaves out the areas that are not on the page", () => {
    const shown = new Set(["period", "statistics", "customise"]);
    expect(presentSteps(MAIN_TOUR, (t) => shown.has(t)).map((s) => s.target)).toEqual([
      "period",
      "statistics",
      "customise",
    ]);
    expect(presentSteps(MAIN_TOUR, () => false)).toEqual([]);
  });
  it("labels the position of a step", () => {
    expect(stepLabel(0, 7)).toBe("Step 1 of 7");
    expect(stepLabel(6, 7)).toBe("Step 7 of 7");
  });
});

describe("mini tour skip rule", () => {
  it("starts only without the skip flag and without the loading text", () => {
    expect(shouldStartMiniTour({ skipFlag: false, loadingTextPresent: false })).toBe(true);
    expect(shouldStartMiniTour({ skipFlag: true, loadingTextPresent: false })).toBe(false);
    expect(shouldStartMiniTour({ skipFlag: false, loadingTextPresent: true })).toBe(false);
    expect(shouldStartMiniTour({ skipFlag: true, loadingTextPresent: true })).toBe(false);
  });
});
