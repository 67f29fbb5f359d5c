import { describe, expect, it } from "vitest";
import { addDays, addMonths, todayInLondon } from "../src/lib/dates.js";
import { diary } from "./factories.js";
import { call, createOrganisation, createUser, type TestUser, useApp } from "./harness.js";

const h = useApp();
const today = todayInLondon();
const monthsAgo = (n: number) => addMonths(today, -n);

const reflection = (u: TestUser, date: string, hours = "1") =>
  call(h.app, "POST", "/entries/reflection", {
    token: u.token,
    body: { Field4: "R", ReflectionDate: date, ReflectionHours: hours, Field113: "x" },
  });
const stats = async (u: TestUser, path: string) => {
  const res = await call(h.app, "GET", `/statistics/${path}`, { token: u.token });
  expect(res.status).toBe(200);
  return res.body;
};

describe("GET statistics/{period}", () => {
  it("sums hours and counts entries per period: 20 months ago counts in 24 and not in 12", async () => {
    const u = await createUser(h.deps);
    await diary(h, u, { DiaryDate: monthsAgo(1), DiaryHours: "2.5" });
    await diary(h, u, { DiaryDate: monthsAgo(20), DiaryHours: "4" });
    await diary(h, u, { DiaryDate: monthsAgo(30), DiaryHours: "1.25" });
    await reflection(u, monthsAgo(2), "0.5");
    await diary(h, u, { DiaryDate: addDays(today, 10), DiaryHours: "7" }); // planned: not logged yet

    expect(await stats(u, "12")).toMatchObject({
      hoursLogged: 3,
      totalEntries: 2,
      diaryEntries: 1,
      reflectiveEntries: 1,
    });
    expect(await stats(u, "24")).toMatchObject({ hoursLogged: 7, totalEntries: 3, diaryEntries: 2 });
    expect(await stats(u, "36")).toMatchObject({ hoursLogged: 8.25, totalEntries: 4 });
    expect(await stats(u, "lifetime")).toMatchObject({ hoursLogged: 8.25, totalEntries: 4 });
    expect(await stats(u, `custom?from=${monthsAgo(21)}&to=${monthsAgo(19)}`)).toMatchObject({
      hoursLogged: 4,
      totalEntries: 1,
    });
  });

  it("needs both dates for a custom period and refuses unknown periods", async () => {
    const u = await createUser(h.deps);
    const half = await call(h.app, "GET", `/statistics/custom?from=${today}`, { token: u.token });
    expect(half.status).toBe(400);
    expect(half.body.message).toBe("Choose both a start date and an end date");
    expect((await call(h.app, "GET", "/statistics/18", { token: u.token })).status).toBe(400);
    expect(
      (await call(h.app, "GET", "/statistics/custom?from=2026-05-01&to=2026-01-01", { token: u.token }))
        .status,
    ).toBe(400);
  });

  it("counts down from the personal target: hours left to one decimal, compliance to a whole percent", async () => {
    const u = await createUser(h.deps);
    const start = addMonths(today, -6);
    await call(h.app, "PUT", "/personal-profile", {
      token: u.token,
      body: { hoursPerYear: 35, startDate: start, reportInterval: 1 },
    });
    await diary(h, u, { DiaryDate: addDays(start, -1), DiaryHours: "10" }); // before the reporting period
    await diary(h, u, { DiaryDate: addDays(start, 3), DiaryHours: "12.25" });
    await diary(h, u, { DiaryDate: monthsAgo(1), DiaryHours: "0.08" });
    const s = await stats(u, "12");
    expect(s.hoursLeft).toBe(22.7); // 35 - 12.33 = 22.67
    expect(s.userCompliance).toBe(35); // 12.33 / 35 = 35.2 %
    expect(s.endDate).toBe(addDays(addMonths(start, 12), -1));
  });

  it("uses the organisation's hours, start date and interval when it sets them", async () => {
    const startDate = addMonths(today, -3);
    const org = await createOrganisation(h.deps, {
      cpdHours: 20,
      startDate: new Date(`${startDate}T00:00:00Z`),
      reportInterval: 2,
    });
    const u = await createUser(h.deps, { tier: "CORPORATE", organisationId: org.id });
    await call(h.app, "PUT", "/personal-profile", {
      token: u.token,
      body: { hoursPerYear: 100, startDate: "2020-01-01", reportInterval: 1 },
    });
    await diary(h, u, { DiaryDate: monthsAgo(1), DiaryHours: "5" });
    const s = await stats(u, "12");
    expect(s).toMatchObject({
      hoursLeft: 35,
      userCompliance: 13,
      endDate: addDays(addMonths(startDate, 24), -1),
    });
  });

  it("has no countdown without a target, and congratulates at zero", async () => {
    const u = await createUser(h.deps);
    expect(await stats(u, "12")).toMatchObject({
      hoursLeft: null,
      endDate: null,
      userCompliance: null,
      resilientIncident: null,
    });
    await call(h.app, "PUT", "/personal-profile", {
      token: u.token,
      body: { hoursPerYear: 2, startDate: monthsAgo(2), reportInterval: 1 },
    });
    await diary(h, u, { DiaryDate: monthsAgo(1), DiaryHours: "3" });
    expect(await stats(u, "12")).toMatchObject({ hoursLeft: 0, userCompliance: 100 });
  });

  it("counts resilience entries for users of the resilience governing body", async () => {
    const u = await createUser(h.deps);
    await call(h.app, "PUT", "/profile/governing-bodies", {
      token: u.token,
      body: ["CPDresilience – Generic"],
    });
    await h.deps.prisma.user.update({
      where: { id: u.id },
      data: {
        organisation: {
          create: {
            key: `res-${Date.now()}`,
            name: "Res",
            categories: ["Incident", "Course", "Exercise", "Other"],
          },
        },
      },
    });
    await diary(h, u, { DiaryDate: monthsAgo(1), DiaryHours: "1", Field116: "Incident" });
    await diary(h, u, { DiaryDate: monthsAgo(1), DiaryHours: "1", Field116: "Course" });
    await diary(h, u, { DiaryDate: monthsAgo(1), DiaryHours: "1", Field116: "Other" });
    expect(await stats(u, "12")).toMatchObject({
      resilientIncident: 1,
      resilientCourses: 1,
      resilientExercise: 0,
      resilientGeneric: 1,
    });
  });

  it("counts only the user's own entries", async () => {
    const a = await createUser(h.deps);
    const b = await createUser(h.deps);
    await diary(h, a, { DiaryDate: monthsAgo(1), DiaryHours: "3" });
    expect(await stats(b, "12")).toMatchObject({ hoursLogged: 0, totalEntries: 0 });
  });
});

describe("GET statistics/monthly and graphs", () => {
  it("answers twelve months of entry counts ending this month", async () => {
    const u = await createUser(h.deps);
    await diary(h, u, { DiaryDate: today, DiaryHours: "1" });
    await diary(h, u, { DiaryDate: today, DiaryHours: "1" });
    await diary(h, u, { DiaryDate: monthsAgo(11), DiaryHours: "1" });
    await diary(h, u, { DiaryDate: monthsAgo(13), DiaryHours: "1" });
    const m = (await call(h.app, "GET", "/statistics/monthly", { token: u.token })).body;
    expect(m).toHaveLength(12);
    expect(m[11]).toEqual({ key: today.slice(0, 7), value: 2 });
    expect(m[0]).toEqual({ key: monthsAgo(11).slice(0, 7), value: 1 });
    expect(m.reduce((n: number, x: { value: number }) => n + x.value, 0)).toBe(3);
  });

  it("counts categories and activity types in the period", async () => {
    const u = await createUser(h.deps);
    await diary(h, u, { DiaryDate: monthsAgo(1), DiaryHours: "1", Field116: "Leadership" });
    await diary(h, u, {
      DiaryDate: monthsAgo(2),
      DiaryHours: "1",
      Field116: "Leadership",
      ActivityType: "Work-based learning",
    });
    await diary(h, u, { DiaryDate: monthsAgo(3), DiaryHours: "1" });
    await diary(h, u, { DiaryDate: monthsAgo(20), DiaryHours: "1", Field116: "Wellbeing" });
    const g = (await call(h.app, "GET", "/graphs/12", { token: u.token })).body;
    expect(g.cpdCategories).toEqual([
      { category: "Leadership", value: 2 },
      { category: "Clinical Skills", value: 1 },
    ]);
    expect(g.activityArranged).toEqual([
      { category: "Self-directed learning", value: 2 },
      { category: "Work-based learning", value: 1 },
    ]);
    expect((await call(h.app, "GET", "/graphs/24", { token: u.token })).body.cpdCategories).toHaveLength(3);
  });

  it("draws one standards graph per governing body", async () => {
    const u = await createUser(h.deps);
    await call(h.app, "PUT", "/profile/governing-bodies", { token: u.token, body: ["HCPC", "NMC"] });
    const hcpc1 = "HCPC 1: Keep a continuous, up-to-date and accurate record";
    await diary(h, u, {
      DiaryDate: monthsAgo(1),
      DiaryHours: "1",
      GoverningBodyStandards: [hcpc1, "NMC 3: Preserve safety"],
    });
    await diary(h, u, { DiaryDate: monthsAgo(2), DiaryHours: "1", GoverningBodyStandards: [hcpc1] });
    const g = (await call(h.app, "GET", "/graphs/governing-body-standards/12", { token: u.token })).body;
    expect(g.map((x: { title: string }) => x.title)).toEqual(["HCPC", "NMC"]);
    expect(g[0].graphData[0]).toEqual({ key: "HCPC 1", value: 2, tooltipText: hcpc1 });
    expect(g[0].graphData).toHaveLength(5);
    // A standard nobody met is drawn at zero; only NMC 3 was met, once.
    expect(g[1].graphData.find((d: { key: string }) => d.key === "NMC 1").value).toBe(0);
    expect(g[1].graphData.reduce((n: number, d: { value: number }) => n + d.value, 0)).toBe(1);
    expect(
      g[1].graphData.find((d: { tooltipText: string }) => d.tooltipText === "NMC 3: Preserve safety").value,
    ).toBe(1);
  });

  it("draws a pie of one form field, and 404s for unknown forms and fields", async () => {
    const u = await createUser(h.deps);
    await diary(h, u, { DiaryDate: monthsAgo(1), DiaryHours: "1", ActivityType: "Work-based learning" });
    await diary(h, u, { DiaryDate: monthsAgo(1), DiaryHours: "1", ActivityType: "Work-based learning" });
    await diary(h, u, { DiaryDate: monthsAgo(1), DiaryHours: "1" });
    const pie = (
      await call(h.app, "GET", "/graphs/form/diary/field/ActivityType?period=12", { token: u.token })
    ).body;
    expect(pie).toEqual([
      { category: "Work-based learning", value: 2 },
      { category: "Self-directed learning", value: 1 },
    ]);
    expect(
      (await call(h.app, "GET", "/graphs/form/holiday/field/ActivityType", { token: u.token })).status,
    ).toBe(404);
    expect((await call(h.app, "GET", "/graphs/form/diary/field/Nope", { token: u.token })).status).toBe(404);
  });

  it("answers each call with a fixed number of SQL queries, however many entries", async () => {
    const u = await createUser(h.deps);
    // The session check is cached for a few seconds, so it is left out of the count.
    const count = async (path: string) => {
      let n = 0;
      const original = h.deps.pool.query.bind(h.deps.pool);
      (h.deps.pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
        if ((args[0] as { name?: string })?.name !== "session-facts") n++;
        return (original as (...a: unknown[]) => unknown)(...args);
      };
      try {
        expect((await call(h.app, "GET", path, { token: u.token })).status).toBe(200);
      } finally {
        (h.deps.pool as unknown as { query: unknown }).query = original;
      }
      return n;
    };
    const paths = [
      "/statistics/12",
      "/graphs/12",
      "/graphs/governing-body-standards/12",
      "/statistics/monthly",
    ];
    const before = [];
    for (const p of paths) before.push(await count(p));
    for (let i = 0; i < 15; i++) await diary(h, u, { DiaryDate: monthsAgo(i % 11), DiaryHours: "1" });
    const after = [];
    for (const p of paths) after.push(await count(p));
    expect(after).toEqual(before);
    expect(Math.max(...after)).toBeLessThanOrEqual(2);
  });
});
