// Forged, malformed and retired tokens against the real app: the token says who,
// the database says what they may do (issue 8, defect 2).
import { randomUUID } from "node:crypto";
import { createSigner } from "fast-jwt";
import { describe, expect, it } from "vitest";
import { SESSION_CACHE_TTL_MS, setRoles } from "../src/modules/account/session.js";
import { signedIn } from "./factories.js";
import { call as callFrom, createUser, PASSWORD, randomIp, testConfig, useApp } from "./harness.js";

/** Each call from its own address unless the test names one: per-address rate limits are shared
 * with every other test file on the same Redis prefix. */
const call = (...[app, method, url, opts = {}]: Parameters<typeof callFrom>) =>
  callFrom(app, method, url, { ip: randomIp(), ...opts });

const h = useApp();
const SECRET = testConfig().jwtSecret;

/** Signs with the server's own secret, as someone who read a secret from the repository could. */
const signWith = (key: string, payload: Record<string, unknown>, opts: Record<string, unknown> = {}) =>
  createSigner({ key, algorithm: "HS256", expiresIn: 3_600_000, ...opts })(payload);

const adminOnly = (target: string) => `/auth/login/impersonate?user=${encodeURIComponent(target)}`;

describe("forged tokens", () => {
  it("refuses a token re-signed with another secret", async () => {
    const u = await createUser(h.deps);
    expect((await call(h.app, "GET", "/profile", { token: u.token })).status).toBe(200);
    const forged = signWith("some-other-secret-some-other-secret-0000", { sub: u.id, tv: 0 });
    const res = await call(h.app, "GET", "/profile", { token: forged });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("UNAUTHORIZED");
  });

  it("takes roles from the database: an Admin roles claim gives a non-admin nothing", async () => {
    const target = await createUser(h.deps);
    const user = await createUser(h.deps);
    const admin = await createUser(h.deps, { roles: ["User-Basic", "Admin"] });
    // Signed with the real secret (the worst case: a leaked secret), claiming Admin.
    const forged = signWith(SECRET, { sub: user.id, tv: 0, roles: ["Admin", "User-Basic"] });
    const refused = await call(h.app, "POST", adminOnly(target.email), { token: forged });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("ADMIN_REQUIRED");
    // The same route does answer a real administrator, so the 403 above is the role check.
    expect((await call(h.app, "POST", adminOnly(target.email), { token: admin.token })).status).toBe(200);
  });

  it("a forged Admin claim cannot publish a platform-wide webinar (organisationId null)", async () => {
    const user = await createUser(h.deps, { roles: ["User-Basic", "Organisation-Manager"] });
    const webinarIdStr = `forged-${randomUUID().slice(0, 8)}`;
    const res = await call(h.app, "POST", "/webinars", {
      token: signWith(SECRET, { sub: user.id, tv: 0, roles: ["Admin"] }),
      body: {
        webinarIdStr,
        title: "Forged",
        webinarDescription: "",
        startDate: "2030-01-01T10:00:00.000Z",
        endDate: "2030-01-01T11:00:00.000Z",
        organisationId: null,
      },
    });
    // Judged as the organisation-less manager the database says they are.
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("MANAGER_REQUIRED");
    expect(await h.deps.prisma.webinar.count({ where: { webinarIdStr } })).toBe(0);
  });

  it("refuses a token without exp", async () => {
    const u = await createUser(h.deps);
    const noExp = createSigner({ key: SECRET, algorithm: "HS256" })({ sub: u.id, tv: 0 });
    expect((await call(h.app, "GET", "/profile", { token: noExp })).status).toBe(401);
  });

  it("refuses an expired token and another algorithm", async () => {
    const u = await createUser(h.deps);
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = createSigner({ key: SECRET, algorithm: "HS256" })({ sub: u.id, tv: 0, exp: past });
    expect((await call(h.app, "GET", "/profile", { token: expired })).status).toBe(401);
    const hs512 = signWith(SECRET, { sub: u.id, tv: 0 }, { algorithm: "HS512" });
    expect((await call(h.app, "GET", "/profile", { token: hs512 })).status).toBe(401);
  });

  it.each([
    ["urn:uuid: form", (id: string) => `urn:uuid:${id}`],
    ["x", () => "x"],
    ["braced", (id: string) => `{${id}}`],
  ])("answers 401, not 500, for a %s sub", async (_what, sub) => {
    const u = await createUser(h.deps);
    const res = await call(h.app, "GET", "/profile", { token: signWith(SECRET, { sub: sub(u.id), tv: 0 }) });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("UNAUTHORIZED");
  });

  it("refuses the token of a deleted user", async () => {
    const u = await createUser(h.deps);
    expect((await call(h.app, "GET", "/profile", { token: u.token })).status).toBe(200);
    await h.deps.prisma.user.delete({ where: { id: u.id } });
    // Within the session cache's few seconds a deletion elsewhere may lag; this process bumps nothing,
    // so the refusal comes once the TTL lapses, the way another replica would see it.
    await expect
      .poll(async () => (await call(h.app, "GET", "/profile", { token: u.token })).status, {
        timeout: SESSION_CACHE_TTL_MS * 2,
        interval: 250,
      })
      .toBe(401);
  });
});

describe("revocation is immediate", () => {
  it("after logout", async () => {
    const u = await createUser(h.deps);
    expect((await call(h.app, "GET", "/profile", { token: u.token })).status).toBe(200); // cached now
    expect((await call(h.app, "POST", "/auth/logout", { token: u.token })).status).toBe(200);
    expect((await call(h.app, "GET", "/profile", { token: u.token })).status).toBe(401);
  });

  it("after a password change, for every older token", async () => {
    const u = await createUser(h.deps);
    const second = await signedIn(h, u.email);
    expect((await call(h.app, "GET", "/profile", { token: second.token })).status).toBe(200);
    const changed = await call(h.app, "POST", "/auth/change-password", {
      ip: randomIp(),
      token: u.token,
      body: { oldPassword: PASSWORD, newPassword: "Changed-Pass-9" },
    });
    expect(changed.status).toBe(200);
    expect((await call(h.app, "GET", "/profile", { token: u.token })).status).toBe(401);
    expect((await call(h.app, "GET", "/profile", { token: second.token })).status).toBe(401);
    expect((await call(h.app, "GET", "/profile", { token: changed.body.token })).status).toBe(200);
  });

  it("after a role change: a demoted admin's token stops working, the next login has the new roles", async () => {
    const target = await createUser(h.deps);
    const admin = await createUser(h.deps, { roles: ["User-Basic", "Admin"] });
    expect((await call(h.app, "POST", adminOnly(target.email), { token: admin.token })).status).toBe(200);

    await setRoles(h.deps.prisma, admin.id, ["User-Basic"]);
    expect((await call(h.app, "POST", adminOnly(target.email), { token: admin.token })).status).toBe(401);
    expect((await call(h.app, "GET", "/profile", { token: admin.token })).status).toBe(401);

    const again = await signedIn(h, admin.email);
    expect(again.roles).toEqual(["User-Basic"]);
    expect((await call(h.app, "POST", adminOnly(target.email), { token: again.token })).status).toBe(403);
  });

  it("after a promotion, the new role applies from the next login", async () => {
    const target = await createUser(h.deps);
    const u = await createUser(h.deps);
    expect((await call(h.app, "POST", adminOnly(target.email), { token: u.token })).status).toBe(403);
    await setRoles(h.deps.prisma, u.id, ["Admin", "User-Basic", "Admin"]);
    expect((await call(h.app, "GET", "/profile", { token: u.token })).status).toBe(401);
    const promoted = await signedIn(h, u.email);
    expect(promoted.roles).toEqual(["Admin", "User-Basic"]);
    expect((await call(h.app, "POST", adminOnly(target.email), { token: promoted.token })).status).toBe(200);
  });

  it("an impersonation ends when the impersonator is no longer an administrator", async () => {
    const target = await createUser(h.deps);
    const admin = await createUser(h.deps, { roles: ["User-Basic", "Admin"] });
    const as = await call(h.app, "POST", adminOnly(target.email), { token: admin.token });
    expect(as.status).toBe(200);
    expect((await call(h.app, "GET", "/profile", { token: as.body.token })).status).toBe(200);
    await setRoles(h.deps.prisma, admin.id, ["User-Basic"]);
    expect((await call(h.app, "GET", "/profile", { token: as.body.token })).status).toBe(401);
  });

  it("an impersonation ends when the impersonator logs out", async () => {
    const target = await createUser(h.deps);
    const admin = await createUser(h.deps, { roles: ["User-Basic", "Admin"] });
    const as = await call(h.app, "POST", adminOnly(target.email), { token: admin.token });
    expect((await call(h.app, "GET", "/profile", { token: as.body.token })).status).toBe(200);
    expect((await call(h.app, "POST", "/auth/logout", { token: admin.token })).status).toBe(200);
    expect((await call(h.app, "GET", "/profile", { token: as.body.token })).status).toBe(401);
  });
});
