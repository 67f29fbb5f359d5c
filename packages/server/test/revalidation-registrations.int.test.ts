// Registrations saved in place (REQ-REVAL-02): a kept registration keeps its id across saves, and
// racing saves never fail with a 5xx. An organisation's required regulator (REQ-REVAL-09): saved in
// its settings, refused when a member's registrations leave it out, announced on the revalidation
// page, and shown as "no registration" in the users report.
import { REVALIDATION_MESSAGES } from "@cpd/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { NEW_ORGANISATION_SETTINGS, NMC_REGISTRATION as NMC, storedRegistration } from "./factories.js";
import { call, createOrganisation, createUser, randomIp, refusal, type TestUser, useApp } from "./harness.js";

const h = useApp();
const TODAY = "2026-11-27";
beforeAll(() => {
  h.deps.now = () => new Date(`${TODAY}T12:00:00Z`);
});

const GPHC = {
  regulator: "GPhC",
  registers: ["pharmacist"],
  registrationNumber: "2045678",
  renewalDate: "2027-03-31",
};

const put = (u: TestUser, items: unknown[]) =>
  call(h.app, "PUT", "/profile/registrations", { token: u.token, body: { items }, ip: randomIp() });
type Reg = { id: string; regulator: string; registrationNumber: string; renewalDate: string };
const idsOf = (items: Reg[]) => Object.fromEntries(items.map((r) => [r.regulator, r.id]));
/** A pharmacist's GPhC registration of `u`'s written straight into the table (saved before any requirement). */
const storedPharmacist = (u: TestUser, registrationNumber: string) =>
  storedRegistration(h, u.id, {
    regulator: "GPhC",
    registers: ["pharmacist"],
    registrationNumber,
    renewalDate: new Date("2027-03-31"),
  });

describe("registrations keep their ids", () => {
  it("updates a kept registration in place (matched by id, else by regulator and number), inserts and deletes the rest", async () => {
    const u = await createUser(h.deps);
    const first = await put(u, [NMC, GPHC]);
    expect(first.status).toBe(200);
    const ids = idsOf(first.body.items);

    // The id sent: the renewal date and even the number change, the id stays.
    const second = await put(u, [
      { ...NMC, id: ids.NMC, renewalDate: "2027-07-31", registrationNumber: "12A3456F" },
      GPHC,
    ]);
    expect(second.status).toBe(200);
    expect(idsOf(second.body.items)).toEqual(ids);
    expect(second.body.items[0]).toMatchObject({ renewalDate: "2027-07-31", registrationNumber: "12A3456F" });

    // No id: matched by regulator and number, ignoring case and trailing spaces.
    const third = await put(u, [
      { ...GPHC, renewalDate: "2028-03-31" },
      { ...NMC, registrationNumber: "12a3456f " },
    ]);
    expect(third.body.items.map((r: Reg) => [r.regulator, r.id, r.renewalDate])).toEqual([
      ["GPhC", ids.GPhC, "2028-03-31"],
      ["NMC", ids.NMC, NMC.renewalDate],
    ]);

    // Removed: deleted; a new number: a new row.
    const fourth = await put(u, [{ ...NMC, registrationNumber: "99Z9999Z" }]);
    expect(fourth.body.items).toHaveLength(1);
    expect(fourth.body.items[0].id).not.toBe(ids.NMC);
    expect(await h.deps.prisma.registration.count({ where: { userId: u.id } })).toBe(1);
  });

  it("never takes another member's registration by its id, which stays as it was", async () => {
    const owner = await createUser(h.deps);
    const theirs = (await put(owner, [NMC])).body.items[0] as Reg;
    const intruder = await createUser(h.deps);
    const res = await put(intruder, [{ ...GPHC, id: theirs.id }]);
    expect(res.status).toBe(200);
    expect(res.body.items[0].id).not.toBe(theirs.id);
    expect((await call(h.app, "GET", "/profile/registrations", { token: owner.token })).body.items).toEqual([
      theirs,
    ]);
  });

  it("refuses an id that is not a UUID, changing nothing", async () => {
    const u = await createUser(h.deps);
    const before = (await put(u, [NMC])).body.items;
    for (const id of ["x", null, "00000000-0000-0000-0000-00000000000\u0000"]) {
      expect((await put(u, [{ ...NMC, id }])).status).toBe(400);
    }
    expect((await call(h.app, "GET", "/profile/registrations", { token: u.token })).body.items).toEqual(
      before,
    );
  });

  it("takes racing saves that edit the same registrations without a 5xx, keeping their ids", async () => {
    const u = await createUser(h.deps);
    const ids = idsOf((await put(u, [NMC, GPHC])).body.items);
    const n = 3 * h.deps.config.databasePoolSize;
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        put(u, [
          { ...NMC, ...(i % 2 ? { id: ids.NMC } : {}), renewalDate: `2027-0${1 + (i % 9)}-15` },
          { ...GPHC, registrationNumber: `R${i}` },
        ]),
      ),
    );
    expect(answers.map((a) => a.status).filter((s) => s >= 500)).toEqual([]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const read = (await call(h.app, "GET", "/profile/registrations", { token: u.token })).body.items as Reg[];
    expect(read).toHaveLength(2);
    expect(read[0]?.id).toBe(ids.NMC);
    expect(read[1]?.registrationNumber).toMatch(/^R\d+$/);
  });
});

async function organisationRequiring(regulator: string | null) {
  const org = await createOrganisation(h.deps);
  const manager = await createUser(h.deps, {
    organisationId: org.id,
    tier: "CORPORATE",
    roles: ["User-Basic", "Organisation-Manager"],
  });
  const settings = { ...NEW_ORGANISATION_SETTINGS, requiredRegulator: regulator };
  const res = await call(h.app, "PUT", `/organisations/${org.id}/settings`, {
    token: manager.token,
    body: settings,
    ip: randomIp(),
  });
  expect([res.status, res.body]).toEqual([200, settings]);
  const member = () => createUser(h.deps, { organisationId: org.id, tier: "CORPORATE" });
  return { org, manager, member };
}

describe("an organisation's required regulator", () => {
  it("is saved in the settings, kept when a PUT leaves it out, and refuses OTHER or an unknown regulator", async () => {
    const { org, manager } = await organisationRequiring("NMC");
    const url = `/organisations/${org.id}/settings`;
    const read = await call(h.app, "GET", url, { token: manager.token });
    expect(read.body.requiredRegulator).toBe("NMC");
    const { requiredRegulator: _, ...older } = read.body;
    const kept = await call(h.app, "PUT", url, {
      token: manager.token,
      body: { ...older, allFeatures: true },
    });
    expect(kept.body).toMatchObject({ requiredRegulator: "NMC", allFeatures: true });
    for (const bad of ["OTHER", "XYZ", 7]) {
      const res = await call(h.app, "PUT", url, {
        token: manager.token,
        body: { ...older, requiredRegulator: bad },
      });
      expect(res.status).toBe(400);
    }
    expect((await call(h.app, "GET", url, { token: manager.token })).body.requiredRegulator).toBe("NMC");
    const cleared = await call(h.app, "PUT", url, {
      token: manager.token,
      body: { ...older, requiredRegulator: null },
    });
    expect(cleared.body.requiredRegulator).toBeNull();
  });

  it("refuses a member's registrations without the required regulator (422 naming it), storing nothing", async () => {
    const { member } = await organisationRequiring("NMC");
    const u = await member();
    for (const items of [[], [GPHC]]) {
      expect(refusal(await put(u, items))).toEqual([
        422,
        "REGISTRATION_REQUIRED",
        REVALIDATION_MESSAGES.registrationRequired("NMC"),
      ]);
    }
    expect(await h.deps.prisma.registration.count({ where: { userId: u.id } })).toBe(0);
    expect((await put(u, [GPHC, NMC])).status).toBe(200);
    // Someone of another organisation, or of none, may hold no registration.
    const other = await createUser(h.deps);
    expect((await put(other, [])).status).toBe(200);
  });

  it("tells the revalidation page which required registration the member lacks, and null once held", async () => {
    const { member } = await organisationRequiring("NMC");
    const u = await member();
    const page = async () => (await call(h.app, "GET", "/revalidation", { token: u.token })).body;
    expect(await page()).toEqual({ items: [], requiredRegistration: "NMC" });
    // Registrations saved before the organisation required NMC: still missing.
    await storedPharmacist(u, "1");
    expect((await page()).requiredRegistration).toBe("NMC");
    await put(u, [NMC]);
    expect((await page()).requiredRegistration).toBeNull();
    const free = await createUser(h.deps);
    expect(
      (await call(h.app, "GET", "/revalidation", { token: free.token })).body.requiredRegistration,
    ).toBeNull();
  });

  it("shows a member without the required registration as having none in the users report, and filters them", async () => {
    const { org, manager, member } = await organisationRequiring("NMC");
    const nurse = await member();
    expect((await put(nurse, [NMC])).status).toBe(200);
    // A pharmacist registered before the requirement: their GPhC registration does not count.
    const pharmacist = await member();
    await storedPharmacist(pharmacist, "2");
    const base = `/organisations/${org.id}/users/limit/10/page/1`;
    const report = async (q = "") => {
      const res = await call(h.app, "GET", `${base}${q}`, { token: manager.token, ip: randomIp() });
      expect(res.status).toBe(200);
      return res.body as {
        total: number;
        items: { id: string; revalidation: { regulator: string } | null }[];
      };
    };
    const all = Object.fromEntries(
      (await report()).items.map((r) => [r.id, r.revalidation?.regulator ?? null]),
    );
    expect(all).toEqual({ [manager.id]: null, [nurse.id]: "NMC", [pharmacist.id]: null });
    const none = await report("?revalidationStatus=none");
    expect(none.items.map((r) => r.id).sort()).toEqual([manager.id, pharmacist.id].sort());
    expect(none.total).toBe(2);
    // Past the last page the total still counts the required regulator only.
    const past = await call(
      h.app,
      "GET",
      `/organisations/${org.id}/users/limit/10/page/2?revalidationStatus=none`,
      {
        token: manager.token,
        ip: randomIp(),
      },
    );
    expect([past.body.total, past.body.items]).toEqual([2, []]);
    const short = await report("?revalidationStatus=short");
    expect(short.items.map((r) => r.id)).toEqual([nurse.id]);
  });
});
