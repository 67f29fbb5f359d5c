// Onboarding by link (REQ-AUTH-05): an account made for someone gets an e-mailed link; the
// page shows whom it is for, and one submission sets the password and governing body.
import { randomUUID } from "node:crypto";
import { LIFECYCLE, LIFECYCLE_MESSAGES as M } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { sha256 } from "../src/lib/crypto.js";
import { createOnboardingLink } from "../src/modules/registration/onboarding.js";
import { login } from "./factories.js";
import { call as callFrom, createOrganisation, createUser, randomIp, refusal, useApp } from "./harness.js";
import { type MailDevEmail, waitForNewMail } from "./mail.js";

const h = useApp({ worker: true });

const call = (...[app, method, url, opts = {}]: Parameters<typeof callFrom>) =>
  callFrom(app, method, url, { ip: randomIp(), ...opts });

const NEW_PASSWORD = "Onboarded-Pass-7";
const isOnboarding = (m: MailDevEmail) => m.subject.endsWith("has set up a CPD account for you");

/** An account an organisation made: no password yet, address not confirmed. */
async function addedUser(firstName = "Olive") {
  const org = await createOrganisation(h.deps, { name: `Trust ${randomUUID().slice(0, 6)}` });
  const user = await h.deps.prisma.user.create({
    data: {
      email: `onboard-${randomUUID()}@test.example`,
      organisationId: org.id,
      roles: { create: [{ role: "User-Basic" }] },
      profile: { create: { firstName, lastName: "Onboard", governingBodies: ["HCPC"] } },
      membership: { create: { tier: "CORPORATE", active: true } },
    },
  });
  return { user, org };
}

/** Sends a link the way the product does and reads it from the e-mail. */
async function linkFor(userId: string, email: string, seen = new Set<string>()) {
  await createOnboardingLink(h.deps, userId);
  const mail = await waitForNewMail(email, isOnboarding, seen);
  const prefix = `${h.deps.config.publicUrl}/v2/auth/onboard/`;
  const at = mail.text.indexOf(prefix);
  expect(at).toBeGreaterThanOrEqual(0);
  const token = /^[A-Za-z0-9_-]+/.exec(mail.text.slice(at + prefix.length))?.[0] ?? "";
  expect(token.length).toBeGreaterThanOrEqual(40);
  expect(mail.html).toContain(`href="${prefix}${token}"`);
  return { token, mail };
}

const open = (token: string) => call(h.app, "GET", `/auth/onboarding/${token}`);
const submit = (token: string, body: unknown) => call(h.app, "POST", `/auth/onboarding/${token}`, { body });

describe("onboarding by link", () => {
  it("shows the account, sets password and governing body once, confirms the address; the link is then gone", async () => {
    const { user, org } = await addedUser();
    const { token, mail } = await linkFor(user.id, user.email);
    expect(mail.subject).toBe(`${org.name} has set up a CPD account for you`);
    expect(mail.text).toContain(`${LIFECYCLE.onboardingLinkDays} days`);
    const row = await h.deps.prisma.accountLinkToken.findUniqueOrThrow({
      where: { tokenHash: sha256(token) },
    });
    expect(row).toMatchObject({ userId: user.id, purpose: "onboarding", usedAt: null });
    const days = (row.expiresAt.getTime() - row.createdAt.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(LIFECYCLE.onboardingLinkDays);

    const shown = await open(token);
    expect([shown.status, shown.body]).toEqual([
      200,
      { email: user.email, firstName: "Olive", organisationName: org.name },
    ]);
    // No password yet: nothing logs in.
    expect((await login(h, user.email, NEW_PASSWORD)).status).toBe(401);

    const done = await submit(token, { password: NEW_PASSWORD, governingBody: "NMC" });
    expect([done.status, done.body]).toEqual([200, { message: M.onboarded }]);
    const after = await h.deps.prisma.user.findUniqueOrThrow({
      where: { id: user.id },
      include: { profile: true },
    });
    expect(after.emailConfirmedAt).not.toBeNull();
    expect(after.profile?.governingBodies).toEqual(["NMC"]);
    expect((await login(h, user.email, NEW_PASSWORD)).status).toBe(200);

    expect(refusal(await open(token))).toEqual([404, "ONBOARDING_INVALID", M.onboardingInvalid]);
    expect(refusal(await submit(token, { password: "Another-pass-1", governingBody: "HCPC" }))).toEqual([
      404,
      "ONBOARDING_INVALID",
      M.onboardingInvalid,
    ]);
    expect((await login(h, user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("saves no governing body for 'Other / None', retires earlier sessions and other links", async () => {
    const u = await createUser(h.deps);
    const seen = new Set<string>();
    const first = await linkFor(u.id, u.email, seen);
    const second = await linkFor(u.id, u.email, seen);
    expect(first.token).not.toBe(second.token);
    expect((await call(h.app, "GET", "/profile", { token: u.token })).status).toBe(200);
    const confirmedAt = (await h.deps.prisma.user.findUniqueOrThrow({ where: { id: u.id } }))
      .emailConfirmedAt;

    expect(
      (await submit(second.token, { password: NEW_PASSWORD, governingBody: "Other / None" })).status,
    ).toBe(200);
    const after = await h.deps.prisma.user.findUniqueOrThrow({
      where: { id: u.id },
      include: { profile: true },
    });
    expect(after.profile?.governingBodies).toEqual([]);
    // An address confirmed before keeps its first confirmation.
    expect(after.emailConfirmedAt).toEqual(confirmedAt);
    expect((await call(h.app, "GET", "/profile", { token: u.token })).status).toBe(401);
    expect((await open(first.token)).body.code).toBe("ONBOARDING_INVALID");
  });

  it("refuses an expired link on both calls and sets nothing", async () => {
    const { user } = await addedUser();
    const { token } = await linkFor(user.id, user.email);
    await h.deps.prisma.accountLinkToken.update({
      where: { tokenHash: sha256(token) },
      data: { expiresAt: new Date(Date.now() - 1_000) },
    });
    expect(refusal(await open(token))).toEqual([404, "ONBOARDING_INVALID", M.onboardingInvalid]);
    expect((await submit(token, { password: NEW_PASSWORD, governingBody: "HCPC" })).status).toBe(404);
    expect(await h.deps.prisma.credential.count({ where: { userId: user.id } })).toBe(0);
    expect(
      (await h.deps.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).emailConfirmedAt,
    ).toBeNull();
  });

  it("follows the injected clock: a link is valid until its expiry and not after", async () => {
    const { user } = await addedUser();
    const { token } = await linkFor(user.id, user.email);
    const row = await h.deps.prisma.accountLinkToken.findUniqueOrThrow({
      where: { tokenHash: sha256(token) },
    });
    const realNow = h.deps.now;
    try {
      h.deps.now = () => new Date(row.expiresAt.getTime() - 1_000);
      expect((await open(token)).status).toBe(200);
      h.deps.now = () => new Date(row.expiresAt.getTime() + 1_000);
      expect((await open(token)).status).toBe(404);
      expect((await submit(token, { password: NEW_PASSWORD, governingBody: "HCPC" })).status).toBe(404);
    } finally {
      h.deps.now = realNow;
    }
    expect((await open(token)).status).toBe(200);
  });

  it("lets one of two racing submissions through: one 200, one 404", async () => {
    const { user } = await addedUser();
    const { token } = await linkFor(user.id, user.email);
    const answers = await Promise.all([
      submit(token, { password: NEW_PASSWORD, governingBody: "HCPC" }),
      submit(token, { password: "Racing-Pass-22", governingBody: "NRCPD" }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
    const winner = answers.findIndex((a) => a.status === 200);
    const after = await h.deps.prisma.profile.findUniqueOrThrow({ where: { userId: user.id } });
    expect(after.governingBodies).toEqual([winner === 0 ? "HCPC" : "NRCPD"]);
    expect((await login(h, user.email, winner === 0 ? NEW_PASSWORD : "Racing-Pass-22")).status).toBe(200);
    expect((await login(h, user.email, winner === 0 ? "Racing-Pass-22" : NEW_PASSWORD)).status).toBe(401);
  });

  it("answers unknown links 404 and hostile input 400, never a 5xx, setting nothing", async () => {
    const unknown = "B".repeat(43);
    expect(refusal(await open(unknown))).toEqual([404, "ONBOARDING_INVALID", M.onboardingInvalid]);
    expect((await submit(unknown, { password: NEW_PASSWORD, governingBody: "HCPC" })).status).toBe(404);
    for (const bad of ["short", "%00".repeat(10), "a.b.c".padEnd(30, "z"), "%ED%A0%80".repeat(8)]) {
      expect((await open(bad)).status, bad).toBe(400);
      expect((await submit(bad, { password: NEW_PASSWORD, governingBody: "HCPC" })).status, bad).toBe(400);
    }
    // Past the router's segment limit: its own 4xx in the envelope.
    expect(refusal(await open("x".repeat(129))).slice(0, 2)).toEqual([414, "URI_TOO_LONG"]);
    const { user } = await addedUser();
    const { token } = await linkFor(user.id, user.email);
    const bodies: unknown[] = [
      { password: NEW_PASSWORD, governingBody: "Other" },
      { password: NEW_PASSWORD, governingBody: null },
      { password: null, governingBody: "HCPC" },
      { password: "short", governingBody: "HCPC" },
      { password: "Pass\u0000word-1", governingBody: "HCPC" },
      { password: "Pass\uD800word-1", governingBody: "HCPC" },
      { password: NEW_PASSWORD },
      [],
      null,
    ];
    for (const body of bodies) {
      const res = await submit(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    // Nothing used the link up.
    expect((await open(token)).status).toBe(200);
    expect(await h.deps.prisma.credential.count({ where: { userId: user.id } })).toBe(0);
  });
});
