import { addMonths, HCPC_STATEMENT_WORDS_MESSAGE, HCPC_SUMMARY_WORDS_MESSAGE } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import type { AppError } from "../../lib/errors.js";
import {
  checkRange,
  checkSelection,
  checkStatementWords,
  checkSummaryWords,
  normaliseArrayQuery,
} from "./rules.js";

/** `n` activities a month apart from 2026-01-05, ids e0.. */
const monthly = (n: number, from = "2026-01-05") =>
  Array.from({ length: n }, (_, i) => ({
    id: `e${i}`,
    title: `Activity ${i}`,
    date: addMonths(from, i),
  }));
const weekly = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `e${i}`,
    title: `Activity ${i}`,
    date: new Date(Date.UTC(2026, 0, 5 + 7 * i)).toISOString().slice(0, 10),
  }));

function refusal(fn: () => unknown): { status: number; code: string; message: string } {
  try {
    fn();
  } catch (err) {
    const e = err as AppError;
    return { status: e.statusCode, code: e.code, message: e.message };
  }
  throw new Error("expected a refusal");
}

const select =
  (
    range: { id: string; title: string; date: string }[],
    o: {
      entryIds?: string[];
      evidenceIds?: string[];
      evidence?: [string, string][];
      explanations?: [string, string][];
    } = {},
  ) =>
  () =>
    checkSelection({
      entryIds: o.entryIds ?? range.map((e) => e.id),
      evidenceIds: o.evidenceIds,
      inRange: new Map(range.map((e) => [e.id, e])),
      evidenceEntry: new Map(o.evidence ?? []),
      explanations: new Map(o.explanations ?? []),
    });

const evidenceOf = (n: number): [string, string][] => Array.from({ length: n }, (_, i) => [`f${i}`, `e${i}`]);

describe("checkSelection", () => {
  it("accepts 1, 12, 50 and 51 activities without a gap: the count only warns (ADR 0027)", () => {
    for (const n of [1, 11, 12, 50, 51]) expect(select(weekly(n))().entries).toHaveLength(n);
  });

  it("accepts any amount of evidence of the selected activities: 0, 3, 4, 12 and 13", () => {
    const ev = evidenceOf(13);
    for (const n of [0, 3, 4, 12, 13]) {
      const evidenceIds = ev.slice(0, n).map(([f]) => f);
      expect(select(weekly(13), { evidenceIds, evidence: ev })().entries).toHaveLength(13);
    }
  });

  it("refuses an entry outside the range with 404", () => {
    const range = weekly(12);
    const r = refusal(select(range, { entryIds: ["elsewhere"] }));
    expect([r.status, r.code]).toEqual([404, "ENTRY_NOT_FOUND"]);
  });

  it("refuses evidence not of a selected activity", () => {
    const range = weekly(13);
    const ev = evidenceOf(13);
    // f12 belongs to e12, which is in range but not selected.
    const entryIds = range.slice(0, 12).map((e) => e.id);
    const r = refusal(select(range, { entryIds, evidenceIds: ["f12"], evidence: ev }));
    expect([r.status, r.code]).toEqual([404, "EVIDENCE_NOT_FOUND"]);
    expect(refusal(select(range, { entryIds, evidenceIds: ["unknown"], evidence: ev })).code).toBe(
      "EVIDENCE_NOT_FOUND",
    );
  });

  it("refuses an unexplained gap of 3 months, naming both activities and their dates, whatever the order given", () => {
    // Monthly for 11, then one 3 months after the last.
    const range = [...monthly(11), { id: "late", title: "Late course", date: addMonths("2026-11-05", 3) }];
    const r = refusal(select(range, { entryIds: range.map((e) => e.id).reverse() }));
    expect([r.status, r.code]).toEqual([422, "HCPC_GAP"]);
    expect(r.message).toContain('"Activity 10" (05/11/2026)');
    expect(r.message).toContain('"Late course" (05/02/2027)');
    expect(r.message).toContain("3 months");
  });

  it("accepts an explained gap and answers it with its explanation", () => {
    const range = [...monthly(11), { id: "late", title: "Late course", date: "2027-02-05" }];
    const explanations: [string, string][] = [["2026-11-05/2027-02-05", "  Parental leave  "]];
    const { gaps } = select(range, { explanations })();
    expect(gaps.map((g) => [g.from.id, g.to.id, g.months, g.explanation])).toEqual([
      ["e10", "late", 3, "Parental leave"],
    ]);
  });

  it("names every unexplained gap, not the explained one, and refuses a blank explanation", () => {
    const range = [
      { id: "a", title: "First", date: "2026-01-01" },
      { id: "b", title: "Second", date: "2026-05-01" },
      { id: "c", title: "Third", date: "2026-09-01" },
      { id: "d", title: "Fourth", date: "2027-01-01" },
    ];
    const r = refusal(
      select(range, {
        explanations: [
          ["2026-05-01/2026-09-01", "Sick leave"],
          ["2026-09-01/2027-01-01", "   "],
        ],
      }),
    );
    expect(r.code).toBe("HCPC_GAP");
    expect(r.message).toContain('"First" (01/01/2026) and "Second" (01/05/2026)');
    expect(r.message).toContain('"Third" (01/09/2026) and "Fourth" (01/01/2027)');
    expect(r.message).not.toContain('"Second" (01/05/2026) and "Third"');
  });

  it("accepts a gap of 2 months and 30 days without an explanation", () => {
    const range = [...monthly(11), { id: "late", title: "Late course", date: "2027-02-04" }];
    expect(select(range)()).toMatchObject({ gaps: [] });
    expect(select(range)().entries).toHaveLength(12);
  });
});

describe("word limits", () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(" ");
  it("accepts a summary of 500 words and refuses 501 with the contract's message", () => {
    expect(() => checkSummaryWords(words(500))).not.toThrow();
    expect(refusal(() => checkSummaryWords(words(501)))).toEqual({
      status: 422,
      code: "HCPC_WORD_LIMIT",
      message: HCPC_SUMMARY_WORDS_MESSAGE,
    });
  });

  it("counts the statement over the four standards: 1,500 accepted, 1,501 refused", () => {
    expect(() => checkStatementWords([words(500), words(500), words(400), words(100)])).not.toThrow();
    expect(refusal(() => checkStatementWords([words(500), words(500), words(400), words(101)]))).toEqual({
      status: 422,
      code: "HCPC_WORD_LIMIT",
      message: HCPC_STATEMENT_WORDS_MESSAGE,
    });
  });
});

describe("checkRange", () => {
  it("accepts a range of one day and refuses one that ends before it starts", () => {
    expect(() => checkRange("2026-01-01", "2026-01-01")).not.toThrow();
    expect(refusal(() => checkRange("2026-01-02", "2026-01-01")).code).toBe("RANGE_ORDER");
  });
});

describe("normaliseArrayQuery", () => {
  it("turns entryId[] and a single entryId into one array, and leaves arrays and other keys alone", () => {
    expect(normaliseArrayQuery({ "entryId[]": ["a", "b"] }, ["entryId"])).toEqual({ entryId: ["a", "b"] });
    expect(normaliseArrayQuery({ "entryId[]": "a", entryId: "b" }, ["entryId"])).toEqual({
      entryId: ["b", "a"],
    });
    expect(normaliseArrayQuery({ entryId: "a", download: "true" }, ["entryId", "evidenceId"])).toEqual({
      entryId: ["a"],
      download: "true",
    });
    expect(normaliseArrayQuery({ entryId: ["a", "b"] }, ["entryId"])).toEqual({ entryId: ["a", "b"] });
    expect(normaliseArrayQuery({}, ["entryId"])).toEqual({});
  });
});
