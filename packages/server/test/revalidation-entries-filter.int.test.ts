// The entries list filtered by what a revalidation requirement counts (ADR 0026, `countsTowards`):
// exactly the requirement's entries with their total on every page, another member's registration
// and an unknown requirement answered 404, and hostile values refused with a 400.
import { randomUUID } from "node:crypto";
import { REVALIDATION_MESSAGES } from "@cpd/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, refusal, type TestUser, useApp } from "./harness.js";

const h = useApp();
// The file's own app, so its clock may stand still.
beforeAll(() => {
  h.deps.now = () => new Date("2026-11-27T12:00:00Z");
});

const NMC = {
  regulator: "NMC",
  registers: ["nurse"],
  registrationNumber: "12A3456E",
  renewalDate: "2027-06-30",
};

async function registrationOf(u: TestUser) {
  const res = await call(h.app, "PUT", "/profile/registrations", { token: u.token, body: { items: [NMC] } });
  expect(res.status).toBe(200);
  return res.body.items[0].id as string;
}

async function diary(u: TestUser, date: string, hours: number, participatory: boolean) {
  const e = await h.deps.prisma.entry.create({
    data: { userId: u.id, type: "diary", title: `CPD ${date}`, date: new Date(`${date}T00:00:00Z`), hours },
  });
  const res = await call(h.app, "PUT", `/revalidation/entries/${e.id}`, {
    token: u.token,
    body: { participatory, planned: false, verifiable: false, method: null, themes: [] },
  });
  expect(res.status).toBe(200);
  return e.id;
}

const list = (u: TestUser, countsTowards: string, perPage = 10, page = 1) =>
  call(h.app, "GET", `/entries/limit/${perPage}/page/${page}?countsTowards=${countsTowards}`, {
    token: u.token,
  });
const ids = (res: Awaited<ReturnType<typeof list>>) =>
  (res.body.items as { id: string }[]).map((i) => i.id).sort();

describe("entries counting towards a requirement", () => {
  it("lists exactly the participatory entries of the cycle, with their total on every page", async () => {
    const u = await createUser(h.deps);
    const reg = await registrationOf(u);
    const a = await diary(u, "2025-03-01", 12, true);
    await diary(u, "2026-01-15", 10.5, false);
    const c = await diary(u, "2026-10-01", 14, true);
    await diary(u, "2020-01-01", 50, true); // before the cycle

    const all = await list(u, `${reg}:participatory-hours`);
    expect(all.status).toBe(200);
    expect(ids(all)).toEqual([a, c].sort());
    expect(all.body.total).toBe(2);

    const second = await list(u, `${reg}:participatory-hours`, 1, 2);
    expect(second.body.items).toHaveLength(1);
    expect(second.body.total).toBe(2);
    const past = await list(u, `${reg}:participatory-hours`, 1, 3);
    expect(past.body).toMatchObject({ items: [], total: 2 });

    // The registration id in capitals names the same registration; the CPD hours count all three.
    const cpd = await list(u, `${reg.toUpperCase()}:cpd-hours`);
    expect(cpd.body.total).toBe(3);
  });

  it("answers 404 for another member's registration and for a requirement the pack lacks", async () => {
    const u = await createUser(h.deps);
    const other = await createUser(h.deps);
    const theirs = await registrationOf(other);
    await diary(other, "2026-10-01", 14, true);
    const mine = await registrationOf(u);
    const notFound = [404, "REQUIREMENT_NOT_FOUND", REVALIDATION_MESSAGES.requirementNotFound];
    expect(refusal(await list(u, `${theirs}:participatory-hours`))).toEqual(notFound);
    expect(refusal(await list(u, `${mine}:no-such-requirement`))).toEqual(notFound);
    expect(refusal(await list(u, `${randomUUID()}:cpd-hours`))).toEqual(notFound);
  });

  it.each([
    ["a NUL byte", "%00"],
    ["a NUL byte after the id", `${randomUUID()}:cpd-hours%00`],
    ["no requirement", randomUUID()],
    ["no registration", ":cpd-hours"],
    ["a requirement in capitals", `${randomUUID()}:CPD-HOURS`],
    ["a lone surrogate", `${randomUUID()}:%ED%A0%80`],
    ["an over-long requirement", `${randomUUID()}:${"a".repeat(64)}`],
    ["an empty value", ""],
  ])("refuses %s with a 400", async (_, value) => {
    const u = await createUser(h.deps);
    const res = await list(u, value);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VALIDATION_ERROR");
  });
});
