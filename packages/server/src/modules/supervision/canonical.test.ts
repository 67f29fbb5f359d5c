import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../lib/canonical-json.js";
import { type CanonicalInput, canonicalHash, canonicalRecord } from "./canonical.js";

const at = (s: string) => new Date(s);
const record = (): CanonicalInput => ({
  entry: { id: "e1", type: "supervision", formId: "f1", values: { b: "2", a: ["x", "y"] } },
  share: { id: "s1", revieweeType: "Supervisee", revieweeName: "Rae", revieweeEmail: "rae@nhs.example" },
  topics: [
    {
      id: "t2",
      position: 1,
      title: "Training",
      actions: "",
      completed: false,
      comments: [],
    },
    {
      id: "t1",
      position: 0,
      title: "Caseload",
      actions: "Review",
      completed: true,
      comments: [
        {
          id: "c2",
          body: "Second",
          authorName: "Olive",
          byReviewee: false,
          createdAt: at("2026-09-01T10:05:00Z"),
        },
        {
          id: "c1",
          body: "First",
          authorName: "Rae",
          byReviewee: true,
          createdAt: at("2026-09-01T10:00:00Z"),
        },
      ],
    },
  ],
});

describe("canonical supervision record", () => {
  it("sorts keys recursively and writes no whitespace", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: null, y: "é" }], c: true } })).toBe(
      '{"a":{"c":true,"d":[2,{"y":"é","z":null}]},"b":1}',
    );
  });

  it("orders topics by position and comments by time, whatever order they were read in", () => {
    const json = canonicalRecord(record());
    expect(json.indexOf('"Caseload"')).toBeLessThan(json.indexOf('"Training"'));
    expect(json.indexOf('"First"')).toBeLessThan(json.indexOf('"Second"'));
    expect(json).toContain('"createdAt":"2026-09-01T10:00:00.000Z"');
    const shuffled = record();
    shuffled.topics.reverse();
    shuffled.topics[0]?.comments.reverse();
    expect(canonicalHash(shuffled)).toBe(canonicalHash(record()));
  });

  it("is the SHA-256 of the canonical JSON, and changes with any signed field", () => {
    const r = record();
    expect(canonicalHash(r)).toBe(createHash("sha256").update(canonicalRecord(r)).digest("hex"));
    const changed = record();
    (changed.topics[1] as CanonicalInput["topics"][number]).completed = false;
    expect(canonicalHash(changed)).not.toBe(canonicalHash(r));
    const renamed = record();
    renamed.share.revieweeName = "Ray";
    expect(canonicalHash(renamed)).not.toBe(canonicalHash(r));
  });

  it("leaves out what it does not cover (ids of the share's other columns, extra fields)", () => {
    const extra = { ...record(), entry: { ...record().entry, supervisionLocked: true } } as CanonicalInput;
    expect(canonicalHash(extra)).toBe(canonicalHash(record()));
  });
});
