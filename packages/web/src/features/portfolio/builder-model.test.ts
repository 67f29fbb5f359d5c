import { describe, expect, it } from "vitest";
import {
  type BuilderEntry,
  type BuilderState,
  entryMatches,
  isEmailed,
  progressMs,
  selection,
  shownProgress,
  stageProblem,
  UNTAGGED,
  yearsBefore,
} from "./builder-model";

const state = (over: Partial<BuilderState> = {}): BuilderState => ({
  include: ["FRONT_PAGE"],
  line1: "CPD Portfolio",
  line2: "",
  background: 1,
  includeBranding: false,
  cover: "classic",
  dateFrom: "2025-11-23",
  dateTo: "2026-11-23",
  tags: ["Leadership", UNTAGGED],
  excludedEntries: [],
  excludedEvidence: [],
  ...over,
});
const entry = (id: string, over: Partial<BuilderEntry> = {}): BuilderEntry => ({
  id,
  type: "diary",
  title: id,
  date: "2026-05-01",
  tags: [],
  evidence: [],
  ...over,
});

describe("the builder's stage checks", () => {
  it("blocks a title line longer than 24 characters and allows 24", () => {
    expect(stageProblem(1, state({ line1: "x".repeat(24), line2: "y".repeat(24) }))).toBeNull();
    expect(stageProblem(1, state({ line1: "x".repeat(25) }))).toBe(
      "Title line 1 must be at most 24 characters.",
    );
    expect(stageProblem(1, state({ line2: "y".repeat(25) }))).toBe(
      "Title line 2 must be at most 24 characters.",
    );
  });
  it("blocks From after To and missing dates; the same day is fine", () => {
    expect(stageProblem(2, state({ dateFrom: "2026-02-02", dateTo: "2026-02-01" }))).toBe(
      "The From date must be on or before the To date.",
    );
    expect(stageProblem(2, state({ dateFrom: "" }))).toBe("Please enter both the From and To dates.");
    expect(stageProblem(2, state({ dateFrom: "2026-02-01", dateTo: "2026-02-01" }))).toBeNull();
  });
  it("needs a page and a tag", () => {
    expect(stageProblem(0, state({ include: [] }))).toBe("Select at least one page.");
    expect(stageProblem(2, state({ tags: [] }))).toBe("Select at least one tag (or Untagged).");
  });
});

describe("which entries the builder lists", () => {
  it("keeps entries inside the range whose tags match; Untagged matches entries without tags", () => {
    const s = state({ tags: ["Leadership"] });
    expect(entryMatches(entry("a", { tags: ["Leadership", "Audit"] }), s)).toBe(true);
    expect(entryMatches(entry("b", { tags: ["Audit"] }), s)).toBe(false);
    expect(entryMatches(entry("c"), s)).toBe(false);
    expect(entryMatches(entry("c"), state({ tags: [UNTAGGED] }))).toBe(true);
    expect(entryMatches(entry("d", { date: "2025-11-22" }), state())).toBe(false);
    expect(entryMatches(entry("e", { date: "2026-11-23" }), state())).toBe(true);
    expect(entryMatches(entry("f", { date: null }), state())).toBe(false);
  });
  it("selects everything shown except what was taken out; evidence of selected diary entries only", () => {
    const entries = [
      entry("d1", {
        evidence: [
          { id: "f1", name: "a.pdf" },
          { id: "f2", name: "b.pdf" },
        ],
      }),
      entry("d2", { evidence: [{ id: "f3", name: "c.pdf" }] }),
      entry("r1", { type: "reflection" }),
      entry("s1", { type: "supervision" }),
    ];
    const sel = selection(entries, state({ excludedEntries: ["d2"], excludedEvidence: ["f2"] }));
    expect(sel.diary.map((e) => e.id)).toEqual(["d1", "d2"]);
    expect(sel.diaryIds).toEqual(["d1"]);
    expect(sel.reflectiveIds).toEqual(["r1"]);
    expect(sel.evidenceIds).toEqual(["f1"]);
  });
});

describe("yearsBefore", () => {
  it("goes back a year, 29 February to 28 February", () => {
    expect(yearsBefore("2026-11-23", 1)).toBe("2025-11-23");
    expect(yearsBefore("2028-02-29", 1)).toBe("2027-02-28");
  });
});

describe("delivery and progress", () => {
  it("e-mails from 100 estimated pages", () => {
    expect(isEmailed(99)).toBe(false);
    expect(isEmailed(100)).toBe(true);
  });
  it("runs pages × factor seconds, the factor × 3.25 over 15 pages", () => {
    expect(progressMs(15)).toBe(3000);
    expect(progressMs(16)).toBeCloseTo(16 * 0.2 * 3.25 * 1000);
  });
  it("shows the animation or the server's progress, whichever is further, below 100", () => {
    expect(shownProgress(0, 10, 0)).toBe(0);
    expect(shownProgress(1000, 10, 0)).toBe(48);
    expect(shownProgress(1000, 10, 70)).toBe(70);
    expect(shownProgress(60_000, 10, 100)).toBe(99);
  });
});
