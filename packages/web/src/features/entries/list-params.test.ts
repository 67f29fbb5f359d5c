import { describe, expect, it } from "vitest";
import { pageWindow } from "../../lib/page-window";
import {
  completenessText,
  DEFAULT_STATE,
  dateRangeText,
  parseListState,
  toQuery,
  toSearchParams,
} from "./list-params";

describe("entries list state in the URL", () => {
  it("defaults to date descending, page 1", () => {
    expect(parseListState(new URLSearchParams())).toEqual(DEFAULT_STATE);
    expect(toSearchParams(DEFAULT_STATE).toString()).toBe("");
  });
  it("reads links such as ?type=diary and ignores nonsense", () => {
    const s = parseListState(new URLSearchParams("type=diary&completeness=2&year=2026&sortBy=evil&page=-3"));
    expect(s.type).toBe("diary");
    expect(s.completeness).toBe(2);
    expect(s.year).toBe(2026);
    expect(s.sortBy).toBe("date");
    expect(s.page).toBe(1);
    expect(parseListState(new URLSearchParams("type=other&completeness=7")).type).toBeNull();
  });
  it("reads a date range such as the dashboard's period, and ignores dates in other forms", () => {
    const s = parseListState(new URLSearchParams("type=diary&from=2025-11-27&to=2026-11-26"));
    expect(s).toMatchObject({ type: "diary", from: "2025-11-27", to: "2026-11-26" });
    const odd = parseListState(new URLSearchParams("from=27/11/2025&to=tomorrow"));
    expect(odd).toMatchObject({ from: null, to: null });
  });
  it("reads what a revalidation requirement counts, and ignores a value of another shape", () => {
    const value = "0b6f4c1e-8d2a-4c3b-9e5f-1a2b3c4d5e6f:participatory-hours";
    const s = parseListState(new URLSearchParams({ countsTowards: value }));
    expect(s.countsTowards).toBe(value);
    expect(toSearchParams(s).get("countsTowards")).toBe(value);
    expect(toQuery(s).countsTowards).toBe(value);
    for (const odd of ["participatory-hours", `${value}\u0000`, "x:y", `${value.toUpperCase()}`])
      expect(parseListState(new URLSearchParams({ countsTowards: odd })).countsTowards).toBeNull();
  });
  it("round-trips", () => {
    const s = {
      ...DEFAULT_STATE,
      search: "sepsis",
      tag: "Leadership",
      from: "2025-11-27",
      to: "2026-11-26",
      sortBy: "title" as const,
      sortDesc: false,
      page: 3,
    };
    expect(parseListState(toSearchParams(s))).toEqual(s);
  });
  it("builds the API query", () => {
    expect(toQuery({ ...DEFAULT_STATE, search: " x " })).toEqual({
      filter: "x",
      year: undefined,
      tag: undefined,
      type: undefined,
      governingBody: undefined,
      category: undefined,
      completeness: undefined,
      from: undefined,
      to: undefined,
      countsTowards: undefined,
      sortBy: "date",
      sortDesc: true,
    });
    expect(toQuery({ ...DEFAULT_STATE, to: "2026-11-26" })).toMatchObject({
      from: undefined,
      to: "2026-11-26",
    });
  });
});

describe("the date range in words", () => {
  it("names both ends, or the one there is", () => {
    expect(dateRangeText("2025-11-27", "2026-11-26")).toBe("Entries dated 27/11/2025 to 26/11/2026");
    expect(dateRangeText(null, "2026-11-26")).toBe("Entries dated up to 26/11/2026");
    expect(dateRangeText("2025-11-27", null)).toBe("Entries dated from 27/11/2025");
    expect(dateRangeText(null, null)).toBeNull();
  });
});

describe("pagination", () => {
  it("shows at most 10 buttons", () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 30)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageWindow(15, 30)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(pageWindow(30, 30)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});

describe("completeness", () => {
  it("shows the percent only with FormPercentages", () => {
    expect(completenessText(2, 0.544, true)).toBe("Partial (54%)");
    expect(completenessText(1, 1, false)).toBe("Complete");
    // Without the feature the API answers no percentage.
    expect(completenessText(2, null, true)).toBe("Partial");
  });
});
