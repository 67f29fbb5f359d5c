import { randomUUID } from "node:crypto";
import { Queue } from "bullmq";
import { describe, expect, it } from "vitest";
import { invalidateSession } from "../src/modules/account/session.js";
import { startWorkers } from "../src/worker.js";
import {
  call as callFrom,
  createOrganisation,
  createUser,
  PASSWORD,
  randomIp,
  testConfig,
  useApp,
} from "./harness.js";
import { mailsTo, waitForMail } from "./mail.js";

/** Each call from its own address unless the test names one: per-address rate limits are shared
 * with every other test file on the same Redis prefix. */
const call = (...[app, method, url, opts = {}]: Parameters<typeof callFrom>) =>
  callFrom(app, method, url, { ip: randomIp(), ...opts });

const h = useApp();

describe("POST auth/login", () => {
  it("answers a token and the roles, and the token works", async () => {
    const u = await createUser(h.deps, { roles: ["User-Basic", "Organisation-Manager"] });
    const res = await call(h.app, "POST", "/auth/login", {
      body: { email: u.email.toUpperCase(), password: PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.roles).toEqual(["Organisation-Manager", "User-Basic"]);
    expect((await call(h.app, "GET", "/profile", { token: res.body.token })).status).toBe(200);
  });

  it("gives the same 401 for a wrong password and an unknown e-mail", async () => {
    const u = await createUser(h.deps);
    const wrong = await call(h.app, "POST", "/auth/login", {
      body: { email: u.email, password: "nope-nope" },
    });
    const unknown = await call(h.app, "POST", "/auth/login", {
      body: { email: `nobody-${randomUUID()}@test.example`, password: "x" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
    expect(wrong.body.code).toBe("INVALID_CREDENTIALS");
  });

  it("refuses malformed input with a 400 and a clear message", async () => {
    const noPassword = await call(h.app, "POST", "/auth/login", { body: { email: "a@b.co" } });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.message).toBe("Password is required");
    const badEmail = await call(h.app, "POST", "/auth/login", {
      body: { email: "not-an-email", password: "x" },
    });
    expect(badEmail.status).toBe(400);
    const notJson = await call(h.app, "POST", "/auth/login", {
      payload: "{",
      headers: { "content-type": "application/json" },
    });
    expect(notJson.status).toBe(400);
  });

  it("is rate limited per address and e-mail: the 11th attempt in a minute answers 429", async () => {
    const ip = randomIp();
    const email = `limit-${randomUUID()}@test.example`;
    const answers = [];
    for (let i = 0; i < 12; i++) {
      answers.push(await call(h.app, "POST", "/auth/login", { ip, body: { email, password: "x" } }));
    }
    expect(answers.map((a) => a.status)).toEqual([...Array(10).fill(401), 429, 429]);
    expect(answers[10]?.body).toMatchObject({ statusCode: 429, code: "TOO_MANY_REQUESTS" });
    // Only this address and e-mail: the same e-mail from another address is judged on its password.
    const elsewhere = await call(h.app, "POST", "/auth/login", {
      ip: randomIp(),
      body: { email, password: "x" },
    });
    expect(elsewhere.status).toBe(401);
  });

  it("is limited per account across addresses (password spraying), for known and unknown e-mails", async () => {
    const limit = h.deps.config.loginAccountLimit;
    const victim = await createUser(h.deps);
    const bystander = await createUser(h.deps);
    const unknown = `spray-${randomUUID()}@test.example`;
    // Every attempt from another address; X-Forwarded-For varies too (trusted only with TRUST_PROXY).
    const attempt = (email: string, password: string) => {
      const ip = randomIp();
      return call(h.app, "POST", "/auth/login", {
        ip,
        headers: { "x-forwarded-for": randomIp() },
        body: { email, password },
      });
    };
    for (const email of [victim.email, unknown]) {
      const statuses = [];
      for (let i = 0; i < limit; i++) statuses.push((await attempt(email, `wrong-${i}`)).status);
      expect(statuses).toEqual(Array(limit).fill(401));
      const locked = await attempt(email, "wrong-again");
      expect(locked.status).toBe(429);
      expect(locked.body).toMatchObject({
        statusCode: 429,
        error: "Too Many Requests",
        code: "TOO_MANY_REQUESTS",
      });
      const retryAfter = Number(locked.res.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    }
    // While locked even the right password is refused, so spraying cannot confirm a guess.
    expect((await attempt(victim.email, PASSWORD)).status).toBe(429);
    // Other accounts are not affected.
    expect((await attempt(bystander.email, PASSWORD)).status).toBe(200);
  });

  it("a successful login clears the account's count", async () => {
    const limit = h.deps.config.loginAccountLimit;
    const u = await createUser(h.deps);
    const attempt = (password: string) =>
      call(h.app, "POST", "/auth/login", { ip: randomIp(), body: { email: u.email, password } });
    for (let i = 0; i < limit - 1; i++) expect((await attempt("wrong")).status).toBe(401);
    expect((await attempt(PASSWORD)).status).toBe(200);
    for (let i = 0; i < limit - 1; i++) expect((await attempt("wrong")).status).toBe(401);
    expect((await attempt(PASSWORD)).status).toBe(200);
  });

  it("refuses members of a disabled organisation", async () => {
    const org = await h.deps.prisma.organisation.create({
      data: { key: `off-${Date.now()}`, name: "Off", enabled: false },
    });
    const u = await createUser(h.deps, { organisationId: org.id });
    const res = await call(h.app, "POST", "/auth/login", { body: { email: u.email, password: PASSWORD } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Your organisation is not enabled. Please contact support");
  });

  it("signs out the members of an organisation switched off after they logged in", async () => {
    const org = await createOrganisation(h.deps);
    const u = await createUser(h.deps, { organisationId: org.id, tier: "CORPORATE" });
    expect((await call(h.app, "GET", "/profile", { token: u.token })).status).toBe(200);
    await h.deps.prisma.organisation.update({ where: { id: org.id }, data: { enabled: false } });
    // The session facts are cached for a few seconds per process; this process forgets them at once.
    invalidateSession(u.id);
    const res = await call(h.app, "GET", "/profile", { token: u.token });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      code: "ORGANISATION_DISABLED",
      message: "Your organisation is not enabled. Please contact support",
    });
  });
});

describe("POST auth/change-password and auth/logout", () => {
  it("changes the password and retires older tokens", async () => {
    const u = await createUser(h.deps);
    const ip = randomIp();
    const wrongOld = await call(h.app, "POST", "/auth/change-password", {
      ip,
      token: u.token,
      body: { oldPassword: "wrong", newPassword: "Another-Pass-2" },
    });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.message).toBe("The current password is incorrect");
    const tooShort = await call(h.app, "POST", "/auth/change-password", {
      ip,
      token: u.token,
      body: { oldPassword: PASSWORD, newPassword: "short" },
    });
    expect(tooShort.status).toBe(400);

    const ok = await call(h.app, "POST", "/auth/change-password", {
      ip,
      token: u.token,
      body: { oldPassword: PASSWORD, newPassword: "Another-Pass-2" },
    });
    expect(ok.status).toBe(200);
    expect((await call(h.app, "GET", "/profile", { token: u.token })).status).toBe(401);
    expect((await call(h.app, "GET", "/profile", { token: ok.body.token })).status).toBe(200);
    const relogin = await call(h.app, "POST", "/auth/login", {
      ip,
      body: { email: u.email, password: "Another-Pass-2" },
    });
    expect(relogin.status).toBe(200);
  });

  it("logout makes every earlier token stop working", async () => {
    const u = await createUser(h.deps);
    expect((await call(h.app, "GET", "/usage", { token: u.token })).status).toBe(200);
    expect((await call(h.app, "POST", "/auth/logout", { token: u.token })).status).toBe(200);
    expect((await call(h.app, "GET", "/usage", { token: u.token })).status).toBe(401);
  });
});

describe("password reset through the real e-mail", () => {
  it("answers known and unknown addresses alike, queues only the address, and the worker mails a link that works once", async () => {
    const u = await createUser(h.deps);
    const unknownEmail = `nobody-${randomUUID()}@test.example`;
    const ask = (email: string) => call(h.app, "POST", "/auth/reset", { ip: randomIp(), body: { email } });
    const unknown = await ask(unknownEmail.toUpperCase());
    const known = await ask(u.email.toUpperCase());
    const answer = (r: typeof known) => ({
      status: r.status,
      body: r.body,
      type: r.res.headers["content-type"],
      length: r.res.headers["content-length"],
    });
    expect(answer(known)).toEqual(answer(unknown));
    expect(known.status).toBe(200);

    // The request path made no reset record (no worker runs yet): it only queued the address.
    expect(await h.deps.prisma.passwordResetToken.count({ where: { userId: u.id } })).toBe(0);
    const queue = new Queue("email", { connection: h.deps.redis, prefix: h.deps.config.redisPrefix });
    try {
      const queued = await queue.getJobs(["waiting", "prioritized", "delayed", "active", "completed"]);
      const jobFor = (email: string) => queued.filter((j) => j.data?.email === email);
      for (const email of [u.email, unknownEmail]) {
        expect(jobFor(email).map((j) => [j.name, j.data])).toEqual([["password-reset", { email }]]);
      }
      const unknownJobId = jobFor(unknownEmail)[0]?.id as string;

      const worker = startWorkers(testConfig());
      try {
        const mail = await waitForMail(u.email);
        expect(mail.subject).toBe("Reset your CPD password");
        const link = mail.text.match(/https?:\/\/\S+\/reset-password\/([A-Za-z0-9_-]{43})\s/);
        expect(link).not.toBeNull();
        const id = link?.[1] as string;
        // The address without an account: its job completes and sends nothing.
        await expect
          .poll(async () => (await queue.getJob(unknownJobId))?.getState(), {
            message: "the unknown address's job did not complete",
            timeout: 15_000,
            interval: 100,
          })
          .toBe("completed");
        expect(await mailsTo(unknownEmail)).toEqual([]);

        const reset = await call(h.app, "POST", `/auth/password-reset/${id}`, {
          body: { password: "Brand-New-Pass-3" },
        });
        expect(reset.status).toBe(200);
        expect((await call(h.app, "GET", "/profile", { token: u.token })).status).toBe(401);
        const login = await call(h.app, "POST", "/auth/login", {
          ip: randomIp(),
          body: { email: u.email, password: "Brand-New-Pass-3" },
        });
        expect(login.status).toBe(200);

        const again = await call(h.app, "POST", `/auth/password-reset/${id}`, {
          body: { password: "Brand-New-Pass-4" },
        });
        expect(again.status).toBe(400);
        expect(again.body.message).toBe("This password reset link is invalid or has expired");
      } finally {
        await worker.close();
      }
    } finally {
      await queue.close();
    }
  });

  it("refuses an invented reset id and a short password", async () => {
    const bad = await call(h.app, "POST", `/auth/password-reset/${"x".repeat(43)}`, {
      body: { password: "Long-Enough-1" },
    });
    expect(bad.status).toBe(400);
    const short = await call(h.app, "POST", `/auth/password-reset/${"x".repeat(43)}`, {
      body: { password: "short" },
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("Password must be at least 8 characters");
  });
});

describe("QR login: auth/otp, auth/otp/approve, auth/otp/login", () => {
  it("answers 403 until approved, then logs in once as the approving user", async () => {
    const u = await createUser(h.deps);
    const otp = await call(h.app, "POST", "/auth/otp", { ip: randomIp() });
    expect(otp.status).toBe(200);
    const pending = await call(h.app, "POST", "/auth/otp/login", { body: { token: otp.body.token } });
    expect(pending.status).toBe(403);

    expect((await call(h.app, "POST", "/auth/otp/approve", { body: { token: otp.body.token } })).status).toBe(
      401,
    );
    expect(
      (await call(h.app, "POST", "/auth/otp/approve", { token: u.token, body: { token: otp.body.token } }))
        .status,
    ).toBe(200);

    const done = await call(h.app, "POST", "/auth/otp/login", { body: { token: otp.body.token } });
    expect(done.status).toBe(200);
    const me = await call(h.app, "GET", "/profile", { token: done.body.token });
    expect(me.body.emailAddress).toBe(u.email);

    const reused = await call(h.app, "POST", "/auth/otp/login", { body: { token: otp.body.token } });
    expect(reused.status).toBe(410);
  });

  it("refuses expired and unknown tokens with a message, not a 403", async () => {
    const u = await createUser(h.deps);
    const { sha256 } = await import("../src/lib/crypto.js");
    const expire = (token: string) =>
      h.deps.prisma.otpToken.update({
        where: { tokenHash: sha256(token) },
        data: { expiresAt: new Date(Date.now() - 1000) },
      });
    const otpLogin = (token: string) => call(h.app, "POST", "/auth/otp/login", { body: { token } });

    // A pending token answers 403 (keep polling) until it expires, then 410 with the message.
    const pending = (await call(h.app, "POST", "/auth/otp", { ip: randomIp() })).body.token as string;
    expect((await otpLogin(pending)).status).toBe(403);
    await expire(pending);
    const expired = await otpLogin(pending);
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({
      code: "OTP_EXPIRED",
      message: "This QR code has expired. Please try again.",
    });

    // An approved token that expires before it is used logs nobody in.
    const approved = (await call(h.app, "POST", "/auth/otp", { ip: randomIp() })).body.token as string;
    const approve = await call(h.app, "POST", "/auth/otp/approve", {
      token: u.token,
      body: { token: approved },
    });
    expect(approve.status).toBe(200);
    await expire(approved);
    expect((await otpLogin(approved)).status).toBe(410);

    const unknown = await otpLogin("y".repeat(43));
    expect(unknown.status).toBe(410);
    expect(unknown.body.message).toBe("This QR code has expired. Please try again.");
  });
});

describe("POST auth/login/impersonate", () => {
  it("is for administrators only", async () => {
    const target = await createUser(h.deps);
    const user = await createUser(h.deps);
    const manager = await createUser(h.deps, { roles: ["User-Basic", "Organisation-Manager"] });
    const admin = await createUser(h.deps, { roles: ["User-Basic", "Admin"] });
    const q = `/auth/login/impersonate?user=${encodeURIComponent(target.email)}`;
    expect((await call(h.app, "POST", q)).status).toBe(401);
    expect((await call(h.app, "POST", q, { token: user.token })).status).toBe(403);
    expect((await call(h.app, "POST", q, { token: manager.token })).status).toBe(403);
    const ok = await call(h.app, "POST", q, { token: admin.token });
    expect(ok.status).toBe(200);
    expect((await call(h.app, "GET", "/profile", { token: ok.body.token })).body.emailAddress).toBe(
      target.email,
    );
    // An impersonation token cannot impersonate again, even of an admin.
    const adminTarget = await createUser(h.deps, { roles: ["Admin"] });
    const asAdmin = await call(
      h.app,
      "POST",
      `/auth/login/impersonate?user=${encodeURIComponent(adminTarget.email)}`,
      { token: admin.token },
    );
    expect((await call(h.app, "POST", q, { token: asAdmin.body.token })).status).toBe(403);
    expect(
      (
        await call(h.app, "POST", "/auth/login/impersonate?user=nobody%40test.example", {
          token: admin.token,
        })
      ).status,
    ).toBe(404);
    expect((await call(h.app, "POST", "/auth/login/impersonate", { token: admin.token })).status).toBe(400);
  });
});
