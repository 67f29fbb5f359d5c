import { HCPC, ONLINE_FORMS } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { onlineForm } from "./online-form.js";
import type { PackRecord } from "./repository.js";

const record = (kind: string, title: string, details: Record<string, string>): PackRecord => ({
  id: title,
  kind,
  title,
  date: "2026-01-01",
  endDate: null,
  hours: null,
  details,
  themes: [],
});
const NONE = { done: {}, records: [], hcpcSummary: "", hcpcStandards: [] };

describe("the online form's copy-ready text", () => {
  it("fills the NMC figures and one set of fields per counted discussion and confirmation", () => {
    const form = onlineForm("NMC", {
      ...NONE,
      done: { practiceHours: 460.5, cpdHours: 35.25, participatoryHours: 20 },
      records: [
        record("reflectiveDiscussion", "Discussion with Sam", {
          withName: "Sam Ode",
          withNumber: "98B7654C",
        }),
        record("confirmation", "Confirmation", {
          confirmerName: "Ada Line",
          confirmerEmail: "ada@example.org",
        }),
        record("feedback", "Not on the form", { withName: "ignored" }),
      ],
    });
    expect(form?.name).toBe(ONLINE_FORMS.NMC?.name);
    const byKey = Object.fromEntries((form?.fields ?? []).map((f) => [f.key, f]));
    expect([byKey.practiceHours?.text, byKey.cpdHours?.text, byKey.participatoryHours?.text]).toEqual([
      "460.5",
      "35.25",
      "20",
    ]);
    expect(byKey.withName).toMatchObject({
      group: "Discussion with Sam",
      text: "Sam Ode",
      overLimit: false,
    });
    expect(byKey.confirmerEmail?.text).toBe("ada@example.org");
    expect(form?.fields.filter((f) => f.key === "withName")).toHaveLength(1);
  });

  it("flags a text over its limit with its whole length and keeps every character", () => {
    const pin = "12345678X";
    const long = "w ".repeat(HCPC.summaryWords + 1).trim();
    const nmc = onlineForm("NMC", {
      ...NONE,
      records: [record("reflectiveDiscussion", "D", { withNumber: pin })],
    });
    const field = nmc?.fields.find((f) => f.key === "withNumber");
    expect(field).toMatchObject({ text: pin, length: 9, limit: 8, overLimit: true });
    const hcpc = onlineForm("HCPC", { ...NONE, hcpcSummary: long, hcpcStandards: ["one", "", "two"] });
    expect(hcpc?.fields[0]).toMatchObject({
      key: "summary",
      unit: "words",
      length: HCPC.summaryWords + 1,
      overLimit: true,
      text: long,
    });
    expect(hcpc?.fields[1]).toMatchObject({
      key: "statement",
      text: "one\n\ntwo",
      length: 2,
      overLimit: false,
    });
  });

  it("counts characters as code points, so an emoji or an accent is one", () => {
    const gphc = onlineForm("GPhC", {
      ...NONE,
      records: [record("peerDiscussion", "Peer", { peerRole: `${"é".repeat(999)}😀` })],
    });
    expect(gphc?.fields.find((f) => f.key === "peerRole")).toMatchObject({ length: 1_000, overLimit: false });
  });

  it("is null for a regulator without an online form", () => {
    expect(onlineForm("GDC", NONE)).toBeNull();
    expect(onlineForm("OTHER", NONE)).toBeNull();
  });
});
