// The organisation's users report with each member's next revalidation deadline and status, and
// its filter by status (issue 26).
import { describe, expect, it } from "vitest";
import { addDays, todayInLondon } from "../src/lib/dates.js";
import { call, createOrganisation, createUser, randomIp, type TestUser, useApp } from "./harness.js";

const h = useApp();
const today = todayInLondon();

const as = (u: TestUser, url: string) => call(h.app, "GET", url, { token: u.token, ip: randomIp() });

/** Registrations of the general pack: a 12-month cycle ending (and due) on `renewal`. */
async function register(u: TestUser, regs: { number: string; renewal: string; target: number }[]) {
  const res = await call(h.app, "PUT", "/profile/registrations", {
    token: u.token,
    body: {
      items: regs.map((r) => ({
        regulator: "OTHER",
        registers: ["own"],
        registrationNumber: r.number,
        renewalDate: r.renewal,
        targetHours: r.target,
        cycleMonths: 12,
      })),
    },
  });
  expect(res.status).toBe(200);
}

const hours = (u: TestUser, daysAgo: number, n: number) =>
  h.deps.prisma.entry.create({
    data: {
      userId: u.id,
      type: "diary",
      title: "Course",
      date: new Date(`${addDays(today, -daysAgo)}T00:00:00Z`),
      hours: n,
    },
  });

describe("the users report's revalidation column", () => {
  it("shows each member's next deadline and status, none without a registration, and filters by status", async () => {
    const org = await createOrganisation(h.deps);
    const member = () => createUser(h.deps, { organisationId: org.id, tier: "CORPORATE" });
    const manager = await createUser(h.deps, {
      organisationId: org.id,
      tier: "CORPORATE",
      roles: ["User-Basic", "Organisation-Manager"],
    });
    const none = await member();
    const met = await member();
    await register(met, [{ number: "M1", renewal: addDays(today, 100), target: 2 }]);
    await hours(met, 10, 3);
    const short = await member();
    await register(short, [{ number: "S1", renewal: addDays(today, 100), target: 35 }]);
    // 5 of 10 hours, at a pace (5 hours in 90 days) that reaches 10 in 90 days, before the deadline.
    const onTrack = await member();
    await register(onTrack, [{ number: "T1", renewal: addDays(today, 200), target: 10 }]);
    await hours(onTrack, 10, 5);
    const overdue = await member();
    await register(overdue, [{ number: "O1", renewal: addDays(today, -5), target: 35 }]);
    // Two registrations: the nearer deadline (met) is the one shown.
    const two = await member();
    await register(two, [
      { number: "A1", renewal: addDays(today, 50), target: 35 },
      { number: "B1", renewal: addDays(today, 20), target: 1 },
    ]);
    await hours(two, 5, 2);

    const base = `/organisations/${org.id}/users/limit/10/page/1`;
    const all = await as(manager, base);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(7);
    const byId = Object.fromEntries(
      (all.body.items as { id: string; revalidation: unknown }[]).map((r) => [r.id, r.revalidation]),
    );
    const next = (deadline: string, status: string) => ({ regulator: "OTHER", deadline, status });
    expect(byId).toEqual({
      [manager.id]: null,
      [none.id]: null,
      [met.id]: next(addDays(today, 100), "met"),
      [short.id]: next(addDays(today, 100), "short"),
      [onTrack.id]: next(addDays(today, 200), "onTrack"),
      [overdue.id]: next(addDays(today, -5), "overdue"),
      [two.id]: next(addDays(today, 20), "met"),
    });

    const ids = async (url: string) => {
      const res = await as(manager, url);
      expect(res.status).toBe(200);
      return { total: res.body.total, ids: (res.body.items as { id: string }[]).map((r) => r.id).sort() };
    };
    expect(await ids(`${base}?revalidationStatus=short`)).toEqual({ total: 1, ids: [short.id] });
    expect(await ids(`${base}?revalidationStatus=overdue`)).toEqual({ total: 1, ids: [overdue.id] });
    expect(await ids(`${base}?revalidationStatus=onTrack`)).toEqual({ total: 1, ids: [onTrack.id] });
    expect(await ids(`${base}?revalidationStatus=met`)).toEqual({ total: 2, ids: [met.id, two.id].sort() });
    expect(await ids(`${base}?revalidationStatus=none`)).toEqual({
      total: 2,
      ids: [manager.id, none.id].sort(),
    });
    // Paged after filtering: the two met members, one a page, sorted by e-mail.
    const sorted = [met, two].sort((a, b) => a.email.localeCompare(b.email)).map((u) => [u.id]);
    const page = (n: number) =>
      ids(`/organisations/${org.id}/users/limit/1/page/${n}?revalidationStatus=met&sortBy=email`);
    expect(await page(1)).toEqual({ total: 2, ids: sorted[0] });
    expect(await page(2)).toEqual({ total: 2, ids: sorted[1] });
    expect(await page(3)).toEqual({ total: 2, ids: [] });

    const bad = await as(manager, `${base}?revalidationStatus=late`);
    expect(bad.status).toBe(400);
  });
});
