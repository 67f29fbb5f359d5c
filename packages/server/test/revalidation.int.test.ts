// Revalidation (ADR 0026, REQ-REVAL-02..04) through the real app and database: registrations
// replaced and read, refusals of unknown registers and hostile input, progress computed from real
// diary entries, their tags and revalidation records, ownership of entries and records, and
// parallel replacements of the registrations.
import { randomUUID } from "node:crypto";
import { REVALIDATION_MESSAGES } from "@cpd/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { NMC_REGISTRATION as NMC } from "./factories.js";
import { call, createUser, refusal, type TestUser, useApp } from "./harness.js";

const h = useApp();
const TODAY = "2026-11-27";
// The file's own app, so its clock may stand still.
beforeAll(() => {
  h.deps.now = () => new Date(`${TODAY}T12:00:00Z`);
});

const put = (u: TestUser, items: unknown[]) =>
  call(h.app, "PUT", "/profile/registrations", { token: u.token, body: { items } });

/** A diary entry of `u`'s written straight into the table (the form's rules are not under test here). */
async function diary(u: TestUser, date: string, hours: number, type = "diary") {
  const e = await h.deps.prisma.entry.create({
    data: { userId: u.id, type, title: `CPD ${date}`, date: new Date(`${date}T00:00:00Z`), hours },
  });
  return e.id;
}
const tag = (u: TestUser, id: string, tags: Record<string, unknown> = {}) =>
  call(h.app, "PUT", `/revalidation/entries/${id}`, {
    token: u.token,
    body: { participatory: false, planned: false, verifiable: false, method: null, themes: [], ...tags },
  });
const record = (u: TestUser, body: Record<string, unknown>) =>
  call(h.app, "POST", "/revalidation/records", {
    token: u.token,
    body: { title: "Record", details: {}, themes: [], ...body },
  });

type Requirement = {
  id: string;
  metric: string;
  target: number;
  done: number;
  met: boolean;
  entryIds: string[];
  recordIds: string[];
};
async function progressOf(u: TestUser) {
  const res = await call(h.app, "GET", "/revalidation", { token: u.token });
  expect(res.status).toBe(200);
  return res.body.items as {
    registration: { regulator: string };
    pack: { id: string };
    cycleStart: string;
    cycleEnd: string;
    status: string;
    requirements: Requirement[];
    warnings: { code: string; message: string }[];
  }[];
}
const byMetric = (reqs: Requirement[], metric: string) => {
  const r = reqs.find((x) => x.metric === metric);
  if (!r) throw new Error(`no ${metric} requirement`);
  return r;
};

describe("registrations", () => {
  it("are replaced and read back in the order given, the same registration listed twice kept once", async () => {
    const u = await createUser(h.deps);
    const other = {
      regulator: "OTHER",
      registers: ["own"],
      registrationNumber: "OWN-1",
      renewalDate: "2027-03-31",
      targetHours: 30,
      cycleMonths: 12,
      reminders: false,
    };
    const first = await put(u, [NMC, other, { ...NMC, registrationNumber: "12a3456e" }]);
    expect(first.status).toBe(200);
    expect(first.body.items.map((r: { regulator: string }) => r.regulator)).toEqual(["NMC", "OTHER"]);
    const read = await call(h.app, "GET", "/profile/registrations", { token: u.token });
    expect(read.body.items).toEqual(first.body.items);
    expect(read.body.items[0]).toMatchObject({
      ...NMC,
      reminders: true,
      targetHours: null,
      cycleMonths: null,
    });
    expect(read.body.items[1]).toMatchObject(other);

    const second = await put(u, [other]);
    expect(second.body.items).toHaveLength(1);
    expect(await h.deps.prisma.registration.count({ where: { userId: u.id } })).toBe(1);
  });

  it("refuses a register that is not the regulator's, and another body without its own target, storing nothing", async () => {
    const u = await createUser(h.deps);
    expect(refusal(await put(u, [{ ...NMC, registers: ["dentist"] }]))).toEqual([
      400,
      "UNKNOWN_REGISTER",
      REVALIDATION_MESSAGES.unknownRegister,
    ]);
    expect(
      refusal(
        await put(u, [
          { regulator: "OTHER", registers: ["own"], registrationNumber: "X1", renewalDate: "2027-01-01" },
        ]),
      ),
    ).toEqual([400, "OWN_TARGET_REQUIRED", REVALIDATION_MESSAGES.ownTargetRequired]);
    expect(await h.deps.prisma.registration.count({ where: { userId: u.id } })).toBe(0);
  });

  it.each([
    ["a NUL in the number", { ...NMC, registrationNumber: "12A\u00003456" }],
    ["a lone surrogate in the number", { ...NMC, registrationNumber: "12A\ud8003456" }],
    [
      "1e308 hours",
      {
        regulator: "OTHER",
        registers: ["own"],
        registrationNumber: "X1",
        renewalDate: "2027-01-01",
        targetHours: 1e308,
        cycleMonths: 12,
      },
    ],
    ["an explicit null renewal date", { ...NMC, renewalDate: null }],
    ["an explicit null reminders", { ...NMC, reminders: null }],
    ["an impossible date", { ...NMC, renewalDate: "2027-02-30" }],
  ])("answers 400 to %s and stores nothing", async (_, item) => {
    const u = await createUser(h.deps);
    const res = await put(u, [item]);
    expect(res.status).toBe(400);
    expect(await h.deps.prisma.registration.count({ where: { userId: u.id } })).toBe(0);
  });

  it("takes parallel replacements at three times the pool size without a 5xx, leaving one of them whole", async () => {
    const u = await createUser(h.deps);
    const n = 3 * h.deps.config.databasePoolSize;
    const bodies = Array.from({ length: n }, (_, i) => [
      { ...NMC, registrationNumber: `PAR${i}A` },
      {
        regulator: "OTHER",
        registers: ["own"],
        registrationNumber: `PAR${i}B`,
        renewalDate: "2027-01-01",
        targetHours: 20,
        cycleMonths: 12,
      },
    ]);
    const answers = await Promise.all(bodies.map((b) => put(u, b)));
    expect(answers.map((a) => a.status).filter((s) => s >= 500)).toEqual([]);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
    const read = await call(h.app, "GET", "/profile/registrations", { token: u.token });
    const numbers = read.body.items.map((r: { registrationNumber: string }) => r.registrationNumber);
    expect(numbers).toHaveLength(2);
    const i = Number(/^PAR(\d+)A$/.exec(numbers[0])?.[1]);
    expect(numbers).toEqual([`PAR${i}A`, `PAR${i}B`]);
  });
});

describe("progress", () => {
  it.each(["0001-01-01", "0000-01-01", "1999-12-31", "2100-01-01", "9999-12-31"])(
    "refuses a renewal date of %s, outside the years the cycles are computed for",
    async (renewalDate) => {
      const u = await createUser(h.deps);
      expect(refusal(await put(u, [{ ...NMC, renewalDate }]))).toEqual([
        400,
        "RENEWAL_DATE_RANGE",
        REVALIDATION_MESSAGES.renewalDateRange,
      ]);
      expect((await call(h.app, "GET", "/revalidation", { token: u.token })).body).toEqual({
        items: [],
        requiredRegistration: null,
      });
    },
  );

  it("totals an NMC nurse and midwife's cycle from diary entries, tags and records", async () => {
    const u = await createUser(h.deps);
    expect((await put(u, [NMC])).status).toBe(200);
    const [p0] = await progressOf(u);
    if (!p0) throw new Error("no progress");
    expect(p0.pack.id).toBe("nmc-2019");
    const { cycleStart, cycleEnd } = p0;
    expect(cycleEnd >= TODAY && cycleStart < TODAY).toBe(true);

    const a = await diary(u, "2025-03-01", 12);
    const b = await diary(u, "2026-01-15", 10.5);
    const c = await diary(u, "2026-10-01", 14);
    await diary(u, "2020-01-01", 50); // before the cycle
    await diary(u, "2027-01-10", 9); // planned: not done yet
    expect((await tag(u, a, { participatory: true, method: "course" })).status).toBe(200);
    expect((await tag(u, c, { participatory: true, themes: ["Prioritise people"] })).status).toBe(200);
    // A theme no pack names counts towards nothing: refused, and the stored tags are unchanged.
    const unknownTheme = [400, "VALIDATION_ERROR", REVALIDATION_MESSAGES.themeUnknown("Prioritise profits")];
    expect(refusal(await tag(u, c, { participatory: false, themes: ["Prioritise profits"] }))).toEqual(
      unknownTheme,
    );
    expect(
      refusal(await record(u, { kind: "feedback", date: "2026-02-01", themes: ["Prioritise profits"] })),
    ).toEqual(unknownTheme);
    expect((await call(h.app, "GET", `/revalidation/entries/${c}`, { token: u.token })).body).toMatchObject({
      participatory: true,
      themes: ["Prioritise people"],
    });
    const hours = [];
    for (const [date, h] of [
      ["2025-06-01", 500],
      ["2026-06-01", 450],
    ] as const) {
      const res = await record(u, { kind: "practiceHours", title: "Ward", date, endDate: null, hours: h });
      expect(res.status).toBe(201);
      hours.push(res.body.id);
    }
    const feedback = (await record(u, { kind: "feedback", date: "2026-02-01" })).body.id;

    const [p] = await progressOf(u);
    if (!p) throw new Error("no progress");
    const practice = byMetric(p.requirements, "practiceHours");
    expect(practice).toMatchObject({ target: 900, done: 950, met: true });
    expect([...practice.recordIds].sort()).toEqual([...hours].sort());
    const cpd = byMetric(p.requirements, "cpdHours");
    expect(cpd).toMatchObject({ target: 35, done: 36.5, met: true });
    expect([...cpd.entryIds].sort()).toEqual([a, b, c].sort());
    const participatory = byMetric(p.requirements, "participatoryHours");
    expect(participatory).toMatchObject({ target: 20, done: 26, met: true });
    expect([...participatory.entryIds].sort()).toEqual([a, c].sort());
    expect(byMetric(p.requirements, "feedback")).toMatchObject({
      target: 5,
      done: 1,
      met: false,
      recordIds: [feedback],
    });
    expect(p.status).not.toBe("met");
  });

  it("counts practice hours short of the two registers' target as not met", async () => {
    const u = await createUser(h.deps);
    await put(u, [NMC]);
    await record(u, { kind: "practiceHours", title: "Ward", date: "2026-06-01", hours: 899.75 });
    const [p] = await progressOf(u);
    expect(byMetric(p?.requirements ?? [], "practiceHours")).toMatchObject({
      target: 900,
      done: 899.75,
      met: false,
    });
  });

  it("warns an HCPC registrant of a gap between CPD activities", async () => {
    const u = await createUser(h.deps);
    const packs = (await call(h.app, "GET", "/revalidation/packs", { token: u.token })).body.items as {
      regulator: string;
      registers: { code: string }[];
    }[];
    const hcpc = packs.find((x) => x.regulator === "HCPC");
    if (!hcpc) throw new Error("no HCPC pack");
    expect(
      (
        await put(u, [
          {
            regulator: "HCPC",
            registers: [hcpc.registers[0]?.code],
            registrationNumber: "PA12345",
            renewalDate: "2027-08-31",
          },
        ])
      ).status,
    ).toBe(200);
    await diary(u, "2025-10-01", 3);
    await diary(u, "2026-11-01", 3);
    const [p] = await progressOf(u);
    expect(p?.warnings.map((w) => w.code)).toContain("gap");

    // Regular activity leaves no gap.
    const steady = await createUser(h.deps);
    await put(steady, [
      {
        regulator: "HCPC",
        registers: [hcpc.registers[0]?.code],
        registrationNumber: "PA12346",
        renewalDate: "2027-08-31",
      },
    ]);
    const [s] = await progressOf(steady);
    if (!s) throw new Error("no progress");
    for (
      let d = s.cycleStart;
      d <= TODAY;
      d = new Date(Date.parse(`${d}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10)
    )
      await diary(steady, d, 1);
    await diary(steady, TODAY, 1);
    expect((await progressOf(steady))[0]?.warnings.map((w) => w.code)).not.toContain("gap");
  });
});

describe("ownership", () => {
  it("answers 404 for another member's entry and for a reflection, and keeps their tags unchanged", async () => {
    const [owner, other] = await Promise.all([createUser(h.deps), createUser(h.deps)]);
    const id = await diary(owner, "2026-01-01", 2);
    await tag(owner, id, { verifiable: true });
    expect(refusal(await call(h.app, "GET", `/revalidation/entries/${id}`, { token: other.token }))).toEqual([
      404,
      "ENTRY_NOT_FOUND",
      REVALIDATION_MESSAGES.entryNotFound,
    ]);
    expect((await tag(other, id, { participatory: true })).status).toBe(404);
    expect((await tag(other, randomUUID())).status).toBe(404);
    const reflection = await diary(owner, "2026-01-01", 2, "reflection");
    expect((await tag(owner, reflection)).status).toBe(404);
    const mine = await call(h.app, "GET", `/revalidation/entries/${id}`, { token: owner.token });
    expect(mine.body).toEqual({
      participatory: false,
      planned: false,
      verifiable: true,
      method: null,
      themes: [],
    });
  });

  it("answers 404 for another member's record, which stays as it was", async () => {
    const [owner, other] = await Promise.all([createUser(h.deps), createUser(h.deps)]);
    const made = await record(owner, { kind: "feedback", date: "2026-03-01", title: "Patient letter" });
    const id = made.body.id;
    const body = { kind: "feedback", title: "Taken", date: "2026-03-01", details: {}, themes: [] };
    expect(
      refusal(await call(h.app, "PUT", `/revalidation/records/${id}`, { token: other.token, body })),
    ).toEqual([404, "RECORD_NOT_FOUND", REVALIDATION_MESSAGES.recordNotFound]);
    expect((await call(h.app, "DELETE", `/revalidation/records/${id}`, { token: other.token })).status).toBe(
      404,
    );
    const list = await call(h.app, "GET", "/revalidation/records?kind=feedback", { token: owner.token });
    expect(list.body).toMatchObject({ total: 1, items: [{ id, title: "Patient letter" }] });
    expect((await call(h.app, "GET", "/revalidation/records", { token: other.token })).body).toEqual({
      items: [],
      total: 0,
    });
  });
});

describe("records", () => {
  it("are created, replaced, paged newest first and deleted", async () => {
    const u = await createUser(h.deps);
    const ids: string[] = [];
    for (const date of ["2026-01-01", "2026-03-01", "2026-02-01"])
      ids.push(
        (await record(u, { kind: "reflectiveAccount", date, details: { whatHappened: "x" } })).body.id,
      );
    const page = await call(h.app, "GET", "/revalidation/records?perPage=2&page=1", { token: u.token });
    expect(page.body.total).toBe(3);
    expect(page.body.items.map((r: { date: string }) => r.date)).toEqual(["2026-03-01", "2026-02-01"]);
    const replaced = await call(h.app, "PUT", `/revalidation/records/${ids[0]}`, {
      token: u.token,
      body: {
        kind: "reflectiveAccount",
        title: "Renamed",
        date: "2026-01-02",
        hours: 1.25,
        details: {},
        themes: ["Promote professionalism and trust"],
      },
    });
    expect(replaced.body).toMatchObject({ title: "Renamed", date: "2026-01-02", hours: 1.25, endDate: null });
    expect((await call(h.app, "DELETE", `/revalidation/records/${ids[1]}`, { token: u.token })).status).toBe(
      200,
    );
    expect((await call(h.app, "GET", "/revalidation/records", { token: u.token })).body.total).toBe(2);
  });

  it.each([
    ["a NUL in the title", { title: "a\u0000b" }],
    ["a lone surrogate in a detail", { details: { notes: "x\udc00" } }],
    ["1e308 hours", { hours: 1e308 }],
    ["an explicit null title", { title: null }],
    ["an explicit null themes", { themes: null }],
  ])("answers 400 to %s and stores nothing", async (_, extra) => {
    const u = await createUser(h.deps);
    const res = await record(u, { kind: "feedback", date: "2026-01-01", ...extra });
    expect(res.status).toBe(400);
    expect(await h.deps.prisma.revalidationRecord.count({ where: { userId: u.id } })).toBe(0);
  });

  it("refuses practice hours without hours and a period that ends before it starts, storing nothing", async () => {
    const u = await createUser(h.deps);
    const cases = [
      [{ kind: "practiceHours", date: "2026-01-01" }, REVALIDATION_MESSAGES.practiceHoursNeeded],
      [{ kind: "practiceHours", date: "2026-01-01", hours: 0 }, REVALIDATION_MESSAGES.practiceHoursNeeded],
      [
        { kind: "practiceHours", date: "2026-02-01", endDate: "2026-01-31", hours: 10 },
        REVALIDATION_MESSAGES.endBeforeStart,
      ],
    ] as const;
    for (const [body, message] of cases)
      expect(refusal(await record(u, body))).toEqual([400, "VALIDATION_ERROR", message]);
    expect(await h.deps.prisma.revalidationRecord.count({ where: { userId: u.id } })).toBe(0);
    const ok = await record(u, {
      kind: "practiceHours",
      date: "2026-01-01",
      endDate: "2026-01-31",
      hours: 37.5,
    });
    expect([ok.status, ok.body.hours]).toEqual([201, 37.5]);
    const gone = await call(h.app, "DELETE", `/revalidation/records/${ok.body.id}`, { token: u.token });
    expect([gone.status, gone.body.message]).toEqual([200, REVALIDATION_MESSAGES.recordDeleted]);
  });
});
