// Verifying the profile's mobile number and alternative e-mail address, through the API with the
// real worker, the fake SMS gateway and MailDev: codes are read where a person would read them.
import { randomInt, randomUUID } from "node:crypto";
import { LIFECYCLE, LIFECYCLE_MESSAGES as M, SUPERVISION_MESSAGES } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { HttpSmsConnector } from "../src/connectors/sms/connector.js";
import { call, createUser, randomIp, refusal, type TestUser, useApp } from "./harness.js";
import { queuedPayloads } from "./job-payloads.js";
import { waitForNewMail } from "./mail.js";
import { smsTo, waitForSms } from "./sms.js";

const h = useApp({ worker: true });

const START_MOBILE = "/profile/start-mobile-number-verification";
const COMPLETE_MOBILE = "/profile/complete-mobile-number-verification";
const START_EMAIL = "/profile/start-alternative-email-verification";
const COMPLETE_EMAIL = "/profile/complete-alternative-email-verification";

/** A fresh UK mobile number: as typed in the profile, and as the gateway sees it (E.164). */
function newMobile() {
  const digits = String(randomInt(0, 1_000_000)).padStart(6, "0");
  return { typed: `07912 ${digits}`, e164: `+447912${digits}` };
}

const codeIn = (text: string) => {
  const m = /\b(\d{6})\b/.exec(text);
  if (!m?.[1]) throw new Error(`no code in "${text}"`);
  return m[1];
};

const putProfile = (u: TestUser, details: object) =>
  call(h.app, "PUT", "/profile", {
    token: u.token,
    body: { firstName: "Test", lastName: "User", ...details },
  });
const profile = async (u: TestUser) => (await call(h.app, "GET", "/profile", { token: u.token })).body;
// Each call from its own address: the per-address limits are not what these tests are about.
const post = (u: TestUser, url: string, body?: object) =>
  call(h.app, "POST", url, { token: u.token, body, ip: randomIp() });

/** A user with a mobile number, and the code texted to it after starting a verification. */
async function withMobileCode() {
  const u = await createUser(h.deps);
  const mobile = newMobile();
  expect((await putProfile(u, { mobileNumber: mobile.typed })).status).toBe(200);
  const start = await post(u, START_MOBILE);
  expect([start.status, start.body]).toEqual([200, { message: M.codeSentMobile }]);
  const sms = await waitForSms(mobile.e164);
  return { u, mobile, code: codeIn(sms.body), sms };
}

/** A user with an alternative address, and the code mailed to it after starting a verification. */
async function withEmailCode() {
  const u = await createUser(h.deps);
  const alternative = `alt-${randomUUID()}@test.example`;
  expect((await putProfile(u, { alternativeEmail: alternative })).status).toBe(200);
  const start = await post(u, START_EMAIL);
  expect([start.status, start.body]).toEqual([200, { message: M.codeSentEmail }]);
  const mail = await waitForNewMail(alternative, () => true);
  return { u, alternative, code: codeIn(mail.text), mail };
}

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

/** Moves the API's clock by `ms` for the duration of `fn`. */
async function later<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  const realNow = h.deps.now;
  h.deps.now = () => new Date(Date.now() + ms);
  try {
    return await fn();
  } finally {
    h.deps.now = realNow;
  }
}

describe("mobile number verification", () => {
  it("texts a 6-digit code to the profile's number; the right code verifies it and the badge shows", async () => {
    const { u, mobile, code, sms } = await withMobileCode();
    expect(sms.body).toContain(`${LIFECYCLE.verificationCodeMinutes} minutes`);
    expect(await profile(u)).toMatchObject({ mobileNumber: mobile.typed, mobileVerified: false });
    // Only a keyed hash of the code is kept.
    const row = await h.deps.prisma.contactVerification.findUniqueOrThrow({
      where: { userId_channel: { userId: u.id, channel: "mobile" } },
    });
    expect(row.codeHash).not.toContain(code);
    expect(row.codeHash.length).toBeGreaterThanOrEqual(32);

    const done = await post(u, COMPLETE_MOBILE, { verificationCode: code });
    expect([done.status, done.body]).toEqual([200, { verified: true, message: M.mobileVerified }]);
    expect(await profile(u)).toMatchObject({ mobileVerified: true, alternativeEmailVerified: false });

    // Single use, and nothing more to verify.
    expect(refusal(await post(u, COMPLETE_MOBILE, { verificationCode: code }))).toEqual([
      400,
      "CODE_EXPIRED",
      M.codeExpired,
    ]);
    expect(refusal(await post(u, START_MOBILE))).toEqual([409, "ALREADY_VERIFIED", M.alreadyVerified]);
  });

  it("refuses to start without a number, and to complete without a pending code", async () => {
    const u = await createUser(h.deps);
    expect(refusal(await post(u, START_MOBILE))).toEqual([400, "NO_MOBILE", M.noMobile]);
    expect(refusal(await post(u, COMPLETE_MOBILE, { verificationCode: "123456" }))).toEqual([
      400,
      "CODE_EXPIRED",
      M.codeExpired,
    ]);
  });

  it("counts wrong codes: four may be followed by the right one", async () => {
    const { u, code } = await withMobileCode();
    for (let i = 0; i < LIFECYCLE.verificationMaxAttempts - 1; i++) {
      expect(refusal(await post(u, COMPLETE_MOBILE, { verificationCode: wrongOf(code) }))).toEqual([
        400,
        "CODE_INVALID",
        M.codeWrong,
      ]);
    }
    expect((await post(u, COMPLETE_MOBILE, { verificationCode: code })).status).toBe(200);
    expect((await profile(u)).mobileVerified).toBe(true);
  });

  it("burns the code at the fifth wrong one: the right code no longer works", async () => {
    const { u, code } = await withMobileCode();
    const answers = [];
    for (let i = 0; i < LIFECYCLE.verificationMaxAttempts; i++) {
      answers.push(refusal(await post(u, COMPLETE_MOBILE, { verificationCode: wrongOf(code) }))[1]);
    }
    expect(answers).toEqual([
      "CODE_INVALID",
      "CODE_INVALID",
      "CODE_INVALID",
      "CODE_INVALID",
      "CODE_ATTEMPTS",
    ]);
    expect(refusal(await post(u, COMPLETE_MOBILE, { verificationCode: code }))[1]).toBe("CODE_EXPIRED");
    expect((await profile(u)).mobileVerified).toBe(false);
  });

  it("expires a code after 15 minutes", async () => {
    const { u, code } = await withMobileCode();
    const expired = await later(LIFECYCLE.verificationCodeMinutes * 60_000 + 1_000, () =>
      post(u, COMPLETE_MOBILE, { verificationCode: code }),
    );
    expect(refusal(expired)).toEqual([400, "CODE_EXPIRED", M.codeExpired]);
    expect((await profile(u)).mobileVerified).toBe(false);
  });

  it("sends at most one code every 30 seconds (429 with Retry-After); a new code replaces the old", async () => {
    const { u, mobile, code: first } = await withMobileCode();
    const again = await post(u, START_MOBILE);
    expect(refusal(again)).toEqual([429, "TOO_MANY_REQUESTS", SUPERVISION_MESSAGES.codeWait]);
    const wait = Number(again.res.headers["retry-after"]);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(LIFECYCLE.verificationResendSeconds);
    expect((await smsTo(mobile.e164)).length).toBe(1);

    const resent = await later((LIFECYCLE.verificationResendSeconds + 1) * 1000, () => post(u, START_MOBILE));
    expect(resent.status).toBe(200);
    const second = codeIn((await waitForSms(mobile.e164, (m) => codeIn(m.body) !== first)).body);
    expect(refusal(await post(u, COMPLETE_MOBILE, { verificationCode: first }))[1]).toBe("CODE_INVALID");
    expect((await post(u, COMPLETE_MOBILE, { verificationCode: second })).status).toBe(200);
  });

  it("lets only one of two racing right answers through", async () => {
    const { u, code } = await withMobileCode();
    const both = await Promise.all([
      post(u, COMPLETE_MOBILE, { verificationCode: code }),
      post(u, COMPLETE_MOBILE, { verificationCode: code }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)?.body.code).toBe("CODE_EXPIRED");
    expect((await profile(u)).mobileVerified).toBe(true);
  });

  it("voids a code sent to a number the profile no longer holds, and resets the badge on a change", async () => {
    const { u, code } = await withMobileCode();
    const other = newMobile();
    expect((await putProfile(u, { mobileNumber: other.typed })).status).toBe(200);
    expect(refusal(await post(u, COMPLETE_MOBILE, { verificationCode: code }))).toEqual([
      400,
      "CODE_EXPIRED",
      M.codeExpired,
    ]);
    expect((await profile(u)).mobileVerified).toBe(false);

    // The change removed the pending code: a new one may be asked for at once. Verified, then
    // saved unchanged (kept), then changed (reset).
    expect((await post(u, START_MOBILE)).status).toBe(200);
    const fresh = codeIn((await waitForSms(other.e164)).body);
    expect((await post(u, COMPLETE_MOBILE, { verificationCode: fresh })).status).toBe(200);
    expect((await putProfile(u, { mobileNumber: other.typed, jobTitle: "Nurse" })).body.mobileVerified).toBe(
      true,
    );
    expect((await putProfile(u, { mobileNumber: newMobile().typed })).body.mobileVerified).toBe(false);
    expect((await profile(u)).mobileVerified).toBe(false);
  });

  it("answers 503 when texts cannot be sent, and the user may retry at once", async () => {
    const u = await createUser(h.deps);
    const mobile = newMobile();
    await putProfile(u, { mobileNumber: mobile.typed });
    const real = h.deps.sms;
    try {
      h.deps.sms = null;
      expect(refusal(await post(u, START_MOBILE))).toEqual([503, "SMS_UNAVAILABLE", M.smsUnavailable]);
      // A gateway that is down (nothing listens on the port).
      h.deps.sms = new HttpSmsConnector("http://127.0.0.1:9", "key", "CPD", 2_000);
      expect(refusal(await post(u, START_MOBILE))).toEqual([503, "SMS_UNAVAILABLE", M.smsUnavailable]);
    } finally {
      h.deps.sms = real;
    }
    expect((await post(u, START_MOBILE)).status).toBe(200);
    const code = codeIn((await waitForSms(mobile.e164)).body);
    expect((await post(u, COMPLETE_MOBILE, { verificationCode: code })).status).toBe(200);
  });
});

describe("alternative e-mail verification", () => {
  it("mails a code to the alternative address; the right code verifies it; the job carries no code", async () => {
    const { u, alternative, code, mail } = await withEmailCode();
    expect(mail.subject).toMatch(/verification code/i);
    expect(await profile(u)).toMatchObject({
      emailAddress: u.email,
      alternativeEmail: alternative,
      alternativeEmailVerified: false,
    });

    const payloads = await queuedPayloads(h.deps, "contact-email", u.id);
    expect(payloads.map((p) => Object.keys(p).sort())).toEqual([["kind", "requestedAt", "userId"]]);
    expect(JSON.stringify(payloads)).not.toContain(code);
    expect(JSON.stringify(payloads)).not.toContain(alternative);

    expect(refusal(await post(u, COMPLETE_EMAIL, { verificationCode: wrongOf(code) }))).toEqual([
      400,
      "CODE_INVALID",
      M.codeWrong,
    ]);
    const done = await post(u, COMPLETE_EMAIL, { verificationCode: code });
    expect([done.status, done.body]).toEqual([200, { verified: true, message: M.alternativeEmailVerified }]);
    expect(await profile(u)).toMatchObject({ alternativeEmailVerified: true, mobileVerified: false });
    expect(refusal(await post(u, START_EMAIL))).toEqual([409, "ALREADY_VERIFIED", M.alreadyVerified]);
  });

  it("refuses to start without an alternative address", async () => {
    const u = await createUser(h.deps);
    expect(refusal(await post(u, START_EMAIL))).toEqual([400, "NO_ALTERNATIVE_EMAIL", M.noAlternativeEmail]);
  });

  it("keeps the cooldown, and voids the code when the address changes", async () => {
    const { u, code } = await withEmailCode();
    const again = await post(u, START_EMAIL);
    expect(again.status).toBe(429);
    expect(Number(again.res.headers["retry-after"])).toBeGreaterThanOrEqual(1);

    expect((await putProfile(u, { alternativeEmail: `alt-${randomUUID()}@test.example` })).status).toBe(200);
    expect(refusal(await post(u, COMPLETE_EMAIL, { verificationCode: code }))[1]).toBe("CODE_EXPIRED");
    // The change removed the pending code, so a new one may be asked for at once.
    expect((await post(u, START_EMAIL)).status).toBe(200);
  });

  it("expires the e-mailed code after 15 minutes and burns it at the fifth wrong one", async () => {
    const { u, code } = await withEmailCode();
    const expired = await later(LIFECYCLE.verificationCodeMinutes * 60_000 + 1_000, () =>
      post(u, COMPLETE_EMAIL, { verificationCode: code }),
    );
    expect(refusal(expired)[1]).toBe("CODE_EXPIRED");

    const second = await withEmailCode();
    for (let i = 1; i < LIFECYCLE.verificationMaxAttempts; i++) {
      await post(second.u, COMPLETE_EMAIL, { verificationCode: wrongOf(second.code) });
    }
    expect(refusal(await post(second.u, COMPLETE_EMAIL, { verificationCode: wrongOf(second.code) }))).toEqual(
      [400, "CODE_ATTEMPTS", M.codeAttempts],
    );
    expect(refusal(await post(second.u, COMPLETE_EMAIL, { verificationCode: second.code }))[1]).toBe(
      "CODE_EXPIRED",
    );
  });
});

describe("hostile input", () => {
  it("answers 4xx, never 5xx, and changes nothing", async () => {
    const { u, code } = await withMobileCode();
    const bodies: unknown[] = [
      {},
      { verificationCode: "12345" },
      { verificationCode: "1234567" },
      { verificationCode: "12345a" },
      { verificationCode: " 123456" },
      { verificationCode: 123456 },
      { verificationCode: null },
      { verificationCode: "１２３４５６" },
      { verificationCode: "1".repeat(10_000) },
      [],
      "123456",
    ];
    for (const body of bodies) {
      for (const url of [COMPLETE_MOBILE, COMPLETE_EMAIL]) {
        const res = await post(u, url, body as object);
        expect(res.status, JSON.stringify(body).slice(0, 40)).toBeGreaterThanOrEqual(400);
        expect(res.status, JSON.stringify(body).slice(0, 40)).toBeLessThan(500);
      }
    }
    for (const url of [START_MOBILE, START_EMAIL, COMPLETE_MOBILE, COMPLETE_EMAIL]) {
      const res = await call(h.app, "POST", url, { body: { verificationCode: code }, ip: randomIp() });
      expect(res.status).toBe(401);
    }
    // The hostile calls used none of the attempts: the code still works.
    expect((await post(u, COMPLETE_MOBILE, { verificationCode: code })).status).toBe(200);
  });
});
