import { REQUIREMENT_METRICS, type Registration, type RulePack } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { PACKS } from "./packs.js";
import { cycleFor, evaluate, requirementsFor } from "./rules.js";
import type { CountedMetric, CycleTotals, MetricTotal } from "./types.js";

const pack = (id: string): RulePack => {
  const found = PACKS.find((p) => p.id === id);
  if (!found) throw new Error(`no pack ${id}`);
  return found;
};

const COUNTED = REQUIREMENT_METRICS.filter((m): m is CountedMetric => m !== "themesCovered");
const metric = (amount = 0, recentAmount = 0): MetricTotal => ({
  amount,
  recentAmount,
  entryIds: [],
  recordIds: [],
});
const totals = (
  over: Partial<Omit<CycleTotals, "metrics">> & {
    metrics?: Partial<Record<CountedMetric, MetricTotal>>;
  } = {},
) => {
  const metrics = Object.fromEntries(COUNTED.map((m) => [m, over.metrics?.[m] ?? metric()])) as Record<
    CountedMetric,
    MetricTotal
  >;
  return {
    themes: [],
    hoursByCycleMonth: [],
    gaps: [],
    recordThemes: [],
    ...over,
    metrics,
  } satisfies CycleTotals;
};
const registration = (
  regulator: RulePack["regulator"],
  registers: string[],
  renewalDate: string,
  own: Partial<Registration> = {},
) => ({
  regulator,
  registers,
  renewalDate,
  targetHours: null,
  cycleMonths: null,
  ...own,
});

/** Totals that meet every requirement of the pack for these registers exactly. */
function exactTotals(p: RulePack, reg: ReturnType<typeof registration>) {
  const metrics: Partial<Record<CountedMetric, MetricTotal>> = {};
  const themes = new Set<string>();
  for (const { requirement: r, target } of requirementsFor(p, reg)) {
    if (r.metric === "themesCovered") for (const v of r.values ?? []) themes.add(v);
    else metrics[r.metric] = metric(Math.max(target, metrics[r.metric]?.amount ?? 0));
  }
  return totals({ metrics, themes: [...themes] });
}

// One registration per pack, its renewal date and a day well inside the cycle.
const CASES: [string, ReturnType<typeof registration>, string][] = [
  ["nmc-2019", registration("NMC", ["nurse"], "2027-03-01"), "2026-06-01"],
  ["gphc-2022", registration("GPhC", ["pharmacist"], "2025-06-30"), "2025-03-01"],
  ["gphc-2026", registration("GPhC", ["pharmacy-technician"], "2026-06-30"), "2026-03-01"],
  ["hcpc-2018", registration("HCPC", ["paramedic"], "2027-08-31"), "2026-06-01"],
  ["gdc-2018", registration("GDC", ["dentist"], "2027-12-31"), "2026-06-01"],
  ["gdc-2018", registration("GDC", ["dental-nurse"], "2028-07-31"), "2026-06-01"],
  ["goc-2022", registration("GOC", ["prescribing-optometrist"], "2027-12-31"), "2026-06-01"],
  ["gosc-2018", registration("GOsC", ["osteopath"], "2027-09-30"), "2026-06-01"],
  ["gcc-2004", registration("GCC", ["chiropractor"], "2027-08-31"), "2027-03-01"],
  [
    "general-2026",
    registration("OTHER", ["own"], "2027-03-31", { targetHours: 40, cycleMonths: 24 }),
    "2026-06-01",
  ],
];

describe("evaluate, per pack, from the published figures", () => {
  it.each(CASES)("%s: exactly the targets is met", (id, reg, today) => {
    const p = pack(id);
    const result = evaluate(p, reg, cycleFor(p, reg), exactTotals(p, reg), today);
    expect(result.requirements.filter((r) => !r.met)).toEqual([]);
    expect(result.status).toBe("met");
  });

  it.each(CASES)("%s: one short on any requirement is short", (id, reg, today) => {
    const p = pack(id);
    const cycle = cycleFor(p, reg);
    for (const { requirement: r, target } of requirementsFor(p, reg)) {
      const exact = exactTotals(p, reg);
      const oneShort =
        r.metric === "themesCovered"
          ? { ...exact, themes: exact.themes.filter((t) => t !== r.values?.[0]) }
          : { ...exact, metrics: { ...exact.metrics, [r.metric]: metric(target - 1) } };
      const result = evaluate(p, reg, cycle, oneShort, today);
      const judged = result.requirements.find((x) => x.id === r.id);
      expect(judged?.met, `${id} ${r.id}`).toBe(false);
      expect(result.status).toBe("short");
    }
  });
});

describe("cycleFor", () => {
  // [pack, renewal date (the cycle's end and deadline), cycle start, window opens]
  it.each([
    // NMC: three years to the revalidation application date, the online window 60 days before it.
    ["nmc-2019", "2027-03-01", "2024-03-02", "2026-12-31"],
    ["gphc-2026", "2026-06-30", "2025-07-01", null],
    ["hcpc-2018", "2026-04-30", "2024-05-01", null],
    ["gdc-2018", "2027-12-31", "2023-01-01", null],
    ["goc-2022", "2027-12-31", "2025-01-01", null],
    // A leap day: the day after 28 February a year earlier.
    ["gcc-2004", "2028-02-29", "2027-03-01", null],
  ])("%s renewing %s", (id, renewalDate, cycleStart, windowOpens) => {
    expect(cycleFor(pack(id), { regulator: pack(id).regulator, renewalDate, cycleMonths: null })).toEqual({
      cycleStart,
      cycleEnd: renewalDate,
      deadline: renewalDate,
      windowOpens,
    });
  });

  it("takes another body's cycle length from the registration, and only for another body", () => {
    expect(
      cycleFor(pack("general-2026"), { regulator: "OTHER", renewalDate: "2027-03-31", cycleMonths: 24 })
        .cycleStart,
    ).toBe("2025-04-01");
    expect(
      cycleFor(pack("general-2026"), { regulator: "OTHER", renewalDate: "2027-03-31", cycleMonths: null })
        .cycleStart,
    ).toBe("2026-04-01");
    expect(
      cycleFor(pack("gcc-2004"), { regulator: "GCC", renewalDate: "2027-08-31", cycleMonths: 24 }).cycleStart,
    ).toBe("2026-09-01");
  });
});

describe("targets", () => {
  const targetOf = (p: RulePack, reg: ReturnType<typeof registration>, id: string) =>
    requirementsFor(p, reg).find((r) => r.requirement.id === id)?.target;

  it.each([
    [["nurse"], 450],
    [["nurse", "midwife"], 900],
    [["nurse", "midwife", "nursing-associate"], 1350],
  ])("NMC practice hours for %j: %i", (registers, hours) => {
    expect(targetOf(pack("nmc-2019"), registration("NMC", registers, "2027-03-01"), "practice-hours")).toBe(
      hours,
    );
    // CPD hours are per person, not per register.
    expect(targetOf(pack("nmc-2019"), registration("NMC", registers, "2027-03-01"), "cpd-hours")).toBe(35);
  });

  it("a nurse and midwife with 899 practice hours is short, with 900 met", () => {
    const p = pack("nmc-2019");
    const reg = registration("NMC", ["nurse", "midwife"], "2027-03-01");
    const judge = (hours: number) =>
      evaluate(
        p,
        reg,
        cycleFor(p, reg),
        totals({ metrics: { practiceHours: metric(hours) } }),
        "2026-01-01",
      ).requirements.find((r) => r.id === "practice-hours");
    expect(judge(899)).toMatchObject({ target: 900, done: 899, met: false });
    expect(judge(900)).toMatchObject({ target: 900, done: 900, met: true });
  });

  it.each([
    [["dentist"], ["verifiable-hours-dentist"]],
    [["dental-hygienist"], ["verifiable-hours-75"]],
    [["dental-nurse"], ["verifiable-hours-50"]],
    // Two titles: both apply, so the higher number decides, as the GDC says.
    [
      ["dental-hygienist", "dental-nurse"],
      ["verifiable-hours-75", "verifiable-hours-50"],
    ],
  ])("GDC %j is judged by %j", (registers, ids) => {
    expect(
      requirementsFor(pack("gdc-2018"), registration("GDC", registers, "2027-12-31")).map(
        (r) => r.requirement.id,
      ),
    ).toEqual(ids);
  });

  it("another body's hours target comes from the registration", () => {
    expect(
      targetOf(
        pack("general-2026"),
        registration("OTHER", ["own"], "2027-03-31", { targetHours: 40 }),
        "cpd-hours",
      ),
    ).toBe(40);
  });
});

describe("status, deadline and forecast", () => {
  const p = pack("gcc-2004");
  const reg = registration("GCC", ["chiropractor"], "2027-08-31");
  const cycle = cycleFor(p, reg);
  const met = totals({ metrics: { cpdHours: metric(30), participatoryHours: metric(15) } });
  const judge = (t: CycleTotals, today: string) => evaluate(p, reg, cycle, t, today);

  it("counts the days to the deadline: 0 on the day, negative after", () => {
    expect(judge(met, "2027-08-30").daysToDeadline).toBe(1);
    expect(judge(met, "2027-08-31").daysToDeadline).toBe(0);
    expect(judge(met, "2027-09-01").daysToDeadline).toBe(-1);
  });

  it("is short on the deadline day and overdue the day after, met whenever met", () => {
    const short = totals({ metrics: { cpdHours: metric(29), participatoryHours: metric(15) } });
    expect(judge(short, "2027-08-31").status).toBe("short");
    expect(judge(short, "2027-09-01").status).toBe("overdue");
    expect(judge(met, "2027-09-01").status).toBe("met");
  });

  it("forecasts the date at the last 90 days' pace and is on track when every forecast is by the deadline", () => {
    // 10 of 30 hours done, 9 in the last 90 days: 0.1 an hour a day, 200 days for the other 20.
    const t = totals({ metrics: { cpdHours: metric(10, 9), participatoryHours: metric(15) } });
    const result = judge(t, "2027-01-01");
    expect(result.requirements.find((r) => r.id === "cpd-hours")?.forecast).toBe("2027-07-20");
    expect(result.status).toBe("onTrack");
    // The same pace from later in the year lands after the deadline.
    expect(judge(t, "2027-03-01").status).toBe("short");
  });

  it("gives no forecast without a pace, or once met", () => {
    const t = totals({ metrics: { cpdHours: metric(10, 0), participatoryHours: metric(15, 15) } });
    const [cpd, withOthers] = judge(t, "2027-01-01").requirements;
    expect(cpd?.forecast).toBeNull();
    expect(withOthers?.forecast).toBeNull();
    expect(judge(t, "2027-01-01").status).toBe("short");
  });

  it("names the themes still missing", () => {
    const goc = pack("goc-2022");
    const optom = registration("GOC", ["optometrist"], "2027-12-31");
    const result = evaluate(
      goc,
      optom,
      cycleFor(goc, optom),
      totals({ themes: ["Communication", "Professionalism"] }),
      "2026-01-01",
    );
    expect(result.requirements.find((r) => r.id === "domains")).toMatchObject({
      target: 4,
      done: 2,
      met: false,
      missing: ["Clinical practice", "Leadership and accountability"],
    });
  });
});

describe("warnings", () => {
  it("names a gap in UK dates, where the pack has a gap rule", () => {
    const hcpc = pack("hcpc-2018");
    const reg = registration("HCPC", ["paramedic"], "2027-08-31");
    const gaps = [{ from: "2025-09-01", to: "2026-01-15" }];
    expect(evaluate(hcpc, reg, cycleFor(hcpc, reg), totals({ gaps }), "2026-06-01").warnings).toEqual([
      {
        code: "gap",
        message:
          "No CPD is recorded between 01/09/2025 and 15/01/2026: a gap of this length needs explaining",
      },
    ]);
    const gcc = pack("gcc-2004");
    const chiro = registration("GCC", ["chiropractor"], "2027-08-31");
    expect(evaluate(gcc, chiro, cycleFor(gcc, chiro), totals({ gaps }), "2026-06-01").warnings).toEqual([]);
  });

  describe("GDC: 10 hours in every two consecutive CPD years", () => {
    const gdc = pack("gdc-2018");
    const reg = registration("GDC", ["dentist"], "2027-12-31");
    const cycle = cycleFor(gdc, reg);
    // 9 hours in 2023-2024, then 10 in 2025.
    const hours = Array.from({ length: 60 }, (_, i) => (i === 3 ? 9 : i === 24 ? 10 : 0));
    const judge = (today: string) =>
      evaluate(gdc, reg, cycle, totals({ hoursByCycleMonth: hours }), today).warnings;

    it("does not judge a window still in progress", () => {
      expect(judge("2024-12-31")).toEqual([]);
    });

    it("warns of a window that ended short, naming it", () => {
      expect(judge("2025-01-01")).toEqual([
        {
          code: "rollingMinimum",
          message: "Only 9 of the 10 CPD hours required between 01/01/2023 and 31/12/2024 are recorded",
        },
      ]);
    });

    it("judges each window from each year's start: 2024-2025 holds 10 hours", () => {
      expect(judge("2026-06-01").map((w) => w.message)).toEqual([
        "Only 9 of the 10 CPD hours required between 01/01/2023 and 31/12/2024 are recorded",
      ]);
      // 2025-2026 also holds the 10; 2026-2027 holds none, once it has ended.
      expect(judge("2028-01-01").map((w) => w.message)).toEqual([
        "Only 9 of the 10 CPD hours required between 01/01/2023 and 31/12/2024 are recorded",
        "Only 0 of the 10 CPD hours required between 01/01/2026 and 31/12/2027 are recorded",
      ]);
    });
  });

  it("NMC: warns of a reflective account that names none of the Code's four themes", () => {
    const nmc = pack("nmc-2019");
    const reg = registration("NMC", ["nurse"], "2027-03-01");
    const recordThemes = [
      { id: "a", kind: "reflectiveAccount" as const, themes: ["Preserve safety"] },
      { id: "b", kind: "reflectiveAccount" as const, themes: [] },
      { id: "c", kind: "feedback" as const, themes: [] },
    ];
    expect(evaluate(nmc, reg, cycleFor(nmc, reg), totals({ recordThemes }), "2026-06-01").warnings).toEqual([
      {
        code: "namedThemes",
        message:
          "1 reflective account in this cycle names none of: Prioritise people; Practise effectively; Preserve safety; Promote professionalism and trust",
      },
    ]);
  });

  it("GPhC: a reflective account on standard 3 is flagged before 2026 and accepted after the rule change", () => {
    const recordThemes = [
      { id: "a", kind: "reflectiveAccount" as const, themes: ["Standard 3: Communicate effectively"] },
    ];
    const old = pack("gphc-2022");
    const before = registration("GPhC", ["pharmacist"], "2025-12-31");
    expect(
      evaluate(old, before, cycleFor(old, before), totals({ recordThemes }), "2025-06-01").warnings,
    ).toEqual([
      {
        code: "namedThemes",
        message:
          "1 reflective account in this cycle names none of: Standard 1: Provide person-centred care; Standard 2: Work in partnership with others; Standard 5: Use professional judgement",
      },
    ]);
    const current = pack("gphc-2026");
    const after = registration("GPhC", ["pharmacist"], "2026-01-01");
    expect(
      evaluate(current, after, cycleFor(current, after), totals({ recordThemes }), "2025-06-01").warnings,
    ).toEqual([]);
  });
});
