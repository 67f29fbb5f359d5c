import { describe, expect, it } from "vitest";
import type { RecordKind } from "./revalidation.js";
import { RECORD_FIELDS, recordFieldsFor } from "./revalidation-records.js";
import { ONLINE_FORMS, SUBMISSION_RECORD_FIELDS } from "./revalidation-submission.js";

const keysOf = (kind: RecordKind) => RECORD_FIELDS[kind].map((f) => f.key);

describe("record fields, defined once", () => {
  it("every field a regulator's printed form names is a field the record form asks", () => {
    for (const [regulator, kinds] of Object.entries(SUBMISSION_RECORD_FIELDS))
      for (const [kind, fields] of Object.entries(kinds ?? {}))
        for (const f of fields ?? [])
          expect(keysOf(kind as RecordKind), `${regulator} ${kind} ${f.key}`).toContain(f.key);
  });

  it("every per-record online-form field is a field the record form asks", () => {
    for (const form of Object.values(ONLINE_FORMS))
      for (const f of form?.fields ?? [])
        if (f.perRecord) expect(keysOf(f.perRecord), f.key).toContain(f.key);
  });

  it("no kind asks the same key twice", () => {
    for (const kind of Object.keys(RECORD_FIELDS) as RecordKind[])
      expect(new Set(keysOf(kind)).size).toBe(keysOf(kind).length);
  });

  it("a regulator's own fields are asked only of its registrants", () => {
    const nmc = recordFieldsFor("reflectiveAccount", ["NMC"]).map((f) => f.key);
    const gphc = recordFieldsFor("reflectiveAccount", ["GPhC"]).map((f) => f.key);
    expect(nmc).toContain("codeRelevance");
    expect(nmc).not.toContain("areaOfWork");
    expect(gphc).toContain("areaOfWork");
    expect(gphc).not.toContain("codeRelevance");
    expect(recordFieldsFor("reflectiveAccount", []).map((f) => f.key)).toEqual([
      "nature",
      "learned",
      "changed",
    ]);
  });
});
