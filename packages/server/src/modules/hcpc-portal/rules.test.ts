import { addMonths, HCPC_ENTRY_COUNT_MESSAGE, HCPC_EVIDENCE_COUNT_MESSAGE } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import type { AppError } from "../../lib/errors.js";
import { checkRange, checkSelection, normaliseArrayQuery } from "./rules.js";

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
    o: { entryIds?: string[]; evidenceIds?: string[]; evidence?: [string, string][] } = {},
  ) =>
  () =>
    checkSelection({
      entryIds: o.entryIds ?? range.map((e) => e.id),
      evidenceIds: o.evidenceIds,
      inRange: new Map(range.map((e) => [e.id, e])),
      evidenceEntry: new Map(o.evidence ?? []),
    });

const evidenceOf = (n: number): [string, string][] => Array.from({ length: n }, (_, i) => [`f${i}`, `e${i}`]);

describe("checkSelection", () => {
  it("accepts 12 and 50 activities without a gap, with 4 or 12 pieces of evidence or none", () => {
    expect(select(weekly(12))()).toHaveLength(12);
    expect(select(weekly(50))()).toHaveLength(50);
    const ev = evidenceOf(12);
    expect(select(weekly(12), { evidenceIds: ["f0", "f1", "f2", "f3"], evidence: ev })()).toHaveLength(12);
    expect(select(weekly(12), { evidenceIds: ev.map(([f]) => f), evidence: ev })()).toHaveLength(12);
  });

  it("refuses 11 and 51 activities with the count message", () => {
    for (const n of [11, 51]) {
      expect(refusal(select(weekly(n)))).toEqual({
        status: 422,
        code: "HCPC_ENTRY_COUNT",
        message: HCPC_ENTRY_COUNT_MESSAGE,
      });
    }
  });

  it("refuses an entry outside the range before counting", () => {
    const range = weekly(12);
    expect(refusal(select(range, { entryIds: ["elsewhere"] })).code).toBe("ENTRY_NOT_FOUND");
    expect(refusal(select(range, { entryIds: ["elsewhere"] })).status).toBe(404);
  });

  it("refuses evidence not of a selected activity before counting it", () => {
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

  it("refuses 3 and 13 pieces of evidence with the evidence message", () => {
    const ev = evidenceOf(13);
    for (const n of [3, 13]) {
      expect(
        refusal(select(weekly(13), { evidenceIds: ev.slice(0, n).map(([f]) => f), evidence: ev })),
      ).toEqual({ status: 422, code: "HCPC_EVIDENCE_COUNT", message: HCPC_EVIDENCE_COUNT_MESSAGE });
    }
  });

  it("refuses a gap of 3 months, naming both activities and their dates, whatever the order given", () => {
    // Monthly for 11, then one 3 months after the last.
    const range = [...monthly(11), { id: "late", title: "Late course", date: addMonths("2026-11-05", 3) }];
    const r = refusal(select(range, { entryIds: range.map((e) => e.id).reverse() }));
    expect([r.status, r.code]).toEqual([422, "HCPC_GAP"]);
    expect(r.message).toContain('"Activity 10" (05/11/2026)');
    expect(r.message).toContain('"Late course" (05/02/2027)');
    expect(r.message).toContain("3 months");
  });

  it("accepts a gap of 2 months and 30 days", () => {
    const range = [...monthly(11), { id: "late", title: "Late course", date: "2027-02-04" }];
    expect(select(range)()).toHaveLength(12);
  });

  it("checks the counts before the gap", () => {
    const range = [...monthly(10), { id: "late", title: "Late", date: "2027-06-01" }];
    expect(refusal(select(range)).code).toBe("HCPC_ENTRY_COUNT");
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
