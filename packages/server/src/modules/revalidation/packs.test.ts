import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { REGULATORS, type RulePack } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import {
  loadPacks,
  PACK_FILES,
  PACKS,
  packAndCycleFor,
  packFor,
  packProblems,
  packSummaries,
  registersOf,
} from "./packs.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const pack = (id: string) => {
  const found = PACKS.find((p) => p.id === id);
  if (!found) throw new Error(`no pack ${id}`);
  return structuredClone(found) as RulePack;
};

describe("the shipped packs", () => {
  it("lists every file in packs/ (the bundle carries only the imported ones)", () => {
    const onDisk = readdirSync(path.join(here, "packs")).filter((f) => f.endsWith(".json"));
    expect(Object.keys(PACK_FILES).sort()).toEqual(onDisk.sort());
  });

  it("has a pack for every regulator, each valid, its file named after its id", () => {
    expect(new Set(PACKS.map((p) => p.regulator))).toEqual(new Set(REGULATORS));
    for (const [file, data] of Object.entries(PACK_FILES)) {
      expect(packProblems(data), file).toEqual([]);
      expect(`${(data as RulePack).id}.json`).toBe(file);
    }
  });

  // The published figures (sources in each pack): a wrong edit to a figure fails here as well as in review.
  it.each([
    [
      "nmc-2019",
      {
        "practice-hours": 450,
        "cpd-hours": 35,
        "participatory-hours": 20,
        feedback: 5,
        "reflective-accounts": 5,
      },
    ],
    ["gphc-2026", { "cpd-records": 4, "planned-records": 2, "peer-discussion": 1, "reflective-account": 1 }],
    ["gdc-2018", { "verifiable-hours-dentist": 100, "verifiable-hours-75": 75, "verifiable-hours-50": 50 }],
    ["goc-2022", { "cpd-points": 36, "interactive-points": 18, "specialty-points": 54, domains: 4 }],
    ["gosc-2018", { "cpd-hours": 90, "learning-with-others": 45, "ops-themes": 4 }],
    ["gcc-2004", { "cpd-hours": 30, "learning-with-others": 15 }],
  ])("%s carries the published targets", (id, targets) => {
    const p = pack(id);
    expect(
      Object.fromEntries(p.requirements.filter((r) => r.id in targets).map((r) => [r.id, r.target])),
    ).toEqual(targets);
  });

  it("gives the cycle lengths and windows the regulators publish", () => {
    const cycles = Object.fromEntries(PACKS.map((p) => [p.id, p.cycle.lengthMonths]));
    expect(cycles).toMatchObject({
      "nmc-2019": 36,
      "gphc-2026": 12,
      "hcpc-2018": 24,
      "gdc-2018": 60,
      "goc-2022": 36,
    });
    expect(pack("nmc-2019").windowOpensDaysBefore).toBe(60);
    expect(pack("hcpc-2018").warnings).toContainEqual(expect.objectContaining({ kind: "gap", months: 3 }));
    expect(pack("gdc-2018").warnings).toContainEqual(
      expect.objectContaining({ kind: "rollingMinimum", months: 24, hours: 10 }),
    );
  });
});

describe("packProblems", () => {
  it("accepts a valid pack", () => {
    expect(packProblems(pack("nmc-2019"))).toEqual([]);
  });

  it("names the path of a schema error", () => {
    const p = pack("nmc-2019") as unknown as { requirements: { target: unknown }[] };
    (p.requirements[0] as { target: unknown }).target = "450";
    expect(packProblems(p)).toContain("/requirements/0/target: must be number");
  });

  it("names a missing field and an unknown one", () => {
    const p = pack("gcc-2004") as Partial<RulePack> & { extra?: number };
    delete p.sources;
    p.extra = 1;
    const problems = packProblems(p);
    expect(problems).toContain("/: must have required property 'sources'");
    expect(problems).toContain("/: must NOT have additional properties");
  });

  it("refuses hostile values: an unknown metric, a NUL in a title, Infinity", () => {
    const p = pack("gcc-2004") as unknown as { requirements: Record<string, unknown>[] };
    Object.assign(p.requirements[0] as object, {
      metric: "vibes",
      title: "a\u0000b",
      target: Number.POSITIVE_INFINITY,
    });
    const problems = packProblems(p).join("\n");
    expect(problems).toContain("/requirements/0/metric");
    expect(problems).toContain("/requirements/0/title");
    expect(problems).toContain("/requirements/0/target");
  });

  it("refuses a requirement whose source is not among the pack's sources", () => {
    const p = pack("gcc-2004");
    (p.requirements[0] as { source: string }).source = "https://example.org/elsewhere";
    expect(packProblems(p)).toEqual([
      "/requirements/0/source: https://example.org/elsewhere is not among the pack's sources",
    ]);
  });

  it("refuses themesCovered values outside the pack's themes and a target that is not their number", () => {
    const p = pack("goc-2022");
    const domains = p.requirements.findIndex((r) => r.id === "domains");
    const r = p.requirements[domains] as { values: string[]; target: number };
    r.values = [...r.values.slice(0, 3), "Astrology"];
    r.target = 3;
    expect(packProblems(p)).toEqual([
      `/requirements/${domains}/values: "Astrology" is not one of the pack's themes`,
      `/requirements/${domains}/target: must equal the number of values (4)`,
    ]);
  });

  it("refuses repeated requirement ids, registers outside the pack and values on a counted metric", () => {
    const p = pack("gdc-2018");
    const [a, b] = p.requirements as [RulePack["requirements"][number], RulePack["requirements"][number]];
    b.id = a.id;
    a.registers = ["astronaut"];
    a.values = ["A: Effective communication"];
    expect(packProblems(p)).toEqual([
      "/requirements/0/registers: astronaut is not one of the pack's registers",
      "/requirements/0/values: only themesCovered takes values",
      `/requirements/1/id: ${a.id} is used twice`,
    ]);
  });
});

describe("loadPacks", () => {
  it("throws one error naming the file and path of each problem", () => {
    const bad = pack("gcc-2004") as unknown as { requirements: { target: unknown }[] };
    (bad.requirements[0] as { target: unknown }).target = -1;
    expect(() => loadPacks({ ...PACK_FILES, "gcc-2004.json": bad })).toThrow(
      "packs/gcc-2004.json /requirements/0/target: must be >= 0",
    );
  });

  it("refuses an id used twice and two versions of a regulator taking effect on one date", () => {
    expect(() => loadPacks({ ...PACK_FILES, "copy.json": pack("gcc-2004") })).toThrow(
      /pack id gcc-2004 is used twice\ntwo GCC packs take effect on 2004-09-01/,
    );
  });

  it("refuses a set with no pack for a regulator", () => {
    const { "gcc-2004.json": _gcc, ...rest } = PACK_FILES;
    expect(() => loadPacks(rest)).toThrow("no pack for GCC");
  });
});

describe("packFor", () => {
  // A fixture regulator with two versions, as a rule change ships.
  const v1 = { ...pack("gcc-2004"), id: "gcc-v1", effectiveFrom: "2020-01-01" };
  const v2 = { ...pack("gcc-2004"), id: "gcc-v2", effectiveFrom: "2024-09-01" };
  const packs = [v1, v2];

  it.each([
    ["2024-08-31", "gcc-v1"],
    ["2024-09-01", "gcc-v2"],
    ["2030-01-01", "gcc-v2"],
    ["2019-12-31", "gcc-v1"],
  ])("a cycle starting %s is judged by %s", (cycleStart, id) => {
    expect(packFor("GCC", cycleStart, packs).id).toBe(id);
  });

  it("picks the GPhC version by the renewal date the rule change names (1 January 2026)", () => {
    expect(packFor("GPhC", "2025-01-01").id).toBe("gphc-2022");
    expect(packFor("GPhC", "2025-01-02").id).toBe("gphc-2026");
  });
});

describe("packAndCycleFor", () => {
  const reg = (regulator: RulePack["regulator"], renewalDate: string) => ({
    regulator,
    renewalDate,
    cycleMonths: null,
  });

  it("gives GPhC renewals from 1 January 2026 the nine-standard version", () => {
    expect(packAndCycleFor(reg("GPhC", "2025-12-31")).pack.id).toBe("gphc-2022");
    const { pack: p, cycle } = packAndCycleFor(reg("GPhC", "2026-01-01"));
    expect([p.id, cycle.cycleStart]).toEqual(["gphc-2026", "2025-01-02"]);
  });

  it("gives an osteopath the annual scheme before the three-year cycle began and the three-year one after", () => {
    const before = packAndCycleFor(reg("GOsC", "2019-05-31"));
    expect([before.pack.id, before.cycle.cycleStart]).toEqual(["gosc-2005", "2018-06-01"]);
    const after = packAndCycleFor(reg("GOsC", "2022-05-31"));
    expect([after.pack.id, after.cycle.cycleStart]).toEqual(["gosc-2018", "2019-06-01"]);
    const first = packAndCycleFor(reg("GOsC", "2021-09-30"));
    expect([first.pack.id, first.cycle.cycleStart]).toEqual(["gosc-2018", "2018-10-01"]);
  });
});

describe("packSummaries and registersOf", () => {
  it("summarises every version with its sources", () => {
    const summaries = packSummaries();
    expect(summaries.map((s) => s.id)).toEqual(PACKS.map((p) => p.id));
    const gdc = summaries.find((s) => s.id === "gdc-2018");
    expect(gdc?.sources.map((s) => s.url)).toContain(
      "https://www.gdc-uk.org/education-cpd/cpd/enhanced-cpd-scheme-2018",
    );
    expect(gdc).not.toHaveProperty("requirements");
  });

  it("lists a regulator's registers", () => {
    expect(registersOf("NMC").map((r) => r.code)).toEqual(["nurse", "midwife", "nursing-associate"]);
    expect(registersOf("GDC").map((r) => r.code)).toContain("dental-nurse");
    expect(registersOf("OTHER")).toEqual([{ code: "own", title: "Your registration" }]);
  });
});
