import { readFileSync } from "node:fs";
import { api, type EndpointDef } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { verifyHs256 } from "../src/lib/crypto.js";
import { addMonths, todayInLondon } from "../src/lib/dates.js";
import { CLIENT_TYPES_FILE, OPENAPI_FILE, renderClientTypes, renderOpenApi } from "../src/openapi.js";
import { call, createOrganisation, createUser, storedFileOfSize, testConfig, useApp } from "./harness.js";

const h = useApp();

interface Operation {
  parameters?: { name: string; description?: string }[];
  tags?: string[];
  responses: Record<string, unknown>;
}
const inAMonth = () => addMonths(todayInLondon(), 1);

describe("every authenticated call", () => {
  const endpoints = Object.values(api as Record<string, EndpointDef>).filter((e) => e.auth);
  const path = (e: EndpointDef) => e.path.replace(/:(\w+)/g, "x$1");

  it.each(endpoints.map((e) => [`${e.method} ${e.path}`, e] as const))(
    "%s answers 401 without a token",
    async (_, e) => {
      const res = await call(h.app, e.method, path(e));
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ statusCode: 401, code: "UNAUTHORIZED" });
    },
  );

  it("answers 401 for a forged or malformed token", async () => {
    const token = (await createUser(h.deps)).token;
    const at = token.lastIndexOf(".") + 5;
    const forged = token.slice(0, at) + (token[at] === "A" ? "B" : "A") + token.slice(at + 1);
    expect((await call(h.app, "GET", "/usage", { token: forged })).status).toBe(401);
    expect((await call(h.app, "GET", "/usage", { token: "not.a.jwt" })).status).toBe(401);
  });
});

describe("GET features and features/user", () => {
  it("lets full members and unexpired trials use features, not basic members", async () => {
    await h.deps.prisma.featureFlag.upsert({
      where: { name: "SharedCPD" },
      update: { enabled: true },
      create: { name: "SharedCPD" },
    });
    const premium = await createUser(h.deps);
    const trial = await createUser(h.deps, { tier: "BASIC", trialEnd: inAMonth() });
    const expired = await createUser(h.deps, {
      tier: "BASIC",
      trialEnd: "2026-01-01",
      createdAt: "2025-10-01",
    });
    const basic = await createUser(h.deps, { tier: "BASIC" });
    const features = async (t: string) =>
      (await call(h.app, "GET", "/features/user", { token: t })).body.SharedCPD;
    expect(await features(premium.token)).toBe(true);
    expect(await features(trial.token)).toBe(true);
    expect(await features(expired.token)).toBe(false);
    expect(await features(basic.token)).toBe(false);
    // The platform switches stay visible to everyone.
    expect((await call(h.app, "GET", "/features", { token: basic.token })).body.SharedCPD).toBe(true);
  });

  it("applies the organisation's feature overrides", async () => {
    const org = await createOrganisation(h.deps, { features: { OrganisationUserReview: true } });
    const member = await createUser(h.deps, { tier: "CORPORATE", organisationId: org.id });
    const outsider = await createUser(h.deps);
    expect(
      (await call(h.app, "GET", "/features/user", { token: member.token })).body.OrganisationUserReview,
    ).toBe(true);
    expect(
      (await call(h.app, "GET", "/features/user", { token: outsider.token })).body.OrganisationUserReview,
    ).toBe(false);
  });
});

describe("GET usage", () => {
  it("counts entries and stored bytes, with limits only for non-premium users", async () => {
    const basic = await createUser(h.deps, { tier: "BASIC", trialEnd: inAMonth() });
    await h.deps.prisma.entry.createMany({
      data: [1, 2, 3].map(() => ({ userId: basic.id, type: "diary" })),
    });
    await storedFileOfSize(h.deps, basic.id, 1234);
    const res = await call(h.app, "GET", "/usage", { token: basic.token });
    expect(res.body).toEqual({ entries: 3, storage: 1234, entriesLimit: 5, storageLimit: 100_000_000 });
    const premium = await createUser(h.deps);
    expect((await call(h.app, "GET", "/usage", { token: premium.token })).body).toEqual({
      entries: 0,
      storage: 0,
      entriesLimit: null,
      storageLimit: null,
    });
  });
});

describe("branding", () => {
  it("answers the member's organisation branding, and empty branding otherwise", async () => {
    const org = await createOrganisation(h.deps, {
      logoUrl: "https://logo.example/x.png",
      colourHex: "#005EB8",
      usesOauth: true,
      videoUrl: "https://video.example/v",
    });
    const member = await createUser(h.deps, { tier: "CORPORATE", organisationId: org.id });
    const b = await call(h.app, "GET", "/branding", { token: member.token });
    expect(b.body).toMatchObject({
      organisationId: org.id,
      // A foreign logo address is kept but never shown: the CSP would block it (ADR 0021).
      logoUrl: null,
      colourHex: "#005EB8",
      usesOauth: true,
    });
    expect((await call(h.app, "GET", "/branding/welcome-video", { token: member.token })).body.videoUrl).toBe(
      "https://video.example/v",
    );
    const solo = await createUser(h.deps);
    expect((await call(h.app, "GET", "/branding", { token: solo.token })).body).toMatchObject({
      organisationId: null,
      logoUrl: null,
      usesOauth: false,
    });
  });

  it("serves public branding by key: 404 for an unknown key, 403 for a disabled organisation, 400 for a malformed one", async () => {
    const org = await createOrganisation(h.deps, { colourHex: "#123456" });
    expect((await call(h.app, "GET", `/branding/${org.key}`)).body.colourHex).toBe("#123456");
    expect((await call(h.app, "GET", "/branding/no-such-organisation")).status).toBe(404);
    const off = await createOrganisation(h.deps, { enabled: false });
    const disabled = await call(h.app, "GET", `/branding/${off.key}`);
    expect(disabled.status).toBe(403);
    expect(disabled.body.message).toBe("Your organisation is not enabled. Please contact support");
    expect((await call(h.app, "GET", "/branding/Bad%20Key!")).status).toBe(400);
  });
});

describe("settings/dashboard", () => {
  it("saves the person's settings and answers them back", async () => {
    const u = await createUser(h.deps);
    const current = (await call(h.app, "GET", "/settings/dashboard", { token: u.token })).body;
    const { lockedByOrganisation: _, ...settings } = current;
    settings.dashboardMode = "basic";
    settings.dashboardWidgets.sharedCPD = false;
    const saved = await call(h.app, "POST", "/settings/dashboard", { token: u.token, body: settings });
    expect(saved.status).toBe(200);
    const again = (await call(h.app, "GET", "/settings/dashboard", { token: u.token })).body;
    expect(again.dashboardMode).toBe("basic");
    expect(again.dashboardWidgets.sharedCPD).toBe(false);
  });

  it("refuses incomplete or mistyped settings", async () => {
    const u = await createUser(h.deps);
    const res = await call(h.app, "POST", "/settings/dashboard", {
      token: u.token,
      body: { dashboardMode: "fancy" },
    });
    expect(res.status).toBe(400);
  });

  it("applies and locks the organisation's choices", async () => {
    const org = await createOrganisation(h.deps, { widgetReflection: false, logoutTimerEnabled: true });
    const u = await createUser(h.deps, { tier: "CORPORATE", organisationId: org.id });
    const s = (await call(h.app, "GET", "/settings/dashboard", { token: u.token })).body;
    expect(s.dashboardWidgets.reflection).toBe(false);
    expect(s.logoutTimer.enabled).toBe(true);
    expect(s.lockedByOrganisation).toEqual(
      expect.arrayContaining(["dashboardWidgets.reflection", "logoutTimer.enabled"]),
    );
  });
});

describe("GET user-account/user/intercom", () => {
  it("answers the name and a token signed with the server's secret", async () => {
    const u = await createUser(h.deps, { firstName: "Nia" });
    const res = await call(h.app, "GET", "/user-account/user/intercom", { token: u.token });
    expect(res.body.name).toBe("Nia User");
    const claims = verifyHs256(res.body.token, testConfig().supportChatSecret);
    expect(claims).toMatchObject({ user_id: u.id, email: u.email });
    expect(verifyHs256(res.body.token, "some-other-secret-value")).toBeNull();
  });
});

describe("GET shell/start", () => {
  it("answers, in one call, what each of the shell's own calls answers", async () => {
    const org = await createOrganisation(h.deps, { name: "Start Trust" });
    const u = await createUser(h.deps, { firstName: "Ola", organisationId: org.id });
    const own = async (path: string) => (await call(h.app, "GET", path, { token: u.token })).body;
    const res = await call(h.app, "GET", "/shell/start", { token: u.token });
    expect(res.status).toBe(200);
    const { supportChat, ...rest } = res.body;
    expect(rest).toEqual({
      profile: await own("/profile"),
      features: await own("/features"),
      userFeatures: await own("/features/user"),
      branding: await own("/branding"),
      settings: await own("/settings/dashboard"),
      scheduledDeletion: await own("/user-account/me/scheduled-deletion"),
      impersonation: await own("/auth/impersonation"),
    });
    expect(supportChat.name).toBe("Ola User");
    expect(verifyHs256(supportChat.token, testConfig().supportChatSecret)).toMatchObject({ user_id: u.id });
  });
});

describe("GET health and the API documentation", () => {
  it("reports PostgreSQL, Redis and S3", async () => {
    const res = await call(h.app, "GET", "/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", checks: { postgres: "ok", redis: "ok", s3: "ok" } });
  });

  it("publishes every contract call in the OpenAPI document", async () => {
    const doc = (await call(h.app, "GET", "/docs/json")).body;
    for (const [name, e] of Object.entries(api as Record<string, EndpointDef>)) {
      const p = `/api${e.path.replace(/:(\w+)/g, "{$1}")}`;
      const op = doc.paths[p]?.[e.method.toLowerCase()];
      // Named by the contract, under its summary, public only where the contract says so; guest
      // calls take the session token or a supervision guest token, an attester's calls only theirs; files a browser opens take it
      // as ?auth_token= too.
      const queryToken = Boolean(
        (e.query as { properties?: Record<string, unknown> })?.properties?.auth_token,
      );
      const security = e.auth
        ? [{ bearerAuth: [] }, ...(queryToken ? [{ authToken: [] }] : [])]
        : e.guest
          ? [{ bearerAuth: [] }, { supervisionGuest: [] }]
          : e.attester
            ? [{ attestationGuest: [] }]
            : [];
      expect(
        { operationId: op?.operationId, summary: op?.summary, security: op?.security },
        `${e.method} ${p}`,
      ).toEqual({ operationId: name, summary: e.summary, security });
    }
  });

  it("documents each call's success: its status for JSON answers, 302 for redirects", async () => {
    const doc = (await call(h.app, "GET", "/docs/json")).body;
    for (const e of Object.values(api as Record<string, EndpointDef>)) {
      const p = `/api${e.path.replace(/:(\w+)/g, "{$1}")}`;
      const responses = Object.keys(doc.paths[p]?.[e.method.toLowerCase()]?.responses ?? {});
      // A redirect answers no body: its contract response is null (the SSO navigations).
      const redirect = e.binary && (e.response as { type?: string }).type === "null";
      if (redirect) expect(responses, `${e.method} ${p}`).toContain("302");
      else if (!e.binary) expect(responses, `${e.method} ${p}`).toContain(String(e.status ?? 200));
      else {
        // A file: its media types, as binary, so a generated client does not parse it as JSON.
        const content =
          doc.paths[p][e.method.toLowerCase()].responses[String(e.status ?? 200)]?.content ?? {};
        expect(Object.keys(content), `${e.method} ${p}`).toEqual([...(e.produces ?? [])]);
        for (const t of Object.values(content) as { schema: unknown }[]) {
          expect(t.schema).toEqual({ type: "string", format: "binary" });
        }
        expect(e.produces?.length, `${e.method} ${p} names its media types`).toBeGreaterThan(0);
      }
    }
  });

  it("documents the request headers a call reads (the payment webhook's X-Signature)", async () => {
    const doc = (await call(h.app, "GET", "/docs/json")).body;
    const withHeaders = Object.values(api as Record<string, EndpointDef>).filter((e) => e.headers);
    expect(withHeaders.map((e) => e.path)).toContain("/membership/webhook");
    for (const e of withHeaders) {
      const p = `/api${e.path.replace(/:(\w+)/g, "{$1}")}`;
      const parameters = doc.paths[p]?.[e.method.toLowerCase()]?.parameters ?? [];
      const schema = e.headers as unknown as { properties: Record<string, unknown>; required?: string[] };
      for (const name of Object.keys(schema.properties)) {
        expect(parameters, `${e.method} ${p} ${name}`).toContainEqual(
          expect.objectContaining({ in: "header", name, required: schema.required?.includes(name) ?? false }),
        );
      }
    }
  });

  it("matches the committed openapi.json (run `pnpm --filter @cpd/server openapi` after changing the contract)", async () => {
    const doc = (await call(h.app, "GET", "/docs/json")).body;
    expect(renderOpenApi(doc)).toBe(readFileSync(OPENAPI_FILE, "utf8"));
    // The generated client's types, which generated-client.int.test.ts compiles against.
    expect(await renderClientTypes(JSON.parse(renderOpenApi(doc)))).toBe(
      readFileSync(CLIENT_TYPES_FILE, "utf8"),
    );
  });

  it("documents every parameter, every tag, and each operation's refusals by status", async () => {
    const doc = (await call(h.app, "GET", "/docs/json")).body;
    const tags = new Set(doc.tags.map((t: { name: string; description: string }) => t.description && t.name));
    for (const [path, operations] of Object.entries<Record<string, Operation>>(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const where = `${method} ${path}`;
        for (const p of op.parameters ?? []) expect(p.description, `${where} ${p.name}`).toMatch(/\S/);
        for (const t of op.tags ?? []) expect(tags.has(t), `${where} tag ${t}`).toBe(true);
        expect(Object.keys(op.responses), where).not.toContain("4xx");
        expect(Object.keys(op.responses), where).toContain("500");
      }
    }
    const login = doc.paths["/api/auth/login"].post;
    expect(Object.keys(login.responses)).toEqual([
      "200",
      "400",
      "401",
      "403",
      "413",
      "415",
      "429",
      "500",
      "503",
    ]);
    expect(login.description).toMatch(/^Rate limit: \d+ calls a minute per client address and e-mail/);
    const upload = doc.paths["/api/file/upload"].post;
    expect(Object.keys(upload.requestBody.content)).toContain("multipart/form-data");
    expect(Object.keys(upload.responses)).toEqual(
      expect.arrayContaining(["400", "401", "403", "404", "408", "409", "411", "413", "415"]),
    );
  });

  it("serves the getting-started page for integrators", async () => {
    const res = await h.app.inject({ method: "GET", url: "/api/docs/getting-started" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    for (const heading of ["Authentication", "Paging", "Errors", "Rate limits", "Versioning"])
      expect(res.body).toContain(`<h2>${heading}</h2>`);
  });

  it("answers unknown API paths with the JSON envelope", async () => {
    const res = await call(h.app, "GET", "/no-such-call");
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("ROUTE_NOT_FOUND");
  });
});
