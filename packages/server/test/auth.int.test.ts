import { describe, expect, it } from "vitest";
import { startWorkers } from "../src/worker.js";
import { call, createUser, PASSWORD, randomIp, testConfig, useApp } from "./harness.js";

const h = useApp();
const MAILDEV = process.env.MAILDEV_URL ?? "http://127.0.0.1:1080";

interface MailDevEmail {
  to: { address: string }[];
  subject: string;
  text: string;
}

async function waitForMail(to: string, timeoutMs = 15_000): Promise<MailDevEmail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const all = (await (await fetch(`${MAILDEV}/email`)).json()) as MailDevEmail[];
    const found = all.find((m) => m.to.some((t) => t.address === to));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
}

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
      body: { email: "nobody@test.example", password: "x" },
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

  it("is rate limited per address and e-mail", async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (
          await call(h.app, "POST", "/auth/login", {
            ip,
            body: { email: "limit@test.example", password: "x" },
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[11]).toBe(429);
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
});

describe("POST auth/change-password and auth/logout", () => {
  it("changes the password and retires older tokens", async () => {
    const u = await createUser(h.deps);
    const wrongOld = await call(h.app, "POST", "/auth/change-password", {
      token: u.token,
      body: { oldPassword: "wrong", newPassword: "Another-Pass-2" },
    });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.message).toBe("The current password is incorrect");
    const tooShort = await call(h.app, "POST", "/auth/change-password", {
      token: u.token,
      body: { oldPassword: PASSWORD, newPassword: "short" },
    });
    expect(tooShort.status).toBe(400);

    const ok = await call(h.app, "POST", "/auth/change-password", {
      token: u.token,
      body: { oldPassword: PASSWORD, newPassword: "Another-Pass-2" },
    });
    expect(ok.status).toBe(200);
    expect((await call(h.app, "GET", "/profile", { token: u.token })).status).toBe(401);
    expect((await call(h.app, "GET", "/profile", { token: ok.body.token })).status).toBe(200);
    const relogin = await call(h.app, "POST", "/auth/login", {
      body: { email: u.email, password: "Another-Pass-2" },
    });
    expect(relogin.status).toBe(200);
  });

  it("logout makes every earlier token stop working", async () => {
    const u = await createUser(h.deps);
    expect((await call(h.app, "POST", "/auth/logout", { token: u.token })).status).toBe(200);
    expect((await call(h.app, "GET", "/usage", { token: u.token })).status).toBe(401);
  });
});

describe("password reset through the real e-mail", () => {
  it("sends a link by e-mail through the worker; the link sets a new password once", async () => {
    const worker = startWorkers(testConfig());
    try {
      const u = await createUser(h.deps);
      const unknown = await call(h.app, "POST", "/auth/reset", {
        body: { email: "nobody-here@test.example" },
      });
      const known = await call(h.app, "POST", "/auth/reset", { ip: randomIp(), body: { email: u.email } });
      expect(known.status).toBe(200);
      expect(known.body.message).toBe(unknown.body.message);

      const mail = await waitForMail(u.email);
      expect(mail.subject).toMatch(/reset/i);
      const link = mail.text.match(/https?:\/\/\S+\/reset-password\/(\S+)/);
      expect(link).not.toBeNull();
      const id = link?.[1] as string;

      const reset = await call(h.app, "POST", `/auth/password-reset/${id}`, {
        body: { password: "Brand-New-Pass-3" },
      });
      expect(reset.status).toBe(200);
      expect((await call(h.app, "GET", "/profile", { token: u.token })).status).toBe(401);
      const login = await call(h.app, "POST", "/auth/login", {
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
    const otp = await call(h.app, "POST", "/auth/otp", { ip: randomIp() });
    await h.deps.prisma.otpToken.updateMany({ where: {}, data: {} });
    const { sha256 } = await import("../src/lib/crypto.js");
    await h.deps.prisma.otpToken.update({
      where: { tokenHash: sha256(otp.body.token) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await call(h.app, "POST", "/auth/otp/login", { body: { token: otp.body.token } });
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe("This QR code has expired. Please try again.");
    const unknown = await call(h.app, "POST", "/auth/otp/login", { body: { token: "y".repeat(43) } });
    expect(unknown.status).toBe(410);
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
