// Change of e-mail through the API with the real worker and MailDev: the link is read from the
// new address's mailbox, the notice from the old one's, and logins show what changed.
import { randomUUID } from "node:crypto";
import { LIFECYCLE, LIFECYCLE_MESSAGES as M } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { login } from "./factories.js";
import {
  call,
  createOrganisation,
  createUser,
  PASSWORD,
  randomIp,
  refusal,
  type TestUser,
  useApp,
} from "./harness.js";
import { queuedPayloads } from "./job-payloads.js";
import { mailsTo, waitForNewMail } from "./mail.js";

const h = useApp({ worker: true });

const newAddress = () => `new-${randomUUID()}@test.example`;
const ask = (token: string, emailAddress: unknown) =>
  call(h.app, "POST", "/profile/change-email", { token, body: { emailAddress }, ip: randomIp() });
const confirm = (token: string) =>
  call(h.app, "POST", `/profile/change-email/${encodeURIComponent(token)}`, { ip: randomIp() });
const history = (token: string, page?: number) =>
  call(h.app, "GET", `/profile/email-change-history${page ? `?page=${page}` : ""}`, { token });

const LINK = /\/v2\/auth\/confirm-email-change\/([A-Za-z0-9_-]+)/;

/** Asks for a change and reads the link's token from the new address's mailbox. */
async function requestLink(token: string, to: string) {
  const res = await ask(token, to);
  expect([res.status, res.body]).toEqual([200, { message: M.emailChangeSent }]);
  const mail = await waitForNewMail(to, (m) => LINK.test(m.text));
  const link = LINK.exec(mail.text)?.[1];
  if (!link) throw new Error("no link in the e-mail");
  expect(mail.text).toContain(`${h.deps.config.publicUrl}/v2/auth/confirm-email-change/${link}`);
  return link;
}

/** One whole change: link, confirmation, and a new session under the new address. */
async function change(user: TestUser, to: string): Promise<TestUser> {
  const link = await requestLink(user.token, to);
  expect((await confirm(link)).status).toBe(200);
  const res = await login(h, to, PASSWORD, randomIp());
  expect(res.status).toBe(200);
  return { id: user.id, email: to, token: res.body.token };
}

describe("change of e-mail", () => {
  it("mails a link to the new address, changes nothing until it is confirmed, then moves the account", async () => {
    const u = await createUser(h.deps);
    const to = newAddress();
    const link = await requestLink(u.token, to.toUpperCase());

    // Nothing has changed yet: the old session and address work, the new one does not.
    expect((await call(h.app, "GET", "/profile", { token: u.token })).body.emailAddress).toBe(u.email);
    expect((await login(h, to, PASSWORD, randomIp())).status).toBe(401);
    expect((await login(h, u.email, PASSWORD, randomIp())).status).toBe(200);
    expect(await mailsTo(u.email)).toEqual([]);
    expect((await history(u.token)).body).toEqual({ items: [], total: 0 });

    // The job carried ids only: no address, no token.
    const payloads = await queuedPayloads(h.deps, "contact-email", u.id);
    expect(payloads).toEqual([{ kind: "email-change-link", userId: u.id, requestedAt: expect.any(String) }]);
    expect(JSON.stringify(payloads)).not.toContain(link);
    expect(JSON.stringify(payloads)).not.toContain(to);

    const done = await confirm(link);
    expect([done.status, done.body]).toEqual([200, { message: M.emailChanged }]);

    // Every session ended; the old address no longer logs in, the new one does.
    expect((await call(h.app, "GET", "/profile", { token: u.token })).status).toBe(401);
    expect((await login(h, u.email, PASSWORD, randomIp())).status).toBe(401);
    const fresh = await login(h, to, PASSWORD, randomIp());
    expect(fresh.status).toBe(200);
    expect((await call(h.app, "GET", "/profile", { token: fresh.body.token })).body.emailAddress).toBe(to);

    // The old address is told, with the new one.
    const notice = await waitForNewMail(u.email, () => true);
    expect(notice.subject).toMatch(/changed/i);
    expect(notice.text).toContain(to);
    expect(notice.text).toMatch(/contact support/i);

    const list = (await history(fresh.body.token)).body;
    expect(list.total).toBe(1);
    expect(list.items).toEqual([{ dateChanged: expect.any(String), previousEmail: u.email, newEmail: to }]);
    expect(Math.abs(Date.parse(list.items[0].dateChanged) - Date.now())).toBeLessThan(60_000);

    // The link works once.
    expect(refusal(await confirm(link))).toEqual([400, "EMAIL_CHANGE_INVALID", M.emailChangeInvalid]);
  });

  it("refuses the current address and an address another account holds", async () => {
    const u = await createUser(h.deps);
    const other = await createUser(h.deps);
    expect(refusal(await ask(u.token, u.email))).toEqual([400, "SAME_EMAIL", M.sameEmail]);
    expect(refusal(await ask(u.token, u.email.toUpperCase()))[1]).toBe("SAME_EMAIL");
    expect(refusal(await ask(u.token, other.email))).toEqual([409, "EMAIL_TAKEN", M.emailTaken]);
    expect(refusal(await ask(u.token, other.email.toUpperCase()))[1]).toBe("EMAIL_TAKEN");
  });

  it("answers 409 when the address was taken between the request and the confirmation; the link is spent", async () => {
    const u = await createUser(h.deps);
    const to = newAddress();
    const link = await requestLink(u.token, to);
    const other = await createUser(h.deps);
    await h.deps.prisma.user.update({ where: { id: other.id }, data: { email: to } });

    expect(refusal(await confirm(link))).toEqual([409, "EMAIL_TAKEN", M.emailTaken]);
    expect(refusal(await confirm(link))[1]).toBe("EMAIL_CHANGE_INVALID");
    expect((await call(h.app, "GET", "/profile", { token: u.token })).body.emailAddress).toBe(u.email);
    expect((await history(u.token)).body.total).toBe(0);
  });

  it("refuses users whose organisation signs them on: no change of e-mail, no change of password", async () => {
    const sso = await createOrganisation(h.deps, { usesOauth: true });
    const u = await createUser(h.deps, { organisationId: sso.id, tier: "CORPORATE" });
    expect(refusal(await ask(u.token, newAddress()))).toEqual([403, "SSO_MANAGED", M.ssoManaged]);
    const pw = await call(h.app, "POST", "/auth/change-password", {
      token: u.token,
      body: { oldPassword: PASSWORD, newPassword: "Another-Horse-2" },
      ip: randomIp(),
    });
    expect(refusal(pw)).toEqual([403, "SSO_MANAGED", M.ssoPasswordManaged]);
    expect((await login(h, u.email, PASSWORD, randomIp())).status).toBe(200);

    // Members of an organisation without single sign-on keep both.
    const plain = await createOrganisation(h.deps);
    const v = await createUser(h.deps, { organisationId: plain.id, tier: "CORPORATE" });
    const ok = await call(h.app, "POST", "/auth/change-password", {
      token: v.token,
      body: { oldPassword: PASSWORD, newPassword: "Another-Horse-2" },
      ip: randomIp(),
    });
    expect(ok.status).toBe(200);
    expect((await ask(ok.body.token, newAddress())).status).toBe(200);
  });

  it("lets only one of two racing confirmations through", async () => {
    const u = await createUser(h.deps);
    const to = newAddress();
    const link = await requestLink(u.token, to);
    const both = await Promise.all([confirm(link), confirm(link)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)?.body.code).toBe("EMAIL_CHANGE_INVALID");
    const fresh = await login(h, to, PASSWORD, randomIp());
    expect((await history(fresh.body.token)).body.total).toBe(1);
  });

  it("replaces an earlier request: only the newest link works", async () => {
    const u = await createUser(h.deps);
    const first = newAddress();
    const second = newAddress();
    const oldLink = await requestLink(u.token, first);
    const newLink = await requestLink(u.token, second);
    expect(refusal(await confirm(oldLink))[1]).toBe("EMAIL_CHANGE_INVALID");
    expect((await confirm(newLink)).status).toBe(200);
    expect((await login(h, second, PASSWORD, randomIp())).status).toBe(200);
    expect((await login(h, first, PASSWORD, randomIp())).status).toBe(401);
  });

  it("expires a link after 24 hours", async () => {
    const u = await createUser(h.deps);
    const link = await requestLink(u.token, newAddress());
    const realNow = h.deps.now;
    h.deps.now = () => new Date(Date.now() + LIFECYCLE.emailChangeLinkHours * 3_600_000 + 1_000);
    try {
      expect(refusal(await confirm(link))).toEqual([400, "EMAIL_CHANGE_INVALID", M.emailChangeInvalid]);
    } finally {
      h.deps.now = realNow;
    }
    expect((await call(h.app, "GET", "/profile", { token: u.token })).body.emailAddress).toBe(u.email);
  });

  it("pages the history 10 at a time, newest first", async () => {
    let u = await createUser(h.deps);
    const addresses = [u.email];
    for (let i = 0; i < 12; i++) {
      const to = newAddress();
      u = await change(u, to);
      addresses.push(to);
    }
    const page1 = (await history(u.token)).body;
    const page2 = (await history(u.token, 2)).body;
    const page3 = (await history(u.token, 3)).body;
    expect([page1.total, page1.items.length, page2.items.length, page3.items.length]).toEqual([12, 10, 2, 0]);
    const all = [...page1.items, ...page2.items];
    // Newest first: each row's previous address is the next row's new one.
    expect(all.map((i: { newEmail: string }) => i.newEmail)).toEqual(addresses.slice(1).reverse());
    expect(all.map((i: { previousEmail: string }) => i.previousEmail)).toEqual(
      addresses.slice(0, -1).reverse(),
    );
    const dates = all.map((i: { dateChanged: string }) => Date.parse(i.dateChanged));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect((await history(u.token, 1)).body).toEqual(page1);
  });

  it("answers hostile input with 4xx, never 5xx", async () => {
    const u = await createUser(h.deps);
    const bodies: unknown[] = [
      "not-an-email",
      "",
      "a@b",
      null,
      42,
      `${"a".repeat(300)}@test.example`,
      "nul\u0000@test.example",
      "\ud800@test.example",
    ];
    for (const emailAddress of bodies) {
      const res = await ask(u.token, emailAddress);
      expect(res.status, String(emailAddress).slice(0, 30)).toBeGreaterThanOrEqual(400);
      expect(res.status, String(emailAddress).slice(0, 30)).toBeLessThan(500);
    }
    expect(
      (await call(h.app, "POST", "/profile/change-email", { body: { emailAddress: newAddress() } })).status,
    ).toBe(401);

    const tokens = [
      "short",
      "x".repeat(129),
      "pending:00000000-0000-0000-0000-000000000000",
      "../../../../etc/passwd-aaaaaaaaaaaaaaa",
      "a".repeat(43),
      "%00".repeat(10),
      "' OR 1=1 --aaaaaaaaaaaaaaaaaaa",
    ];
    for (const t of tokens) {
      const res = await confirm(t);
      expect(res.status, t).toBeGreaterThanOrEqual(400);
      expect(res.status, t).toBeLessThan(500);
    }
    expect(refusal(await confirm("a".repeat(43)))).toEqual([
      400,
      "EMAIL_CHANGE_INVALID",
      M.emailChangeInvalid,
    ]);

    for (const page of ["0", "-1", "abc", "1e9", "99999999999"]) {
      const res = await call(h.app, "GET", `/profile/email-change-history?page=${page}`, { token: u.token });
      expect(res.status, page).toBeGreaterThanOrEqual(400);
      expect(res.status, page).toBeLessThan(500);
    }
    expect((await call(h.app, "GET", "/profile/email-change-history")).status).toBe(401);
    expect((await call(h.app, "GET", "/profile", { token: u.token })).body.emailAddress).toBe(u.email);
  });
});
