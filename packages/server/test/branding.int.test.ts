// Organisation logos in our own storage (ADR 0021): uploads of PNG, JPEG and SVG (a hostile SVG
// is rasterised without its script), the refusals, the public logo call's headers, saving a
// configuration as it was read (the seeded data: logos, a foreign https logo), the login link.

import { LOGO_MAX_BYTES, LOGO_MESSAGES } from "@cpd/contract";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { todayInLondon } from "../src/lib/dates.js";
import { loadPortfolio } from "../src/modules/portfolio/load.js";
import { portfolioBytes, portfolioRequest } from "./factories.js";
import { call, createOrganisation, createUser, randomIp, refusal, type TestUser, useApp } from "./harness.js";

const h = useApp();
const admin = () => createUser(h.deps, { roles: ["User-Basic", "Admin"] });

const image = (format: "png" | "jpeg") =>
  sharp({ create: { width: 300, height: 100, channels: 3, background: "#005eb8" } })
    [format]()
    .toBuffer();

const SEEDED_SVG = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40"><rect width="40" height="40" rx="8" fill="#005eb8"/><text x="48" y="27" font-size="18">Acme</text></svg>',
)}`;

const upload = (u: TestUser, id: number, payload: Buffer | string, type: string, kind = "logo") =>
  call(h.app, "POST", `/admin/organisations/${id}/logos/${kind}`, {
    token: u.token,
    payload,
    headers: { "content-type": type },
    ip: randomIp(),
  });

const logo = (url: string) => h.app.inject({ method: "GET", url: url, remoteAddress: randomIp() });

/** The form's fields exactly as the organisation was read. */
async function asRead(u: TestUser, id: number) {
  const got = await call(h.app, "GET", `/admin/organisations/${id}`, { token: u.token });
  expect(got.status).toBe(200);
  const o = got.body;
  return {
    key: o.key,
    name: o.name,
    enabled: o.enabled,
    governingBodyType: o.governingBodyType,
    features: o.features,
    logoUrl: o.logoUrl,
    loginLogoUrl: o.loginLogoUrl,
    loginLink: o.loginLink,
    colourHex: o.colourHex,
    videoUrl: o.videoUrl,
    usesOauth: o.usesOauth,
    oidcIssuer: o.oidcIssuer,
    oidcClientId: o.oidcClientId,
    managers: o.managers.map((m: { email: string }) => m.email),
  };
}
const save = (u: TestUser, id: number, body: unknown) =>
  call(h.app, "PUT", `/admin/organisations/${id}`, { token: u.token, body, ip: randomIp() });

// The first call warms the app and sharp up: slow on a loaded machine.
describe("organisation logo uploads", { timeout: 90_000 }, () => {
  it.each(["png", "jpeg"] as const)("stores a %s logo as a PNG served from this origin", async (format) => {
    const [a, org] = await Promise.all([admin(), createOrganisation(h.deps)]);
    const res = await upload(a, org.id, await image(format), `image/${format}`);
    expect(res.status).toBe(200);
    expect(res.body.logoUrl).toMatch(
      new RegExp(`^/api/organisations/${org.id}/logos/logo\\?v=[0-9a-f]{12}$`),
    );
    const served = await logo(res.body.logoUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["cache-control"]).toBe("public, max-age=86400");
    expect(served.headers["content-security-policy"]).toContain("default-src 'none'");
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 300, 100]);
  });

  it("rasterises an SVG, dropping its script, handlers and foreign references", async () => {
    const [a, org] = await Promise.all([admin(), createOrganisation(h.deps)]);
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="40" onload="alert(1)">' +
      '<script>alert(document.cookie)</script><rect width="120" height="40" fill="#c00"/>' +
      '<image xlink:href="http://127.0.0.1:9/track.png" width="10" height="10"/></svg>';
    const res = await upload(a, org.id, svg, "image/svg+xml", "login-logo");
    expect(res.status).toBe(200);
    const served = await logo(res.body.loginLogoUrl);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.rawPayload.subarray(1, 4).toString()).toBe("PNG");
    expect(served.rawPayload.includes("alert")).toBe(false);
    const meta = await sharp(served.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(1024);
  });

  it("refuses an SVG that declares entities", async () => {
    const [a, org] = await Promise.all([admin(), createOrganisation(h.deps)]);
    const svg = '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>';
    expect(refusal(await upload(a, org.id, svg, "image/svg+xml"))).toEqual([
      415,
      "UNSUPPORTED_IMAGE",
      LOGO_MESSAGES.unreadable,
    ]);
  });

  it("refuses a file over 1 MB with 413 and a clear message", async () => {
    const [a, org] = await Promise.all([admin(), createOrganisation(h.deps)]);
    const big = Buffer.concat([await image("png"), Buffer.alloc(LOGO_MAX_BYTES)]);
    const res = await upload(a, org.id, big, "image/png");
    expect([res.status, res.body.message]).toEqual([413, LOGO_MESSAGES.tooLarge]);
  });

  it("refuses another type, and bytes that are not the image they claim", async () => {
    const [a, org] = await Promise.all([admin(), createOrganisation(h.deps)]);
    const gif = await upload(a, org.id, Buffer.from("GIF89a...."), "image/gif");
    expect([gif.status, gif.body.message]).toEqual([415, LOGO_MESSAGES.type]);
    const fake = await upload(a, org.id, "<html><script>1</script></html>", "image/png");
    expect(refusal(fake)).toEqual([415, "UNSUPPORTED_IMAGE", LOGO_MESSAGES.unreadable]);
    expect(
      (await h.deps.prisma.organisation.findUniqueOrThrow({ where: { id: org.id } })).logoKey,
    ).toBeNull();
  });

  it("answers 404 for an organisation without a logo", async () => {
    const org = await createOrganisation(h.deps);
    const res = await logo(`/api/organisations/${org.id}/logos/logo`);
    expect([res.statusCode, res.json().message]).toEqual([404, LOGO_MESSAGES.notFound]);
  });

  it("a member's header shows the uploaded logo from this origin", async () => {
    const [a, org] = await Promise.all([admin(), createOrganisation(h.deps)]);
    const member = await createUser(h.deps, { organisationId: org.id });
    const up = await upload(a, org.id, await image("png"), "image/png");
    const branding = await call(h.app, "GET", "/branding", { token: member.token });
    expect(branding.body.logoUrl).toBe(up.body.logoUrl);
  });
});

describe("saving a configuration as it was read", { timeout: 90_000 }, () => {
  it("saves a seeded organisation with data: logos unchanged, and moves the logos into storage", async () => {
    const a = await admin();
    const org = await createOrganisation(h.deps, {
      logoUrl: SEEDED_SVG,
      loginLogoUrl: SEEDED_SVG,
      colourHex: "#005EB8",
      loginLink: "/login?organisation=acme-health",
    });
    const form = await asRead(a, org.id);
    expect(form.logoUrl).toMatch(/^\/api\/organisations\/\d+\/logos\/logo\?v=/);
    expect((await logo(form.logoUrl)).statusCode).toBe(200);
    const saved = await save(a, org.id, form);
    expect(saved.status).toBe(200);
    const row = await h.deps.prisma.organisation.findUniqueOrThrow({ where: { id: org.id } });
    expect([row.logoUrl, row.loginLogoUrl, row.loginLink]).toEqual([
      null,
      null,
      "/login?organisation=acme-health",
    ]);
    expect(row.logoKey).toMatch(/^organisation-logos\//);
    expect((await logo(saved.body.logoUrl)).statusCode).toBe(200);
    // Saved again as read: still accepted.
    expect((await save(a, org.id, await asRead(a, org.id))).status).toBe(200);
  });

  it("keeps a foreign https logo unfetched and unshown, without blocking other fields", async () => {
    const a = await admin();
    const org = await createOrganisation(h.deps, { logoUrl: "https://127.0.0.1:9/logo.png" });
    const member = await createUser(h.deps, { organisationId: org.id });
    const form = await asRead(a, org.id);
    expect(form.logoUrl).toBe("https://127.0.0.1:9/logo.png");
    const saved = await save(a, org.id, { ...form, name: "Renamed Trust" });
    expect([saved.status, saved.body.name, saved.body.logoUrl, saved.body.logoNotice]).toEqual([
      200,
      "Renamed Trust",
      "https://127.0.0.1:9/logo.png",
      LOGO_MESSAGES.foreign,
    ]);
    expect((await call(h.app, "GET", "/branding", { token: member.token })).body.logoUrl).toBeNull();
  });

  it("refuses a new web address for a logo, and removes a logo set to null", async () => {
    const [a, org] = await Promise.all([admin(), createOrganisation(h.deps)]);
    await upload(a, org.id, await image("png"), "image/png");
    const form = await asRead(a, org.id);
    expect(refusal(await save(a, org.id, { ...form, logoUrl: "https://example.org/x.png" }))).toEqual([
      400,
      "VALIDATION_ERROR",
      LOGO_MESSAGES.uploadOnly,
    ]);
    const removed = await save(a, org.id, { ...form, logoUrl: null });
    expect([removed.status, removed.body.logoUrl]).toEqual([200, null]);
    expect((await logo(form.logoUrl)).statusCode).toBe(404);
  });

  it("edits the organisation's login link", async () => {
    const [a, org] = await Promise.all([admin(), createOrganisation(h.deps)]);
    const saved = await save(a, org.id, {
      ...(await asRead(a, org.id)),
      loginLink: "https://sso.example.org/start",
    });
    expect([saved.status, saved.body.loginLink]).toEqual([200, "https://sso.example.org/start"]);
    const byKey = await call(h.app, "GET", `/branding/${org.key}`);
    expect(byKey.body.loginLink).toBe("https://sso.example.org/start");
    const bad = await save(a, org.id, { ...(await asRead(a, org.id)), loginLink: "javascript:alert(1)" });
    expect(bad.status).toBe(400);
  });
});

/** A branded front page of the member's portfolio, as the worker renders it. */
async function frontPagePdf(u: TestUser) {
  const today = todayInLondon();
  const request = portfolioRequest({
    dateFrom: today,
    title: { line1: "Branded", line2: "" },
    includeBranding: true,
  });
  const doc = await loadPortfolio(
    h.deps.prisma,
    h.deps.storage,
    h.deps.config,
    { userId: u.id, request },
    today,
  );
  return (await portfolioBytes(doc)).toString("latin1");
}

describe("the portfolio's front page", () => {
  it("draws the uploaded logo, and a seeded data: logo, from our storage", async () => {
    const [a, org, seeded] = await Promise.all([
      admin(),
      createOrganisation(h.deps),
      createOrganisation(h.deps, { logoUrl: SEEDED_SVG }),
    ]);
    const plain = await createOrganisation(h.deps);
    await upload(a, org.id, await image("jpeg"), "image/jpeg");
    const [member, seededMember, plainMember] = await Promise.all([
      createUser(h.deps, { organisationId: org.id }),
      createUser(h.deps, { organisationId: seeded.id }),
      createUser(h.deps, { organisationId: plain.id }),
    ]);
    expect(await frontPagePdf(member)).toMatch(/\/Subtype \/Image/);
    expect(await frontPagePdf(seededMember)).toMatch(/\/Subtype \/Image/);
    expect(await frontPagePdf(plainMember)).not.toMatch(/\/Subtype \/Image/);
  }, 120_000);
});
