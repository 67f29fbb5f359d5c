// The administrator's area over the real app: each finer admin role reaches its own screen only,
// membership records, the activity log (and that the database keeps it append-only), admin
// organisations, the overview, and impersonation from start to end.
import { randomUUID } from "node:crypto";
import { ADMIN_SCREEN_ROLES, type AdminScreen, api, type EndpointDef } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { call, createOrganisation, createUser, randomIp, refusal, type TestUser, useApp } from "./harness.js";

const h = useApp();
const as = (u: TestUser, method: "GET" | "POST" | "PUT", url: string, body?: unknown) =>
  call(h.app, method, url, { token: u.token, body, ip: randomIp() });
const admin = () => createUser(h.deps, { roles: ["User-Basic", "Admin"] });

/** Which screen each admin call belongs to. */
const SCREEN_OF: Record<string, AdminScreen> = {
  searchMembershipRecords: "memberships",
  createMembershipRecord: "memberships",
  getMembershipRecord: "memberships",
  updateMembershipRecord: "memberships",
  importMembershipRecords: "memberships",
  activityLog: "activityLog",
  adminOverview: "overview",
  adminOrganisations: "organisations",
  getAdminOrganisation: "organisations",
  createOrganisation: "organisations",
  configureOrganisation: "organisations",
  uploadOrganisationLogo: "organisations",
  moderatedShares: "sharedCpd",
  hideShare: "sharedCpd",
  restoreShare: "sharedCpd",
  recategoriseShare: "sharedCpd",
  adminCertificates: "certificates",
  memberGroups: "memberGroups",
  memberGroupMembers: "memberGroups",
};

const orgForm = () => ({
  key: `scr-${randomUUID().slice(0, 8)}`,
  name: "Screen test",
  enabled: true,
  governingBodyType: null,
  features: {},
  logoUrl: null,
  loginLogoUrl: null,
  colourHex: null,
  videoUrl: null,
  usesOauth: false,
  oidcIssuer: null,
  oidcClientId: null,
  managers: [],
});
const record = () => ({
  type: "BDA",
  identifier: randomUUID().slice(0, 12),
  email: `Record-${randomUUID()}@Test.Example`,
});

describe("admin screens per role", () => {
  // The admin areas of this file (video libraries are the CPD Hub's; bulk import is the managers').
  const AREAS =
    /^\/admin\/(membership-management|activity-log|organisations|overview|shared-cpd|certificates|member-groups)(\/|$)/;
  const adminCalls = Object.entries(api as Record<string, EndpointDef>).filter(
    ([, e]) => AREAS.test(e.path) && !e.path.includes("/users/bulk-import"),
  );

  it("every call of the admin areas belongs to a screen", () => {
    expect(adminCalls.map(([n]) => n).sort()).toEqual(Object.keys(SCREEN_OF).sort());
  });

  it.each(Object.entries(ADMIN_SCREEN_ROLES))(
    "%s: its roles pass, every other admin role and a manager get 403",
    async (screen) => {
      const calls = adminCalls.filter(([n]) => SCREEN_OF[n] === screen);
      for (const role of [
        "Admin-Overview",
        "Admin-Activity-Log",
        "Admin-Organisations",
        "Admin-Memberships",
        "Admin-Shared-CPD",
        "Admin-Certificates",
        "Organisation-Manager",
      ]) {
        const u = await createUser(h.deps, { roles: [role] });
        const allowed = (ADMIN_SCREEN_ROLES[screen as AdminScreen] as readonly string[]).includes(role);
        for (const [name, e] of calls) {
          const path = e.path
            .replace(":perPage", "10")
            .replace(":page", "1")
            .replace(":group", "trial")
            .replace(":kind", "logo")
            .replace(":id", /membership\/|shared-cpd\//.test(e.path) ? randomUUID() : "2000000000");
          // A valid body: the schema is checked before the role.
          const body =
            e.method === "GET"
              ? undefined
              : name === "importMembershipRecords"
                ? [record()]
                : name.includes("Organisation")
                  ? orgForm()
                  : name === "hideShare"
                    ? { reason: "Off topic" }
                    : name === "recategoriseShare"
                      ? { category: "Leadership" }
                      : name === "restoreShare"
                        ? undefined
                        : record();
          // The logo upload takes an image body, not JSON.
          const res =
            name === "uploadOrganisationLogo"
              ? await call(h.app, "POST", path, {
                  token: u.token,
                  payload: Buffer.from("\x89PNG\r\n\x1a\n", "latin1"),
                  headers: { "content-type": "image/png" },
                  ip: randomIp(),
                })
              : await as(u, e.method as "GET", path, body);
          if (allowed) expect(res.status, `${role} ${name}`).not.toBe(403);
          else expect([res.status, res.body.code], `${role} ${name}`).toEqual([403, "ADMIN_REQUIRED"]);
        }
      }
    },
  );
});

describe("membership records", () => {
  it("creates, finds by prefix, reads and updates a record, matched to the account with its address", async () => {
    const a = await admin();
    const member = await createUser(h.deps, { tier: "PREMIUM" });
    const created = await as(a, "POST", "/admin/membership-management/membership", {
      ...record(),
      email: member.email.toUpperCase(),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      email: member.email,
      active: true,
      user: { id: member.id, tier: "PREMIUM" },
    });
    const id = created.body.id;

    const found = await as(
      a,
      "GET",
      `/admin/membership-management/search?identifier=${created.body.identifier.slice(0, 6)}`,
    );
    expect(found.body.items.map((r: { id: string }) => r.id)).toContain(id);
    expect((await as(a, "GET", "/admin/membership-management/search?identifier=%25")).body.total).toBe(0);

    const dup = await as(a, "POST", "/admin/membership-management/membership", {
      ...record(),
      identifier: created.body.identifier,
    });
    expect(refusal(dup)).toEqual([
      409,
      "ALREADY_EXISTS",
      "A membership of this type with this identifier already exists",
    ]);

    const updated = await as(a, "PUT", `/admin/membership-management/membership/${id}`, {
      ...record(),
      identifier: created.body.identifier,
      active: false,
      startDate: "2026-01-01",
      endDate: "2026-12-31",
      notes: "Lapsed",
    });
    expect(updated.body).toMatchObject({ active: false, endDate: "2026-12-31", notes: "Lapsed", user: null });
    expect((await as(a, "GET", `/admin/membership-management/membership/${id}`)).body).toEqual(updated.body);
    expect(refusal(await as(a, "GET", `/admin/membership-management/membership/${randomUUID()}`))[0]).toBe(
      404,
    );

    const backwards = await as(a, "PUT", `/admin/membership-management/membership/${id}`, {
      ...record(),
      startDate: "2026-02-01",
      endDate: "2026-01-01",
    });
    expect(refusal(backwards)[1]).toBe("RANGE_ORDER");

    const log = await h.deps.prisma.activityLog.findMany({
      where: { actorId: a.id },
      orderBy: { at: "asc" },
    });
    expect(log.map((l) => l.action)).toEqual(["membership-record.created", "membership-record.updated"]);
    expect((log[1]?.details as { changed: Record<string, unknown> } | undefined)?.changed.notes).toEqual([
      "",
      "Lapsed",
    ]);
  });

  it("imports nothing when a row is bad; a good file creates new records and updates known ones", async () => {
    const a = await admin();
    const known = record();
    await as(a, "POST", "/admin/membership-management/membership", known);
    const bad = await as(a, "POST", "/admin/membership-management/import", [
      record(),
      { ...record(), email: "nope" },
      known,
      known,
    ]);
    expect(bad.body).toEqual({
      created: 0,
      updated: 0,
      message: "Nothing was imported: 2 rows need attention",
      errors: [
        { row: 2, message: "Email address is not valid" },
        { row: 4, message: "This type and identifier appear earlier in the file" },
      ],
    });
    const rows = Array.from({ length: 2000 }, () => record());
    const moved = { ...known, email: `moved-${randomUUID()}@test.example` };
    const good = await as(a, "POST", "/admin/membership-management/import", [...rows, moved]);
    expect(good.body).toMatchObject({ created: 2000, updated: 1, errors: [] });
    const row = await h.deps.prisma.membershipRecord.findUniqueOrThrow({
      where: { type_identifier: { type: known.type, identifier: known.identifier } },
    });
    expect(row.email).toBe(moved.email);
  });
});

describe("activity log", () => {
  it("lists newest first with actor and subject addresses, filtered by action prefix and e-mail", async () => {
    const a = await admin();
    const victim = await createUser(h.deps);
    await as(a, "POST", `/auth/login/impersonate?user=${encodeURIComponent(victim.email)}`);
    const res = await as(
      a,
      "GET",
      `/admin/activity-log/limit/10/page/1?action=impersonation.&email=${encodeURIComponent(victim.email)}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.items[0]).toMatchObject({
      action: "impersonation.started",
      actor: { id: a.id, email: a.email },
      subject: { id: victim.id, email: victim.email },
    });
  });

  it("cannot be changed or deleted in the database, except removing an erased account's id", async () => {
    const row = await h.deps.prisma.activityLog.create({
      data: { action: "test.append-only", actorId: randomUUID() },
    });
    await expect(h.deps.pool.query("DELETE FROM activity_log WHERE id = $1", [row.id])).rejects.toThrow(
      /append-only/,
    );
    await expect(
      h.deps.pool.query("UPDATE activity_log SET action = 'rewritten' WHERE id = $1", [row.id]),
    ).rejects.toThrow(/append-only/);
    await expect(
      h.deps.pool.query("UPDATE activity_log SET actor_id = gen_random_uuid() WHERE id = $1", [row.id]),
    ).rejects.toThrow(/append-only/);
    await h.deps.pool.query("UPDATE activity_log SET actor_id = NULL WHERE id = $1", [row.id]);
    expect((await h.deps.prisma.activityLog.findUniqueOrThrow({ where: { id: row.id } })).actorId).toBeNull();
  });
});

describe("admin organisations", () => {
  const form = (over: Record<string, unknown> = {}) => ({
    key: `adm-${randomUUID().slice(0, 8)}`,
    name: "Riverside Trust",
    enabled: true,
    governingBodyType: null,
    features: { Reflection: false },
    // Logos are uploaded, not entered (ADR 0021; test/branding.int.test.ts).
    logoUrl: null,
    loginLogoUrl: null,
    colourHex: "#005EB8",
    videoUrl: null,
    usesOauth: false,
    oidcIssuer: null,
    oidcClientId: null,
    managers: [],
    ...over,
  });

  it("creates and configures an organisation: SSO needs all three parts, the secret is sealed and never answered, managers get the role", async () => {
    const a = await admin();
    const created = await as(a, "POST", "/admin/organisations", form());
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(created.body).toMatchObject({
      name: "Riverside Trust",
      features: { Reflection: false },
      oidcClientSecretSet: false,
    });
    expect(refusal(await as(a, "POST", "/admin/organisations", form({ key: created.body.key })))[1]).toBe(
      "ALREADY_EXISTS",
    );

    const sso = { usesOauth: true, oidcIssuer: "https://login.example.org", oidcClientId: "cpd" };
    expect(
      refusal(await as(a, "PUT", `/admin/organisations/${id}`, form({ key: created.body.key, ...sso }))),
    ).toEqual([
      400,
      "SSO_INCOMPLETE",
      "Single sign-on needs the issuer, the client id and the client secret",
    ]);
    const member = await createUser(h.deps, { organisationId: id, tier: "CORPORATE" });
    const configured = await as(
      a,
      "PUT",
      `/admin/organisations/${id}`,
      form({
        key: created.body.key,
        ...sso,
        oidcClientSecret: "s3cret-value",
        managers: [member.email],
      }),
    );
    expect(configured.status).toBe(200);
    expect(configured.body).toMatchObject({ oidcClientSecretSet: true, managers: [{ id: member.id }] });
    expect(JSON.stringify(configured.body)).not.toContain("s3cret-value");
    const stored = await h.deps.prisma.organisation.findUniqueOrThrow({ where: { id } });
    expect(stored.oidcClientSecret).not.toContain("s3cret-value");
    expect((await as(member, "GET", `/organisations/${id}/settings`)).status).toBe(401); // the role change retired the old token
    const outsider = await createUser(h.deps);
    expect(
      refusal(
        await as(
          a,
          "PUT",
          `/admin/organisations/${id}`,
          form({ key: created.body.key, managers: [outsider.email] }),
        ),
      ),
    ).toEqual([400, "MANAGER_NOT_MEMBER", `${outsider.email} is not a member of this organisation`]);
    const log = await h.deps.prisma.activityLog.findFirstOrThrow({
      where: { action: "organisation.configured", organisationId: id },
    });
    expect(JSON.stringify(log.details)).not.toContain("s3cret-value");
    expect((log.details as { changed: Record<string, unknown> }).changed.oidcClientSecret).toBe("changed");
  });

  it("the overview counts members by tier and answers twelve weeks of entries", async () => {
    const a = await admin();
    await createOrganisation(h.deps);
    const res = await as(a, "GET", "/admin/overview");
    expect(res.status).toBe(200);
    expect(res.body.entriesPerWeek).toHaveLength(12);
    expect(res.body.membersByTier.map((t: { tier: string }) => t.tier)).toEqual(
      expect.arrayContaining(["PREMIUM"]),
    );
    expect(res.body.organisations).toBeGreaterThan(0);
  });
});

describe("impersonation", () => {
  it("is logged, shows who is acting, and ends with the administrator's session; the impersonation token then stops working", async () => {
    const a = await admin();
    const user = await createUser(h.deps);
    const started = await as(a, "POST", `/auth/login/impersonate?user=${encodeURIComponent(user.email)}`);
    expect(started.status).toBe(200);
    const imp = { ...user, token: started.body.token as string };
    expect((await as(imp, "GET", "/auth/impersonation")).body).toEqual({
      impersonating: true,
      administrator: { id: a.id, email: a.email },
      user: { id: user.id, email: user.email },
    });
    expect((await as(user, "GET", "/auth/impersonation")).body.impersonating).toBe(false);
    expect(refusal(await as(user, "POST", "/auth/impersonation/end"))[1]).toBe("NOT_IMPERSONATING");

    const ended = await as(imp, "POST", "/auth/impersonation/end");
    expect(ended.status).toBe(200);
    expect(ended.body.roles).toContain("Admin");
    expect((await as(imp, "GET", "/profile")).status).toBe(401);
    expect((await as({ ...a, token: ended.body.token }, "GET", "/admin/overview")).status).toBe(200);
    // The user's own session is untouched.
    expect((await as(user, "GET", "/profile")).status).toBe(200);
    const actions = await h.deps.prisma.activityLog.findMany({
      where: { subjectId: user.id },
      orderBy: { at: "asc" },
    });
    expect(actions.map((l) => [l.action, l.actorId])).toEqual([
      ["impersonation.started", a.id],
      ["impersonation.ended", a.id],
    ]);
  });
});
