// Registration, e-mail confirmation and login before confirming (REQ-AUTH-04), black-box through
// HTTP and the real e-mails the worker sends (MailDev), with the running captcha fake.
import { randomUUID } from "node:crypto";
import { LIFECYCLE, LIFECYCLE_MESSAGES as M, TRIAL_MONTHS } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { SiteverifyCaptchaConnector } from "../src/connectors/captcha/connector.js";
import { addMonths } from "../src/lib/dates.js";
import { login } from "./factories.js";
import {
  call as callFrom,
  createUser,
  jobsSettled,
  PASSWORD,
  randomIp,
  refusal,
  useApp,
  whileRedisDown,
} from "./harness.js";
import { type MailDevEmail, mailCaughtUp, mailsTo, waitForNewMail } from "./mail.js";

const h = useApp({ worker: true });

/** Each call from its own address: registration is limited to 5 a minute per address. */
const call = (...[app, method, url, opts = {}]: Parameters<typeof callFrom>) =>
  callFrom(app, method, url, { ip: randomIp(), ...opts });

const pass = () => `fake-pass-${randomUUID()}`;
const newAddress = () => `reg-${randomUUID()}@test.example`;
const form = (over: Record<string, unknown> = {}) => ({
  firstName: "Robin",
  lastName: "Register",
  email: newAddress(),
  password: PASSWORD,
  phoneNumber: "07912 345678",
  jobTitle: "Paramedic",
  recaptchaToken: pass(),
  ...over,
});
const register = (body: unknown) => call(h.app, "POST", "/auth/register", { body });
const usersWith = (email: string) =>
  h.deps.prisma.user.count({ where: { email: { equals: email, mode: "insensitive" } } });

const isConfirmation = (m: MailDevEmail) => m.subject === "Confirm your CPD account's email address";
const isAlreadyRegistered = (m: MailDevEmail) =>
  m.subject === "Someone tried to register with your email address";

/** The token of the confirmation link in an e-mail (text and HTML must carry the same link). */
function confirmationToken(mail: MailDevEmail): string {
  const prefix = `${h.deps.config.publicUrl}/v2/auth/confirm-email/`;
  const found = new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}([A-Za-z0-9_-]+)`).exec(
    mail.text,
  );
  if (!found?.[1]) throw new Error(`no confirmation link in: ${mail.text}`);
  expect(mail.html).toContain(`href="${prefix}${found[1]}"`);
  return found[1];
}

describe("GET auth/captcha", () => {
  it("answers what the form needs from the configured captcha, and enabled false without one", async () => {
    const captcha = h.deps.config.captcha;
    expect(captcha).not.toBeNull();
    const res = await call(h.app, "GET", "/auth/captcha");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ enabled: true, siteKey: captcha?.siteKey, scriptUrl: captcha?.scriptUrl });
    const saved = h.deps.config.captcha;
    h.deps.config.captcha = null;
    try {
      const off = await call(h.app, "GET", "/auth/captcha");
      expect(off.body).toEqual({ enabled: false, siteKey: null, scriptUrl: null });
    } finally {
      h.deps.config.captcha = saved;
    }
  });
});

describe("POST auth/register", () => {
  it("registers, mails a link, refuses login until confirmed, then logs in to a 3-month trial", async () => {
    const body = form({ email: `Mixed.Case-${randomUUID()}@Test.Example` });
    const email = body.email.toLowerCase();
    const res = await register(body);
    expect([res.status, res.body]).toEqual([201, { message: M.registered }]);

    const user = await h.deps.prisma.user.findUniqueOrThrow({
      where: { email },
      include: { roles: true, profile: true, membership: true, trial: true, credential: true },
    });
    expect(user.emailConfirmedAt).toBeNull();
    expect(user.roles.map((r) => r.role)).toEqual(["User-Basic"]);
    expect(user.profile).toMatchObject({
      firstName: "Robin",
      lastName: "Register",
      jobTitle: "Paramedic",
      mobileNumber: "07912 345678",
    });
    expect(user.membership).toMatchObject({ tier: "BASIC", active: false });
    expect(user.credential?.passwordHash).not.toContain(PASSWORD);
    const log = await h.deps.prisma.activityLog.findFirstOrThrow({
      where: { action: "account.registered", actorId: user.id },
    });
    expect(JSON.stringify(log.details)).not.toMatch(/robin|register|@/i);

    const mail = await waitForNewMail(email, isConfirmation);
    const token = confirmationToken(mail);
    expect(mail.text).toContain("Hello Robin,");

    // The right password before confirming: 403 with its own code; a wrong one stays 401.
    expect(refusal(await login(h, body.email))).toEqual([403, "EMAIL_NOT_CONFIRMED", M.emailNotConfirmed]);
    expect((await login(h, email, "wrong-password")).body.code).toBe("INVALID_CREDENTIALS");

    const confirmed = await call(h.app, "POST", `/auth/confirm-email/${token}`);
    expect([confirmed.status, confirmed.body]).toEqual([200, { message: M.confirmed }]);
    // Single use.
    expect(refusal(await call(h.app, "POST", `/auth/confirm-email/${token}`))).toEqual([
      400,
      "CONFIRMATION_INVALID",
      M.confirmationInvalid,
    ]);

    const session = await login(h, email);
    expect(session.status).toBe(200);
    const profile = await call(h.app, "GET", "/profile", { token: session.body.token });
    expect(profile.status).toBe(200);
    expect(profile.body.emailAddress).toBe(email);
    expect(profile.body.trialStatus).toMatchObject({
      isTrialUser: true,
      isTrialExpired: false,
      trialEndDate: addMonths(h.deps.today(), TRIAL_MONTHS),
      accountCreatedDate: h.deps.today(),
    });
    expect(profile.body.fullMember).toBe(false);
  });

  it("re-sends a confirmation at login at most once per resend period, and an earlier link still works", async () => {
    const body = form();
    expect((await register(body)).status).toBe(201);
    const seen = new Set<string>();
    const first = confirmationToken(await waitForNewMail(body.email, isConfirmation, seen));
    // Within the period of the registration's own e-mail: refused, nothing new sent.
    expect((await login(h, body.email)).body.code).toBe("EMAIL_NOT_CONFIRMED");
    const realNow = h.deps.now;
    try {
      const later = Date.now() + (LIFECYCLE.confirmationResendMinutes + 1) * 60_000;
      h.deps.now = () => new Date(later);
      expect((await login(h, body.email)).body.code).toBe("EMAIL_NOT_CONFIRMED");
      expect((await login(h, body.email)).body.code).toBe("EMAIL_NOT_CONFIRMED");
    } finally {
      h.deps.now = realNow;
    }
    const second = confirmationToken(await waitForNewMail(body.email, isConfirmation, seen));
    expect(second).not.toBe(first);
    // Every e-mail job of the account done: a third confirmation would be in MailDev by now.
    const { id: userId } = await h.deps.prisma.user.findUniqueOrThrow({
      where: { email: body.email.toLowerCase() },
    });
    await jobsSettled(h, (data) => data.userId === userId);
    await mailCaughtUp(h.deps.config.smtp);
    expect((await mailsTo(body.email)).filter(isConfirmation)).toHaveLength(2);
    // Either link confirms; once one has, the other is gone.
    expect((await call(h.app, "POST", `/auth/confirm-email/${first}`)).status).toBe(200);
    expect((await call(h.app, "POST", `/auth/confirm-email/${second}`)).body.code).toBe(
      "CONFIRMATION_INVALID",
    );
    expect((await login(h, body.email)).status).toBe(200);
  });

  it("answers a registered address the same, creates nothing and mails the owner instead", async () => {
    const owner = await createUser(h.deps, { firstName: "Owner" });
    const fresh = await register(form());
    const taken = await register(
      form({ email: owner.email.toUpperCase(), firstName: "Mallory", password: "Other-pass-1" }),
    );
    expect([taken.status, taken.body]).toEqual([fresh.status, fresh.body]);
    expect(taken.status).toBe(201);
    const mail = await waitForNewMail(owner.email, isAlreadyRegistered);
    expect(mail.text).toContain("Hello Owner,");
    expect(mail.text).toContain(`${h.deps.config.publicUrl}/forgot-password`);
    expect(await usersWith(owner.email)).toBe(1);
    const profile = await call(h.app, "GET", "/profile", { token: owner.token });
    expect(profile.body.firstName).toBe("Owner");
    // The owner's password is unchanged, the intruder's does not work.
    expect((await login(h, owner.email)).status).toBe(200);
    expect((await login(h, owner.email, "Other-pass-1")).status).toBe(401);
    expect((await mailsTo(owner.email)).filter(isConfirmation)).toHaveLength(0);
  });

  it("refuses a failed, reused or missing captcha with 400 CAPTCHA_FAILED and creates nothing", async () => {
    const failed = form({ recaptchaToken: "i-am-a-robot" });
    expect(refusal(await register(failed))).toEqual([400, "CAPTCHA_FAILED", M.captchaFailed]);
    expect(await usersWith(failed.email)).toBe(0);

    const token = pass();
    expect((await register(form({ recaptchaToken: token }))).status).toBe(201);
    const reused = form({ recaptchaToken: token });
    expect(refusal(await register(reused))).toEqual([400, "CAPTCHA_FAILED", M.captchaFailed]);
    expect(await usersWith(reused.email)).toBe(0);

    const { recaptchaToken: _, ...missing } = form();
    expect(refusal(await register(missing))).toEqual([400, "CAPTCHA_FAILED", M.captchaFailed]);
    expect(await usersWith(missing.email)).toBe(0);
  });

  it("answers 503 when the captcha service cannot be reached, and skips the check when none is configured", async () => {
    const saved = h.deps.captcha;
    try {
      h.deps.captcha = new SiteverifyCaptchaConnector("http://127.0.0.1:9/siteverify", "secret", 500);
      const down = form();
      const res = await register(down);
      expect([res.status, res.body.code]).toEqual([503, "SERVICE_UNAVAILABLE"]);
      expect(await usersWith(down.email)).toBe(0);

      h.deps.captcha = null;
      const { recaptchaToken: _, ...noCaptcha } = form();
      expect((await register(noCaptcha)).status).toBe(201);
      expect(await usersWith(noCaptcha.email)).toBe(1);
    } finally {
      h.deps.captcha = saved;
    }
  });

  it("refuses a phone number the profile would refuse with 400 INVALID_MOBILE, creating nothing", async () => {
    for (const phoneNumber of ["12345", "not a number", "0770090012345678"]) {
      const body = form({ phoneNumber });
      const res = await register(body);
      expect([res.status, res.body.code], phoneNumber).toEqual([400, "INVALID_MOBILE"]);
      expect(await usersWith(body.email)).toBe(0);
    }
    const none = form({ phoneNumber: null, jobTitle: null });
    expect((await register(none)).status).toBe(201);
    const profile = await h.deps.prisma.profile.findFirstOrThrow({ where: { user: { email: none.email } } });
    expect([profile.mobileNumber, profile.jobTitle]).toEqual([null, null]);
  });

  it("makes one account of racing registrations of one address, every answer 201", async () => {
    const email = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => register(form({ email, firstName: `Racer${i}` }))),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(await usersWith(email)).toBe(1);
    const user = await h.deps.prisma.user.findUniqueOrThrow({ where: { email }, include: { profile: true } });
    expect(
      await h.deps.prisma.activityLog.count({ where: { action: "account.registered", actorId: user.id } }),
    ).toBe(1);
    // The winner's confirmation arrives and works.
    const token = confirmationToken(await waitForNewMail(email, isConfirmation));
    expect((await call(h.app, "POST", `/auth/confirm-email/${token}`)).status).toBe(200);
  });

  it("answers 503 and leaves no account when the e-mail cannot be queued; a retry then works", async () => {
    const body = form();
    await whileRedisDown(h, async () => {
      const res = await register(body);
      expect([res.status, res.body.code]).toEqual([503, "SERVICE_UNAVAILABLE"]);
    });
    expect(await usersWith(body.email)).toBe(0);
    expect((await register({ ...body, recaptchaToken: pass() })).status).toBe(201);
    expect(await usersWith(body.email)).toBe(1);
  });

  it("refuses hostile input with a 400, never a 5xx, and creates nothing", async () => {
    const cases: Record<string, unknown>[] = [
      { firstName: "Ro\u0000bin" },
      { lastName: "x\uD800" },
      { lastName: "\uDC00y" },
      { jobTitle: "a\u0000" },
      { phoneNumber: "\uD800" },
      { firstName: null },
      { lastName: null },
      { password: null },
      { recaptchaToken: null },
      { firstName: "   " },
      { password: "short" },
      { firstName: "x".repeat(101) },
      { recaptchaToken: "" },
      { recaptchaToken: 42 },
    ];
    for (const over of cases) {
      const body = form(over);
      const res = await register(body);
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(await usersWith(String(body.email))).toBe(0);
    }
    for (const email of [
      null,
      "a\u0000@b.co",
      "x\uD800@test.example",
      "no-at-sign",
      `${"a".repeat(300)}@b.co`,
      7,
    ]) {
      const res = await register(form({ email }));
      expect(res.status, JSON.stringify(email)).toBe(400);
    }
    for (const payload of ["[]", "null", '"text"', "{", '{"email": "a@b.co"}']) {
      const res = await call(h.app, "POST", "/auth/register", {
        payload,
        headers: { "content-type": "application/json" },
      });
      expect(res.status, payload).toBe(400);
    }
  });
});

describe("POST auth/validate-email", () => {
  const validate = (email: unknown) => call(h.app, "POST", "/auth/validate-email", { body: { email } });

  it("tells invalid, registered and available addresses apart by the registration's own rule", async () => {
    const owner = await createUser(h.deps);
    expect((await validate("not-an-address")).body).toEqual({
      valid: false,
      registered: false,
      message: M.emailInvalid,
    });
    expect((await validate("a b@test.example")).body.valid).toBe(false);
    expect((await validate(owner.email.toUpperCase())).body).toEqual({
      valid: true,
      registered: true,
      message: M.emailRegistered,
    });
    const fresh = newAddress();
    expect((await validate(fresh)).body).toEqual({
      valid: true,
      registered: false,
      message: M.emailAvailable,
    });
    // What it calls available, registration accepts; what it calls invalid, registration refuses.
    expect((await register(form({ email: fresh }))).status).toBe(201);
    expect((await validate(fresh)).body.registered).toBe(true);
    expect((await register(form({ email: "a b@test.example" }))).status).toBe(400);
  });

  it("refuses hostile input with a 400", async () => {
    for (const email of [null, 5, "a\u0000@b.co", "x\uD800@b.co", "a".repeat(321)])
      expect((await validate(email)).status, JSON.stringify(email)).toBe(400);
    expect((await call(h.app, "POST", "/auth/validate-email", { body: {} })).status).toBe(400);
  });
});

describe("POST auth/confirm-email/:id", () => {
  it("refuses unknown, malformed and expired links without confirming anything", async () => {
    const unknown = await call(h.app, "POST", `/auth/confirm-email/${"A".repeat(43)}`);
    expect(refusal(unknown)).toEqual([400, "CONFIRMATION_INVALID", M.confirmationInvalid]);
    for (const bad of ["short", "has.dot".padEnd(30, "x"), "%00".repeat(10), "%F0%9F%98%80".repeat(8)]) {
      const res = await call(h.app, "POST", `/auth/confirm-email/${bad}`);
      expect(res.status, bad).toBe(400);
    }
    // Past the router's segment limit: its own 4xx in the envelope.
    const long = await call(h.app, "POST", `/auth/confirm-email/${"x".repeat(129)}`);
    expect([long.status, long.body.code]).toEqual([414, "URI_TOO_LONG"]);

    const body = form();
    expect((await register(body)).status).toBe(201);
    const token = confirmationToken(await waitForNewMail(body.email, isConfirmation));
    await h.deps.prisma.accountLinkToken.updateMany({
      where: { user: { email: body.email }, purpose: "confirm-email" },
      data: { expiresAt: new Date(Date.now() - 1_000) },
    });
    expect((await call(h.app, "POST", `/auth/confirm-email/${token}`)).body.code).toBe(
      "CONFIRMATION_INVALID",
    );
    const user = await h.deps.prisma.user.findUniqueOrThrow({
      where: { email: body.email.toLowerCase() },
    });
    expect(user.emailConfirmedAt).toBeNull();
  });

  it("confirms once when the same link is used twice at once", async () => {
    const body = form();
    expect((await register(body)).status).toBe(201);
    const token = confirmationToken(await waitForNewMail(body.email, isConfirmation));
    const answers = await Promise.all(
      [1, 2, 3].map(() => call(h.app, "POST", `/auth/confirm-email/${token}`)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
  });
});
