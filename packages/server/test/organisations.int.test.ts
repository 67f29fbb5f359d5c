// The organisation manager's area over the real app: another organisation is a 404 for every call,
// the users report's figures, adding and importing users, the streamed CSV, analytics, the log.
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { api, type EndpointDef, RESILIENCE_GOVERNING_BODY } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { addDays, todayInLondon } from "../src/lib/dates.js";
import { call, createOrganisation, createUser, randomIp, type TestUser, useApp } from "./harness.js";
import { waitForMail } from "./mail.js";

const h = useApp({ worker: true });
const today = todayInLondon();

async function managedOrganisation(data: Record<string, unknown> = {}) {
  const org = await createOrganisation(h.deps, data);
  const manager = await createUser(h.deps, {
    organisationId: org.id,
    tier: "CORPORATE",
    roles: ["User-Basic", "Organisation-Manager"],
  });
  return { org, manager };
}

const as = (u: TestUser, method: "GET" | "POST" | "PUT", url: string, body?: unknown) =>
  call(h.app, method, url, { token: u.token, body, ip: randomIp() });

async function entry(
  userId: string,
  date: string,
  hours: number,
  category = "Clinical Skills",
  completeness = 3,
) {
  await h.deps.prisma.entry.create({
    data: {
      userId,
      type: "diary",
      title: "E",
      date: new Date(`${date}T00:00:00Z`),
      hours,
      category,
      completeness,
      values: {},
    },
  });
}

/** Example values for a call on organisation `id`: enough to pass the schema. */
function exampleRequest(e: EndpointDef, id: number) {
  const path = e.path.replace(":id", String(id)).replace(":perPage", "10").replace(":page", "1");
  const bodies: Record<string, unknown> = {
    "/organisations/:id/users": { firstName: "A", lastName: "B", email: `x-${randomUUID()}@test.example` },
    "/admin/organisations/:id/users/bulk-import": {
      users: [{ firstName: "A", lastName: "B", email: `y-${randomUUID()}@test.example` }],
    },
    "/organisations/:id/settings": {
      cpdHours: 10,
      startDate: null,
      reportInterval: null,
      dashboardWidgets: { reflection: true, supervision: true },
      allFeatures: false,
      logoutTimer: { enabled: false },
    },
    "/organisations/:id/additional-fields": [],
  };
  const body = e.method === "PUT" && !bodies[e.path] ? { tags: ["x"] } : bodies[e.path];
  const query = e.path.endsWith("/csv") ? `?from=${addDays(today, -30)}&to=${today}` : "";
  return { path: `${path}${query}`, body };
}

describe("organisation boundaries", () => {
  // The logo calls are not a manager's: the picture is public and only administrators upload it
  // (ADR 0021; both are rows of the authorisation matrix).
  const notManagers = new Set(["organisationLogo", "uploadOrganisationLogo"]);
  const organisationCalls = Object.entries(api as Record<string, EndpointDef>).filter(
    ([name, e]) => /^\/(admin\/)?organisations\/:id\//.test(e.path) && !notManagers.has(name),
  );

  it("covers every call on an organisation id (generated from the contract)", () => {
    expect(organisationCalls.length).toBeGreaterThanOrEqual(15);
  });

  it.each(organisationCalls)(
    "%s: a manager of another organisation gets 404 and changes nothing",
    async (_name, e) => {
      const a = await managedOrganisation();
      const b = await managedOrganisation();
      const before = await h.deps.prisma.organisation.findUniqueOrThrow({ where: { id: b.org.id } });
      const { path, body } = exampleRequest(e, b.org.id);
      const res = await as(a.manager, e.method as "GET", path, body);
      expect([res.status, res.body.code]).toEqual([404, "ORGANISATION_NOT_FOUND"]);
      // The same answer as an organisation that does not exist.
      const missing = exampleRequest(e, 2_000_000_000);
      const gone = await as(a.manager, e.method as "GET", missing.path, missing.body);
      expect([gone.status, gone.body.code]).toEqual([404, "ORGANISATION_NOT_FOUND"]);
      expect(await h.deps.prisma.organisation.findUniqueOrThrow({ where: { id: b.org.id } })).toEqual(before);
      expect(await h.deps.prisma.user.count({ where: { organisationId: b.org.id } })).toBe(1);
    },
  );

  it("refuses members who manage nothing with 403, before looking anything up", async () => {
    const { org } = await managedOrganisation();
    const member = await createUser(h.deps, { organisationId: org.id, tier: "CORPORATE" });
    const res = await as(member, "GET", `/organisations/${org.id}/users/limit/10/page/1`);
    expect([res.status, res.body.code]).toEqual([403, "MANAGER_REQUIRED"]);
  });
});

describe("users report", () => {
  it("pages, sorts and filters with each user's hours, entries and last activity in the range", async () => {
    const { org, manager } = await managedOrganisation();
    const ann = await createUser(h.deps, { organisationId: org.id, firstName: "Ann", tier: "CORPORATE" });
    const bob = await createUser(h.deps, { organisationId: org.id, firstName: "Bob", tier: "CORPORATE" });
    await entry(ann.id, addDays(today, -3), 2.5);
    await entry(ann.id, addDays(today, -10), 1);
    await entry(ann.id, addDays(today, -400), 9); // outside the default 12 months
    await entry(bob.id, addDays(today, -1), 1);
    const url = `/organisations/${org.id}/users/limit/2/page/1`;

    const byHours = await as(manager, "GET", `${url}?sortBy=hours&sortDir=desc`);
    expect(byHours.status).toBe(200);
    expect(byHours.body.total).toBe(3);
    expect(
      byHours.body.items.map((r: { id: string; hours: number; entries: number }) => [
        r.id,
        r.hours,
        r.entries,
      ]),
    ).toEqual([
      [ann.id, 3.5, 2],
      [bob.id, 1, 1],
    ]);
    expect(byHours.body.items[0].lastActivity).toBe(addDays(today, -3));

    const page2 = await as(manager, "GET", `${url.replace("page/1", "page/2")}?sortBy=hours&sortDir=desc`);
    expect(page2.body.items.map((r: { id: string }) => r.id)).toEqual([manager.id]);
    expect(page2.body.items[0]).toMatchObject({ hours: 0, entries: 0, lastActivity: null });

    const filtered = await as(manager, "GET", `${url}?filter=${encodeURIComponent(bob.email.slice(0, 20))}`);
    expect(filtered.body.items.map((r: { id: string }) => r.id)).toEqual([bob.id]);
    // A LIKE wildcard is taken literally.
    expect((await as(manager, "GET", `${url}?filter=%25`)).body.total).toBe(0);

    const wide = await as(
      manager,
      "GET",
      `${url}?sortBy=hours&sortDir=desc&from=${addDays(today, -500)}&to=${today}`,
    );
    expect(wide.body.items[0]).toMatchObject({ id: ann.id, hours: 12.5, entries: 3 });

    const backwards = await as(manager, "GET", `${url}?from=${today}&to=${addDays(today, -1)}`);
    expect([backwards.status, backwards.body.code]).toEqual([400, "RANGE_ORDER"]);
  });
});

describe("adding and importing users", () => {
  it("adds a corporate member who gets the onboarding e-mail; a taken address is refused", async () => {
    const { org, manager } = await managedOrganisation();
    const email = `added-${randomUUID()}@test.example`;
    const res = await as(manager, "POST", `/organisations/${org.id}/users`, {
      firstName: "New",
      lastName: "Starter",
      email,
    });
    expect(res.status).toBe(201);
    const user = await h.deps.prisma.user.findUniqueOrThrow({
      where: { email },
      include: { membership: true },
    });
    expect([user.organisationId, user.membership?.tier, user.emailConfirmedAt]).toEqual([
      org.id,
      "CORPORATE",
      null,
    ]);
    const mail = await waitForMail(email);
    expect(mail.html).toContain("/v2/auth/onboard/");
    const again = await as(manager, "POST", `/organisations/${org.id}/users`, {
      firstName: "New",
      lastName: "Starter",
      email,
    });
    expect([again.status, again.body.code]).toEqual([409, "EMAIL_TAKEN"]);
    const log = await h.deps.prisma.activityLog.findFirstOrThrow({
      where: { action: "organisation.user-added", subjectId: user.id },
    });
    expect([log.actorId, log.organisationId]).toEqual([manager.id, org.id]);
  });

  it("imports nothing when any row is bad, duplicate or taken, and reports each row", async () => {
    const { org, manager } = await managedOrganisation();
    const good = `good-${randomUUID()}@test.example`;
    const res = await as(manager, "POST", `/admin/organisations/${org.id}/users/bulk-import`, {
      users: [
        { firstName: "=cmd|' /C calc'!A0", lastName: "Formula", email: good },
        { firstName: "", lastName: "Nameless", email: `n-${randomUUID()}@test.example` },
        { firstName: "Dup", lastName: "Row", email: good.toUpperCase() },
        { firstName: "Has", lastName: "Account", email: manager.email },
        { firstName: "Bad", lastName: "Address", email: "not-an-address" },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(0);
    expect(res.body.message).toBe("Nothing was imported: 4 rows need attention");
    expect(res.body.rows.map((r: { outcome: string }) => r.outcome)).toEqual([
      "valid",
      "invalid",
      "duplicate",
      "exists",
      "invalid",
    ]);
    expect(await h.deps.prisma.user.count({ where: { organisationId: org.id } })).toBe(1);
  });

  it("imports every row of a good file in one go; two racing imports create each user once", async () => {
    const { org, manager } = await managedOrganisation();
    const users = Array.from({ length: 50 }, (_, i) => ({
      firstName: `Person${i}`,
      lastName: "Imported",
      email: `import-${i}-${randomUUID()}@test.example`,
    }));
    const [first, second] = await Promise.all([
      as(manager, "POST", `/admin/organisations/${org.id}/users/bulk-import`, { users }),
      as(manager, "POST", `/admin/organisations/${org.id}/users/bulk-import`, { users }),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses[0]).toBe(200);
    // The loser either saw the winner's rows (a report importing nothing) or lost the race on insert (409).
    expect([200, 409]).toContain(statuses[1]);
    expect([first.body.imported, second.body.imported].filter((n) => n === 50)).toHaveLength(1);
    expect(await h.deps.prisma.user.count({ where: { organisationId: org.id } })).toBe(51);
  });
});

describe("users CSV", () => {
  it("escapes cells a spreadsheet would run and quotes per RFC 4180", async () => {
    const { org, manager } = await managedOrganisation({ name: 'Acme, "Trust"' });
    await h.deps.prisma.user.create({
      data: {
        email: `csv-${randomUUID()}@test.example`,
        organisationId: org.id,
        profile: { create: { firstName: '=HYPERLINK("http://evil")', lastName: "@SUM(A1)" } },
      },
    });
    const res = await as(
      manager,
      "GET",
      `/organisations/${org.id}/users/csv?from=${addDays(today, -30)}&to=${today}`,
    );
    expect(res.status).toBe(200);
    expect(res.res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.res.headers["content-disposition"]).toContain("attachment;");
    const text = String(res.body);
    expect(
      text.startsWith("\uFEFFFirst name,Last name,Email,CPD hours,Entries,Last activity,Joined,Invited\r\n"),
    ).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")","'@SUM(A1)"`);
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it("streams 10,000 users through a real socket with under 100 MB of memory growth", async () => {
    const { org, manager } = await managedOrganisation();
    await h.deps.pool.query(
      `WITH u AS (
         INSERT INTO users (id, email, organisation_id)
         SELECT gen_random_uuid(), 'bulk-' || g || '-' || $2 || '@test.example', $1 FROM generate_series(1, 10000) g
         RETURNING id, email)
       INSERT INTO profiles (user_id, first_name, last_name) SELECT id, 'Bulk', email FROM u`,
      [org.id, randomUUID()],
    );
    // Listening on a free port; the file's afterAll closes the app.
    await h.app.listen({ port: 0, host: "127.0.0.1" });
    {
      const { port } = h.app.server.address() as AddressInfo;
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let peak = rssBefore;
      const res = await fetch(
        `http://127.0.0.1:${port}/api/organisations/${org.id}/users/csv?from=${addDays(today, -30)}&to=${today}`,
        { headers: { authorization: `Bearer ${manager.token}` } },
      );
      expect(res.status).toBe(200);
      let lines = 0;
      let bytes = 0;
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.length;
        for (const b of value) if (b === 10) lines++;
        peak = Math.max(peak, process.memoryUsage().rss);
      }
      expect(lines).toBe(10_002); // header, the manager, 10,000 users
      expect(bytes).toBeGreaterThan(500_000);
      expect(peak - rssBefore).toBeLessThan(100 * 1024 * 1024);
    }
  }, 120_000);
});

describe("analytics", () => {
  it("answers every month of the range with hours, entries, categories and completeness, for resilience organisations", async () => {
    const { org, manager } = await managedOrganisation({ governingBodyType: RESILIENCE_GOVERNING_BODY });
    const member = await createUser(h.deps, { organisationId: org.id, tier: "CORPORATE" });
    await entry(member.id, "2026-03-10", 2, "Leadership", 1);
    await entry(member.id, "2026-03-20", 1, "Leadership", 3);
    await entry(member.id, "2026-05-01", 4, "Research", 2);
    const res = await as(manager, "GET", `/organisations/${org.id}/analytics?from=2026-02-01&to=2026-05-31`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ users: 2, activeUsers: 1, entries: 3, hours: 7 });
    expect(res.body.hoursByMonth).toEqual([
      { month: "2026-02", value: 0 },
      { month: "2026-03", value: 3 },
      { month: "2026-04", value: 0 },
      { month: "2026-05", value: 4 },
    ]);
    expect(res.body.categories).toEqual([
      { category: "Research", hours: 4, entries: 1 },
      { category: "Leadership", hours: 3, entries: 2 },
    ]);
    expect(res.body.completeness[1]).toEqual({ month: "2026-03", low: 1, partial: 0, complete: 1 });

    const plain = await managedOrganisation();
    const refused = await as(plain.manager, "GET", `/organisations/${plain.org.id}/analytics`);
    expect([refused.status, refused.body.code]).toEqual([403, "FEATURE_LOCKED"]);
  });
});
