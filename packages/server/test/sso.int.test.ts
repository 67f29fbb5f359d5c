// Organisation single sign-on against a real OpenID provider: the local fake (oidc-provider,
// scripts/fakes/oidc.mjs) on a port of its own, each organisation with a client registered at it
// dynamically, the login page completed over HTTP with the provider's cookies.
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOidcServer } from "../../../scripts/fakes/oidc.mjs";
import { SecretBox } from "../src/lib/secret-box.js";
import { loginStateKey } from "../src/modules/sso/login-state.js";
import { setOrganisationOidc } from "../src/modules/sso/provider.js";
import { call, createOrganisation, createUser, randomIp, useApp } from "./harness.js";

const h = useApp();
const provider = createOidcServer();
let issuer: string;
let site: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  site = h.deps.config.publicUrl;
  // The local provider speaks plain http (scripts/lib/env.sh sets OIDC_ALLOW_HTTP=true locally).
  h.deps.config.oidcAllowHttp = true;
});
afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

const callbackOf = (organisationId: number) => `${site}/api/auth/external-login/${organisationId}/process`;

/** Registers a client for the organisation's callback at the provider and turns SSO on with it. */
async function ssoOrganisation(data: Record<string, unknown> = {}) {
  const org = await createOrganisation(h.deps, data);
  const registered = await oidc.dynamicClientRegistration(
    new URL(issuer),
    { redirect_uris: [callbackOf(org.id)], response_types: ["code"], grant_types: ["authorization_code"] },
    undefined,
    { execute: [oidc.allowInsecureRequests] },
  );
  const { client_id, client_secret } = registered.clientMetadata();
  const clientSecret = client_secret as string;
  await setOrganisationOidc(h.deps.prisma, h.deps.config, org.id, {
    issuer,
    clientId: client_id,
    clientSecret,
  });
  return { ...org, clientSecret };
}

/** A browser's view of one site: cookies by name (one host, one flow at a time). */
class Jar {
  private cookies = new Map<string, string>();
  take(setCookies: string[]) {
    for (const c of setCookies) {
      const pair = c.split(";")[0] ?? "";
      const eq = pair.indexOf("=");
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }
  get header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/**
 * The person at the provider: follows the authorization URL to the login page, posts the form
 * (`email`, names), follows the provider's redirects and answers where it sends the browser back
 * (the organisation's callback URL with code, state and iss). `abort` presses Cancel instead.
 */
async function atProvider(authorizationUrl: string, email: string, opts: { abort?: boolean } = {}) {
  const jar = new Jar();
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header },
    });
    jar.take(res.headers.getSetCookie());
    return res;
  };
  let res = await go(authorizationUrl);
  let next = new URL(res.headers.get("location") ?? "", issuer).href;
  expect(next).toMatch(/\/interaction\//);
  const page = await (await go(next)).text();
  expect(page).toContain('name="email"');
  res = await go(opts.abort ? `${next}/abort` : next, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, given_name: "Jane", family_name: "Doe" }).toString(),
  });
  for (let hops = 0; hops < 10; hops++) {
    expect([302, 303]).toContain(res.status);
    next = new URL(res.headers.get("location") ?? "", issuer).href;
    if (!next.startsWith(issuer)) return next;
    res = await go(next);
  }
  throw new Error("the provider never sent the browser back");
}

interface Started {
  location: string;
  cookie: string;
  setCookie: string;
}

/** GET …/start from one address: where it sends the browser and the binding cookie it sets. */
async function start(organisationId: number, redirectTo?: string, cookie?: string): Promise<Started> {
  const q = redirectTo === undefined ? "" : `?redirect_to=${encodeURIComponent(redirectTo)}`;
  const res = await call(h.app, "GET", `/auth/external-login/${organisationId}/start${q}`, {
    ip: randomIp(),
    headers: cookie ? { cookie } : {},
  });
  expect(res.status).toBe(302);
  const setCookie = String(res.res.headers["set-cookie"] ?? "");
  return { location: String(res.res.headers.location), cookie: setCookie.split(";")[0] ?? "", setCookie };
}

/** The browser arriving back at the callback URL (with `cookie`, if any): where it is sent next. */
async function arrive(callbackUrl: string, cookie?: string) {
  const url = new URL(callbackUrl);
  const res = await h.app.inject({
    method: "GET",
    url: `${url.pathname}${url.search}`,
    headers: cookie ? { cookie } : {},
    remoteAddress: randomIp(),
  });
  expect(res.statusCode).toBe(302);
  return { location: String(res.headers.location), setCookie: String(res.headers["set-cookie"] ?? "") };
}

/** A whole sign-in; answers the SPA URL the browser ends at. */
async function signIn(organisationId: number, email: string, redirectTo?: string) {
  const s = await start(organisationId, redirectTo);
  expect(s.location.startsWith(`${issuer}/auth?`)).toBe(true);
  const back = await atProvider(s.location, email);
  return (await arrive(back, s.cookie)).location;
}

const failedAt = (key: string, code: string) => `${site}/auth/login/organisation/${key}?error=${code}`;
const newEmail = () => `sso-${randomUUID()}@northshire.example`;

/** The SPA's part: the one-time token for a session, then a call with it. */
async function spaLogin(spaUrl: string) {
  const url = new URL(spaUrl);
  expect(`${url.origin}${url.pathname}`).toBe(`${site}/auth/login/sso`);
  const otp = url.searchParams.get("otp") ?? "";
  const login = await call(h.app, "POST", "/auth/otp/login", { body: { token: otp }, ip: randomIp() });
  expect(login.status).toBe(200);
  const profile = await call(h.app, "GET", "/profile", { token: login.body.token });
  expect(profile.status).toBe(200);
  return {
    otp,
    redirectTo: url.searchParams.get("redirectTo"),
    profile: profile.body,
    roles: login.body.roles,
  };
}

describe("organisation single sign-on (OpenID Connect)", () => {
  it("signs a new person in: provider, callback, one-time token, session; a corporate member of the organisation", async () => {
    const org = await ssoOrganisation();
    const email = newEmail();
    const s = await start(org.id, "/entries?page=2");
    expect(s.setCookie).toMatch(/^cpd_sso=[\w-]{43}; /);
    expect(s.setCookie).toContain(`Path=/api/auth/external-login/${org.id};`);
    expect(s.setCookie).toMatch(/HttpOnly/);
    expect(s.setCookie).toMatch(/SameSite=Lax/);
    const auth = new URL(s.location);
    expect(auth.searchParams.get("code_challenge_method")).toBe("S256");
    expect(auth.searchParams.get("redirect_uri")).toBe(callbackOf(org.id));
    expect(auth.searchParams.get("nonce")).toMatch(/^[\w-]{32,}$/);

    const back = await atProvider(s.location, email.toUpperCase());
    const done = await arrive(back, s.cookie);
    expect(done.setCookie).toMatch(/^cpd_sso=; .*Max-Age=0/);
    const spa = await spaLogin(done.location);
    expect(spa.redirectTo).toBe("/entries?page=2");
    expect(spa.roles).toEqual(["User-Basic"]);
    expect(spa.profile).toMatchObject({ firstName: "Jane", lastName: "Doe", emailAddress: email });

    const user = await h.deps.prisma.user.findUniqueOrThrow({
      where: { email },
      include: { membership: true, credential: true, roles: true },
    });
    expect(user.organisationId).toBe(org.id);
    expect(user.emailConfirmedAt).not.toBeNull();
    expect(user.credential).toBeNull();
    expect(user.membership).toMatchObject({ tier: "CORPORATE", active: true });
    // The one-time token works once.
    const again = await call(h.app, "POST", "/auth/otp/login", { body: { token: spa.otp }, ip: randomIp() });
    expect(again.status).toBe(410);
  });

  it("signs the same person in again to the same account", async () => {
    const org = await ssoOrganisation();
    const email = newEmail();
    const first = await spaLogin(await signIn(org.id, email));
    const second = await spaLogin(await signIn(org.id, email));
    expect(second.profile.emailAddress).toBe(email);
    expect(await h.deps.prisma.user.count({ where: { email } })).toBe(1);
    expect(first.otp).not.toBe(second.otp);
  });

  it("signs an existing member of the organisation in (an account made by the organisation)", async () => {
    const org = await ssoOrganisation();
    const member = await createUser(h.deps, { organisationId: org.id, tier: "CORPORATE" });
    const spa = await spaLogin(await signIn(org.id, member.email));
    expect(spa.profile.emailAddress).toBe(member.email);
    expect(await h.deps.prisma.user.count({ where: { email: member.email } })).toBe(1);
  });

  it("two first sign-ins of one address at once make one account, and both log in", async () => {
    const org = await ssoOrganisation();
    const email = newEmail();
    const flows = await Promise.all(
      [0, 1].map(async () => {
        const s = await start(org.id);
        return { s, back: await atProvider(s.location, email) };
      }),
    );
    const ends = await Promise.all(flows.map((f) => arrive(f.back, f.s.cookie)));
    const logins = await Promise.all(ends.map((e) => spaLogin(e.location)));
    expect(logins.map((l) => l.profile.emailAddress)).toEqual([email, email]);
    expect(await h.deps.prisma.user.count({ where: { email } })).toBe(1);
  });

  it("refuses an unknown state, and the real one still works afterwards", async () => {
    const org = await ssoOrganisation();
    const s = await start(org.id);
    const back = new URL(await atProvider(s.location, newEmail()));
    const forged = new URL(back);
    forged.searchParams.set("state", oidc.randomState());
    expect((await arrive(forged.href, s.cookie)).location).toBe(failedAt(org.key, "SSO_FAILED"));
    const noState = new URL(back);
    noState.searchParams.delete("state");
    expect((await arrive(noState.href, s.cookie)).location).toBe(failedAt(org.key, "SSO_FAILED"));
    await spaLogin((await arrive(back.href, s.cookie)).location);
  });

  it("refuses a callback without the browser's cookie, or with another browser's, and the state is then spent", async () => {
    const org = await ssoOrganisation();
    const s = await start(org.id);
    const back = await atProvider(s.location, newEmail());
    expect((await arrive(back)).location).toBe(failedAt(org.key, "SSO_FAILED"));
    expect((await arrive(back, s.cookie)).location).toBe(failedAt(org.key, "SSO_FAILED"));

    const mine = await start(org.id);
    const myBack = await atProvider(mine.location, newEmail());
    const other = await start(org.id);
    expect(other.cookie).not.toBe(mine.cookie);
    expect((await arrive(myBack, other.cookie)).location).toBe(failedAt(org.key, "SSO_FAILED"));
  });

  it("keeps a browser's cookie across two starts, so two tabs both complete", async () => {
    const org = await ssoOrganisation();
    const a = await start(org.id);
    const b = await start(org.id, undefined, a.cookie);
    expect(b.cookie).toBe(a.cookie);
    const backA = await atProvider(a.location, newEmail());
    const backB = await atProvider(b.location, newEmail());
    await spaLogin((await arrive(backB, a.cookie)).location);
    await spaLogin((await arrive(backA, a.cookie)).location);
  });

  it("refuses a replayed callback and a code replayed with a new state", async () => {
    const org = await ssoOrganisation();
    const s = await start(org.id);
    const back = await atProvider(s.location, newEmail());
    const key = loginStateKey(h.deps.config.redisPrefix, new URL(back).searchParams.get("state") ?? "");
    expect(await h.deps.redis.exists(key)).toBe(1);
    await spaLogin((await arrive(back, s.cookie)).location);
    expect(await h.deps.redis.exists(key)).toBe(0);
    expect((await arrive(back, s.cookie)).location).toBe(failedAt(org.key, "SSO_FAILED"));

    // A fresh, valid state and cookie carrying the spent code: the provider refuses the code.
    const fresh = await start(org.id);
    const replay = new URL(back);
    replay.searchParams.set("state", new URL(fresh.location).searchParams.get("state") ?? "");
    expect((await arrive(replay.href, fresh.cookie)).location).toBe(failedAt(org.key, "SSO_FAILED"));
  });

  it("refuses an ID token whose nonce is not the one sent (the stored nonce tampered with)", async () => {
    const org = await ssoOrganisation();
    const email = newEmail();
    const s = await start(org.id);
    const back = await atProvider(s.location, email);
    const key = loginStateKey(h.deps.config.redisPrefix, new URL(back).searchParams.get("state") ?? "");
    const pending = JSON.parse((await h.deps.redis.get(key)) ?? "null");
    expect(pending?.nonce).toMatch(/^[\w-]{32,}$/);
    await h.deps.redis.set(key, JSON.stringify({ ...pending, nonce: oidc.randomNonce() }), "EX", 600);
    expect((await arrive(back, s.cookie)).location).toBe(failedAt(org.key, "SSO_FAILED"));
    expect(await h.deps.prisma.user.count({ where: { email } })).toBe(0);
  });

  it("refuses a state started for another organisation", async () => {
    const org = await ssoOrganisation();
    const other = await ssoOrganisation();
    const s = await start(other.id);
    const back = new URL(await atProvider(s.location, newEmail()));
    const elsewhere = `${callbackOf(org.id)}${back.search}`;
    expect((await arrive(elsewhere, s.cookie)).location).toBe(failedAt(org.key, "SSO_FAILED"));
  });

  it("ends at SSO_FAILED when the person cancels at the provider", async () => {
    const org = await ssoOrganisation();
    const s = await start(org.id);
    const back = await atProvider(s.location, newEmail(), { abort: true });
    expect(new URL(back).searchParams.get("error")).toBe("access_denied");
    expect((await arrive(back, s.cookie)).location).toBe(failedAt(org.key, "SSO_FAILED"));
  });

  it("sends a foreign redirectTo to /welcome and keeps one of this site", async () => {
    const org = await ssoOrganisation();
    for (const [given, kept] of [
      ["https://evil.example/steal", "/welcome"],
      ["//evil.example/steal", "/welcome"],
      ["/\\evil.example", "/welcome"],
      [`${site}/calendar?view=month`, "/calendar?view=month"],
    ]) {
      const spa = await spaLogin(await signIn(org.id, newEmail(), given));
      expect(spa.redirectTo).toBe(kept);
    }
    const spa = await spaLogin(await signIn(org.id, newEmail()));
    expect(spa.redirectTo).toBe("/welcome");
  });

  it("refuses an address whose account is another organisation's or personal", async () => {
    const org = await ssoOrganisation();
    const otherOrg = await createOrganisation(h.deps);
    const theirs = await createUser(h.deps, { organisationId: otherOrg.id, tier: "CORPORATE" });
    const personal = await createUser(h.deps);
    for (const u of [theirs, personal]) {
      const before = await h.deps.prisma.otpToken.count({ where: { approvedByUserId: u.id } });
      expect(await signIn(org.id, u.email)).toBe(failedAt(org.key, "SSO_OTHER_ORGANISATION"));
      expect(await h.deps.prisma.otpToken.count({ where: { approvedByUserId: u.id } })).toBe(before);
      const still = await h.deps.prisma.user.findUniqueOrThrow({ where: { id: u.id } });
      expect(still.organisationId).toBe(u === theirs ? otherOrg.id : null);
    }
  });

  it("refuses an organisation without single sign-on, and an unknown one", async () => {
    const plain = await createOrganisation(h.deps);
    const s = await start(plain.id);
    expect(s.location).toBe(failedAt(plain.key, "SSO_NOT_CONFIGURED"));
    expect(s.setCookie).toBe("");
    // Turned on but without a provider named: still not configured.
    const half = await createOrganisation(h.deps, { usesOauth: true });
    expect((await start(half.id)).location).toBe(failedAt(half.key, "SSO_NOT_CONFIGURED"));
    expect((await start(2_000_000_000)).location).toBe(`${site}/auth/login?error=SSO_NOT_CONFIGURED`);
  });

  it("answers 400 to an organisation id that is not an exact whole number, at the start and the callback", async () => {
    for (const id of ["Infinity", "NaN", "1e400", "9007199254740993", "1".padEnd(60, "0")]) {
      for (const step of ["start", "process"]) {
        const res = await call(h.app, "GET", `/auth/external-login/${id}/${step}`, { ip: randomIp() });
        expect([res.status, res.body.code, res.body.message], `${id} ${step}`).toEqual([
          400,
          "VALIDATION_ERROR",
          "Organisation id must be a whole number",
        ]);
      }
    }
  });

  it("refuses a disabled organisation, at the start and when it is disabled during the sign-in", async () => {
    const off = await ssoOrganisation({ enabled: false });
    expect((await start(off.id)).location).toBe(failedAt(off.key, "ORGANISATION_DISABLED"));

    const org = await ssoOrganisation();
    const email = newEmail();
    const s = await start(org.id);
    const back = await atProvider(s.location, email);
    await h.deps.prisma.organisation.update({ where: { id: org.id }, data: { enabled: false } });
    expect((await arrive(back, s.cookie)).location).toBe(failedAt(org.key, "ORGANISATION_DISABLED"));
    expect(await h.deps.prisma.user.count({ where: { email } })).toBe(0);
  });

  it("ends at SSO_FAILED, never a 5xx, when the provider cannot be reached", async () => {
    const org = await createOrganisation(h.deps);
    await setOrganisationOidc(h.deps.prisma, h.deps.config, org.id, {
      issuer: "http://127.0.0.1:9/unreachable",
      clientId: "nobody",
      clientSecret: "nothing",
    });
    expect((await start(org.id)).location).toBe(failedAt(org.key, "SSO_FAILED"));
  });

  it("GET /auth/login/sso goes on to the organisation's start, or back to login when it has no SSO", async () => {
    const org = await ssoOrganisation();
    const res = await call(
      h.app,
      "GET",
      `/auth/login/sso?referrer=${org.key}&redirectTo=%2F%2Fevil.example`,
      {
        ip: randomIp(),
      },
    );
    expect(res.status).toBe(302);
    expect(res.res.headers.location).toBe(
      `${site}/api/auth/external-login/${org.id}/start?redirect_to=%2Fwelcome`,
    );
    const plain = await createOrganisation(h.deps);
    for (const q of [`referrer=${plain.key}`, "referrer=no-such-organisation", ""]) {
      const r = await call(h.app, "GET", `/auth/login/sso?${q}`, { ip: randomIp() });
      expect(r.status).toBe(302);
      expect(r.res.headers.location).toBe(`${site}/auth/login?error=SSO_NOT_CONFIGURED`);
    }
  });

  it("stores the client secret sealed: the column is not the secret, and opens to it with the data key", async () => {
    const org = await ssoOrganisation();
    const row = await h.deps.prisma.organisation.findUniqueOrThrow({ where: { id: org.id } });
    expect(row.oidcClientSecret).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(row.oidcClientSecret).not.toBe(org.clientSecret);
    expect(row.oidcClientSecret).not.toContain(org.clientSecret);
    expect(row.oidcClientSecret).toMatch(/^v1\./);
    const box = new SecretBox(h.deps.config.dataEncryptionKey, "oidc-client-secret");
    expect(box.open(row.oidcClientSecret as string)).toBe(org.clientSecret);
    // Another purpose's key does not open it.
    expect(() =>
      new SecretBox(h.deps.config.dataEncryptionKey, "other").open(row.oidcClientSecret as string),
    ).toThrow();
  });
});
