import { GOVERNING_BODIES, GOVERNING_BODY_PAGE_CODES } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import data from "./governing-body-standards.json" with { type: "json" };
import { standardsForPage, standardsProblems } from "./index.js";

const copy = () => structuredClone(data) as Record<string, Record<string, unknown>>;

describe("governing-body-standards.json", () => {
  it("is valid and covers every governing-body page code", () => {
    expect(standardsProblems(data)).toEqual([]);
    for (const code of Object.values(GOVERNING_BODY_PAGE_CODES).flat()) {
      expect(standardsForPage(code)?.source, code).toMatch(/^https:\/\//);
    }
  });

  it("offers every body with a page as a governing body a user can choose", () => {
    for (const body of Object.keys(GOVERNING_BODY_PAGE_CODES))
      expect(GOVERNING_BODIES as readonly string[], body).toContain(body);
  });

  it("keeps the NMC Code and the future nurse proficiencies apart", () => {
    const code = standardsForPage("NMC_STANDARDS")?.items.map((i) => i.title);
    const fen = standardsForPage("NMC_FEN_STANDARDS")?.items.map((i) => i.title);
    expect(code).toEqual([
      "Prioritise people",
      "Practise effectively",
      "Preserve safety",
      "Promote professionalism and trust",
    ]);
    expect(fen).toHaveLength(7);
    expect(fen?.[0]).toBe("Being an accountable professional");
  });

  it("reports a source that is not https, a bad date, an unknown field, a missing page and a page of another body", () => {
    const bad = copy();
    (bad.NMC_STANDARDS as Record<string, unknown>).source = "http://www.nmc.org.uk/standards/code/";
    expect(standardsProblems(bad).join()).toMatch(/source/);

    const date = copy();
    (date.SWE_PROFILE as Record<string, unknown>).effective = "2 December 2019";
    expect(standardsProblems(date).join()).toMatch(/effective/);

    const extra = copy();
    (extra.GOSC_PROFILE as Record<string, unknown>).wording = "invented";
    expect(standardsProblems(extra)).not.toEqual([]);

    const missing = copy();
    delete missing.EPRR_STANDARDS;
    expect(standardsProblems(missing)).toEqual(["EPRR_STANDARDS: no standards recorded"]);

    const moved = copy();
    (moved.IOSH_PROFILE as Record<string, unknown>).body = "NMC";
    expect(standardsProblems(moved)).toEqual(["IOSH_PROFILE: not a page of NMC"]);

    const repeated = copy();
    const items = (repeated.AHCS_PROFILE as { items: { ref: string }[] }).items;
    (items[1] as { ref: string }).ref = "1";
    expect(standardsProblems(repeated)).toEqual(["AHCS_PROFILE: repeated item refs"]);
  });
});
