import { BLOCKING_FINDINGS_MAX, type BlockingFinding, IDENTIFIER_FINDING_MESSAGES } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.js";
import { profileFindings, recordFindings, refuseFindings } from "./gate.js";

/** A number passing the NHS modulus 11 check, written 3-3-4, out of the CHI and H&C ranges. */
function nhsNumber(from = 402_117_345): string {
  for (let n = from; ; n++) {
    const d = String(n);
    let sum = 0;
    for (let i = 0; i < 9; i++) sum += Number(d[i]) * (10 - i);
    const check = (11 - (sum % 11)) % 11;
    if (check !== 10) return `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}${check}`;
  }
}

const RECORD = "0b6f1c1e-7d4a-4c1b-9f3e-2a1d6c0e5b7a";

describe("recordFindings", () => {
  it("names each patient identifier by record and field, and leaves near-identifiers to the writer", () => {
    const nhs = nhsNumber();
    const found = recordFindings([
      {
        id: RECORD,
        title: `Feedback ${nhs}`,
        details: {
          withEmail: "partner@example.org",
          withAddress: "Ward 7, SW1A 1AA",
          notes: `Patient ${nhs}`,
          themes: ["not text"],
        },
      },
    ]);
    expect(found.map((f) => [f.recordType, f.recordId, f.recordTitle, f.field, f.kind])).toEqual([
      ["record", RECORD, `Feedback ${nhs}`, "title", "nhs-number"],
      ["record", RECORD, `Feedback ${nhs}`, "notes", "nhs-number"],
    ]);
    expect(`Patient ${nhs}`.slice(found[1]?.start, found[1]?.end)).toBe(nhs);
  });
});

/** One NHS-number finding in a revalidation record, as the gates build them. */
const finding: BlockingFinding = {
  field: "notes",
  kind: "nhs-number",
  severity: "identifier",
  start: 0,
  end: 12,
  reason: "r",
  recordType: "record",
  recordId: RECORD,
  recordTitle: "t",
};

describe("refuseFindings", () => {
  it("passes with no finding", () => {
    expect(() => refuseFindings([])).not.toThrow();
  });

  it("answers 409 IDENTIFIERS_FOUND listing at most BLOCKING_FINDINGS_MAX and counting them all", () => {
    const many = Array.from({ length: BLOCKING_FINDINGS_MAX + 3 }, () => finding);
    let thrown: unknown;
    try {
      refuseFindings(many);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(AppError);
    const e = thrown as AppError;
    expect([e.statusCode, e.code]).toEqual([409, "IDENTIFIERS_FOUND"]);
    expect(e.details?.findings).toHaveLength(BLOCKING_FINDINGS_MAX);
    expect(e.details?.total).toBe(BLOCKING_FINDINGS_MAX + 3);
  });
});

describe("profileFindings", () => {
  it("names the HCPC profile field holding a patient identifier, and leaves near-identifiers", () => {
    const nhs = nhsNumber();
    const found = profileFindings(RECORD, {
      hcpcSummary: "I work at the clinic, SW1A 1AA, ward@example.org",
      hcpcStandards: ["", `Reviewed ${nhs}`, "", ""],
    });
    expect(found.map((f) => [f.recordType, f.recordId, f.field, f.kind])).toEqual([
      ["profile", RECORD, "hcpcStandard2", "nhs-number"],
    ]);
  });
});

describe("refuseFindings' message", () => {
  const base: BlockingFinding = { ...finding, field: "text" };
  const messageOf = (findings: BlockingFinding[]) => {
    try {
      refuseFindings(findings);
    } catch (err) {
      return (err as AppError).message;
    }
    throw new Error("not refused");
  };

  it("says how to clear a file (it has no resolution) when a finding is in one", () => {
    expect(messageOf([base])).toBe(IDENTIFIER_FINDING_MESSAGES.blocked);
    expect(messageOf([base, { ...base, recordType: "file" }])).toBe(IDENTIFIER_FINDING_MESSAGES.blockedFile);
  });
});
