// Third-party attestations (issue 27, ADR 0028), end to end through the real worker, e-mail catcher
// and SMS fake: the request, the attester's code (e-mail and text), the read-only view, signing,
// verification, tamper detection, withdrawal, expiry, declining, reminders, and what a guest token
// opens (its own attestation's attester calls, nothing else).
import { createHash, randomInt, randomUUID } from "node:crypto";
import {
  ATTESTATION,
  api,
  CONFIRMATION_STATEMENT,
  type EndpointDef,
  ATTESTATION_MESSAGES as M,
} from "@cpd/contract";
import { afterEach, describe, expect, it } from "vitest";
import { ATTESTER_DETAILS } from "./factories.js";
import { call, createUser, randomIp, type TestUser, useApp } from "./harness.js";
import { type MailDevEmail, mailsTo, waitForNewMail } from "./mail.js";
import { waitForSms } from "./sms.js";
import { codeOf, guestSession, must, signature } from "./supervision-fixtures.js";

const h = useApp({ worker: true });
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const realNow = () => new Date();
afterEach(() => {
  h.deps.now = realNow;
});
/** Moves the API's clock (the worker keeps real time). */
const later = (ms: number) => {
  h.deps.now = () => new Date(Date.now() + ms);
};
const DAY = 86_400_000;

interface Professional extends TestUser {
  registrationId: string;
  recordId: string;
  entryId: string;
  /** A record of theirs the attestation does not cover. */
  otherRecordId: string;
}

async function professional(regulator = "NMC"): Promise<Professional> {
  const u = await createUser(h.deps, { firstName: "Nora" });
  const reg = must(
    await call(h.app, "PUT", "/profile/registrations", {
      token: u.token,
      body: {
        items: [
          {
            regulator,
            registers: regulator === "NMC" ? ["nurse"] : ["pharmacist"],
            registrationNumber: "12A3456E",
            renewalDate: "2027-06-30",
          },
        ],
      },
    }),
  );
  const record = (title: string) =>
    call(h.app, "POST", "/revalidation/records", {
      token: u.token,
      body: {
        kind: "reflectiveAccount",
        title,
        date: "2026-10-01",
        details: { experience: "A night shift on the ward" },
        themes: [],
      },
    });
  const recordId = must(await record("Reflective account one"), 201).body.id as string;
  const otherRecordId = must(await record("Not covered"), 201).body.id as string;
  const entry = await h.deps.prisma.entry.create({
    data: {
      userId: u.id,
      type: "diary",
      title: "Sepsis study day",
      date: new Date("2026-09-10T00:00:00Z"),
      hours: 6,
    },
  });
  return { ...u, registrationId: reg.body.items[0].id as string, recordId, otherRecordId, entryId: entry.id };
}

function newMobile() {
  const rest = String(randomInt(0, 1_000_000_000)).padStart(9, "0");
  return { number: `07${rest.slice(0, 3)} ${rest.slice(3)}`, e164: `+447${rest}` };
}

interface Requested {
  p: Professional;
  id: string;
  email: string;
  e164: string;
  seen: Set<string>;
  requestMail: MailDevEmail;
}

const requestCall = (p: Professional, body: Record<string, unknown>) =>
  call(h.app, "POST", "/revalidation/attestations", { token: p.token, ip: randomIp(), body });

async function requested(o: { p?: Professional; kind?: string } = {}): Promise<Requested> {
  const p = o.p ?? (await professional());
  const email = `attester-${randomUUID()}@test.example`;
  const mobile = newMobile();
  const res = must(
    await requestCall(p, {
      kind: o.kind ?? "nmcReflectiveDiscussion",
      registrationId: p.registrationId,
      attester: { name: "Sam Colleague", email, mobile: mobile.number },
      recordIds: [p.recordId],
      entryIds: [p.entryId],
    }),
    201,
  );
  const seen = new Set<string>();
  const requestMail = await waitForNewMail(email, (m) => m.subject.includes("asks you to sign"), seen);
  return { p, id: res.body.id, email, e164: mobile.e164, seen, requestMail };
}

const codeCall = (id: string, code: string | null) =>
  call(h.app, "POST", `/attestation/${id}/code`, { body: { code }, ip: randomIp() });

async function mailedCode(r: Requested): Promise<string> {
  must(await codeCall(r.id, null));
  return codeOf(await waitForNewMail(r.email, (m) => m.subject === "Your attestation code", r.seen));
}

async function tokenFor(r: Requested): Promise<string> {
  const res = must(await codeCall(r.id, await mailedCode(r)));
  return res.body.token as string;
}

/** A request and the attester's guest token for it. */
async function opened(o: Parameters<typeof requested>[0] = {}) {
  const r = await requested(o);
  return { r, token: await tokenFor(r) };
}

const DETAILS = ATTESTER_DETAILS;

const signCall = (id: string, token: string, body: Record<string, unknown>) =>
  call(h.app, "POST", `/attestation/${id}/sign`, { token, ip: randomIp(), body });

async function signed(r: Requested, token: string, details: Record<string, unknown> = DETAILS) {
  return must(await signCall(r.id, token, { details, signature: await signature() }));
}

const list = (p: TestUser, query = "") =>
  call(h.app, "GET", `/revalidation/attestations${query}`, { token: p.token });
const mine = async (p: TestUser, id: string) =>
  (must(await list(p)).body.items as { id: string }[]).find((a) => a.id === id) as Record<string, unknown>;
const verify = (id: string, hash: string) =>
  call(h.app, "GET", `/verify/attestation/${id}?hash=${hash}`, { ip: randomIp() });

describe("the whole flow", () => {
  it("request, link, code by e-mail and SMS, read-only view, sign, verify, tamper detection", async () => {
    const r = await requested();
    expect(r.requestMail.text).toContain(`/attestation/${r.id}`);
    expect(r.requestMail.text).toContain("Nora User");
    expect((await mine(r.p, r.id)).state).toBe("sent");

    const link = must(await call(h.app, "GET", `/attestation/${r.id}/link`, { ip: randomIp() }));
    expect(link.body).toMatchObject({ professionalName: "Nora User", kind: "nmcReflectiveDiscussion" });
    expect(link.body.maskedEmail).toBe(`a•••@test.example`);
    expect(link.body.maskedMobile).toBe(`•••• •••${r.e164.slice(-3)}`);

    const asked = must(await codeCall(r.id, null));
    expect(asked.body.channels).toEqual(["email", "sms"]);
    const code = codeOf(await waitForNewMail(r.email, (m) => m.subject === "Your attestation code", r.seen));
    const sms = await waitForSms(r.e164, (m) => m.body.includes("attestation code"));
    expect(sms.body).toContain(code);
    // The cooldown: another code only after 30 s.
    const again = await codeCall(r.id, null);
    expect([again.status, again.body.code]).toEqual([429, "TOO_MANY_REQUESTS"]);
    expect(Number(again.res.headers["retry-after"])).toBeGreaterThan(0);

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    expect((await codeCall(r.id, wrong)).body.code).toBe("OTP_INVALID");
    const ok = must(await codeCall(r.id, code));
    const token = ok.body.token as string;
    expect(token).toMatch(/^ag_[A-Za-z0-9_-]{43}$/);
    // Only the token's SHA-256 is stored; the code is single use.
    const sessions = await h.deps.prisma.attestationGuestSession.findMany({ where: { attestationId: r.id } });
    expect(sessions.map((s) => s.tokenHash)).toEqual([sha256(token)]);
    expect((await codeCall(r.id, code)).body.code).toBe("OTP_INVALID");

    const view = must(await call(h.app, "GET", `/attestation/${r.id}`, { token }));
    expect(view.body).toMatchObject({
      professionalName: "Nora User",
      regulator: "NMC",
      registrationNumber: "12A3456E",
      attesterName: "Sam Colleague",
      statement: null,
      state: "opened",
    });
    expect(view.body.records.map((x: { id: string }) => x.id)).toEqual([r.p.recordId]);
    expect(view.body.entries.map((x: { id: string }) => x.id)).toEqual([r.p.entryId]);
    expect(view.body.entries[0]).toMatchObject({ title: "Sepsis study day", hours: 6, date: "2026-09-10" });

    const s = await signed(r, token);
    expect(s.body.hash).toMatch(/^[0-9a-f]{64}$/);
    const hash = s.body.hash as string;
    const stored = await h.deps.prisma.attestation.findUniqueOrThrow({ where: { id: r.id } });
    expect(stored.signedHash).toBe(hash);
    expect(stored.signatureKey).toMatch(/^signatures\/attestation-/);
    expect((await h.deps.storage.getBytes(stored.signatureKey as string))?.subarray(1, 4).toString()).toBe(
      "PNG",
    );
    const ownerMail = await waitForNewMail(r.p.email, (m) => m.subject.includes("has signed"));
    expect(ownerMail.subject).toContain("Sam Colleague");

    const row = await mine(r.p, r.id);
    expect(row).toMatchObject({
      state: "signed",
      signedHash: hash,
      recordChangedSinceSigning: false,
      signer: { ...DETAILS, postcode: "LS1 3EX", statement: null },
    });
    expect(must(await verify(r.id, hash)).body).toMatchObject({
      matches: true,
      signed: true,
      recordChangedSinceSigning: false,
      message: M.verifyMatches,
    });
    expect(must(await verify(r.id, hash.toUpperCase())).body.matches).toBe(true);
    const other = must(await verify(r.id, "0".repeat(64))).body;
    expect([other.matches, other.message]).toEqual([false, M.verifyDiffers]);
    // Signed once only.
    expect((await signCall(r.id, token, { details: DETAILS, signature: await signature() })).body.code).toBe(
      "ATTESTATION_CLOSED",
    );

    // A later edit of a covered record: "changed since signing"; the old hash still says what was signed.
    must(
      await call(h.app, "PUT", `/revalidation/records/${r.p.recordId}`, {
        token: r.p.token,
        body: { kind: "reflectiveAccount", title: "Edited", date: "2026-10-01", details: {}, themes: [] },
      }),
    );
    expect((await mine(r.p, r.id)).recordChangedSinceSigning).toBe(true);
    expect(must(await verify(r.id, hash)).body).toMatchObject({
      matches: true,
      recordChangedSinceSigning: true,
    });
  }, 60_000);

  it("an edit of a record the attestation does not cover changes nothing", async () => {
    const r = await requested();
    await signed(r, await tokenFor(r));
    must(
      await call(h.app, "PUT", `/revalidation/records/${r.p.otherRecordId}`, {
        token: r.p.token,
        body: { kind: "feedback", title: "Edited", date: "2026-10-02", details: {}, themes: [] },
      }),
    );
    expect((await mine(r.p, r.id)).recordChangedSinceSigning).toBe(false);
  }, 30_000);

  it("a confirmer confirms the statement shown, exactly", async () => {
    const r = await requested({ kind: "nmcConfirmation" });
    const token = await tokenFor(r);
    const view = must(await call(h.app, "GET", `/attestation/${r.id}`, { token }));
    expect(view.body.statement).toBe(CONFIRMATION_STATEMENT);
    const missing = await signCall(r.id, token, { details: DETAILS, signature: await signature() });
    expect([missing.status, missing.body.code]).toEqual([400, "STATEMENT_MISMATCH"]);
    const altered = await signCall(r.id, token, {
      details: { ...DETAILS, statement: `${CONFIRMATION_STATEMENT} Mostly.` },
      signature: await signature(),
    });
    expect(altered.body.code).toBe("STATEMENT_MISMATCH");
    const s = await signed(r, token, { ...DETAILS, statement: CONFIRMATION_STATEMENT });
    expect(must(await verify(r.id, s.body.hash)).body.matches).toBe(true);
    expect((await mine(r.p, r.id)).signer).toMatchObject({ statement: CONFIRMATION_STATEMENT });
  }, 30_000);
});

describe("the professional's controls", () => {
  it("withdraws an unsigned request: the link and the guest token stop working", async () => {
    const { r, token } = await opened();
    const res = must(
      await call(h.app, "POST", `/revalidation/attestations/${r.id}/withdraw`, { token: r.p.token }),
    );
    expect([res.body.message, res.body.attestation.state]).toEqual([M.withdrawn, "withdrawn"]);
    expect((await call(h.app, "GET", `/attestation/${r.id}/link`)).status).toBe(404);
    expect((await call(h.app, "GET", `/attestation/${r.id}`, { token })).status).toBe(401);
    expect((await codeCall(r.id, null)).status).toBe(404);
    const twice = await call(h.app, "POST", `/revalidation/attestations/${r.id}/withdraw`, {
      token: r.p.token,
    });
    expect([twice.status, twice.body.code]).toEqual([409, "ATTESTATION_CLOSED"]);
  }, 30_000);

  it("cannot withdraw a signed request", async () => {
    const r = await requested();
    await signed(r, await tokenFor(r));
    const res = await call(h.app, "POST", `/revalidation/attestations/${r.id}/withdraw`, {
      token: r.p.token,
    });
    expect([res.status, res.body.code]).toEqual([409, "ATTESTATION_CLOSED"]);
    expect((await mine(r.p, r.id)).state).toBe("signed");
  }, 30_000);

  it("a request expires after the fixed number of days", async () => {
    const { r, token } = await opened();
    later(ATTESTATION.expiryDays * DAY + 1000);
    expect((await mine(r.p, r.id)).state).toBe("expired");
    const link = await call(h.app, "GET", `/attestation/${r.id}/link`);
    expect([link.status, link.body.code]).toEqual([410, "LINK_EXPIRED"]);
    expect((await call(h.app, "GET", `/attestation/${r.id}`, { token })).status).toBe(410);
    expect((await signCall(r.id, token, { details: DETAILS, signature: await signature() })).status).toBe(
      410,
    );
    const remind = await call(h.app, "POST", `/revalidation/attestations/${r.id}/remind`, {
      token: r.p.token,
    });
    expect([remind.status, remind.body.code]).toEqual([409, "ATTESTATION_CLOSED"]);
    expect((await h.deps.prisma.attestation.findUniqueOrThrow({ where: { id: r.id } })).signedAt).toBeNull();
  }, 30_000);

  it("reminds at most once a day", async () => {
    const r = await requested();
    const remind = () =>
      call(h.app, "POST", `/revalidation/attestations/${r.id}/remind`, { token: r.p.token, ip: randomIp() });
    const first = must(await remind());
    expect(first.body.message).toBe(M.reminded);
    await waitForNewMail(r.email, (m) => m.subject.startsWith("Reminder:"), r.seen);
    const again = await remind();
    expect([again.status, again.body.code, again.body.message]).toEqual([
      409,
      "REMINDER_TOO_SOON",
      M.remindTooSoon,
    ]);
    later(ATTESTATION.reminderHours * 3_600_000 + 1000);
    must(await remind());
    await waitForNewMail(r.email, (m) => m.subject.startsWith("Reminder:"), r.seen);
  }, 30_000);

  it("the attester declines with a reason the professional reads", async () => {
    const { r, token } = await opened();
    const empty = await call(h.app, "POST", `/attestation/${r.id}/decline`, {
      token,
      body: { reason: "   " },
    });
    expect(empty.status).toBe(400);
    must(
      await call(h.app, "POST", `/attestation/${r.id}/decline`, { token, body: { reason: "Not my ward" } }),
    );
    expect(await mine(r.p, r.id)).toMatchObject({ state: "declined", declineReason: "Not my ward" });
    await waitForNewMail(r.p.email, (m) => m.subject.includes("declined"));
    expect((await signCall(r.id, token, { details: DETAILS, signature: await signature() })).status).toBe(
      409,
    );
    expect(must(await verify(r.id, "a".repeat(64))).body).toMatchObject({ signed: false, matches: false });
  }, 30_000);

  it("lists newest first, paged, and by registration", async () => {
    const p = await professional();
    const a = await requested({ p });
    const b = await requested({ p });
    const all = must(await list(p, "?perPage=1"));
    expect([all.body.total, all.body.items.map((x: { id: string }) => x.id)]).toEqual([2, [b.id]]);
    expect(must(await list(p, `?registrationId=${p.registrationId}&page=2&perPage=1`)).body.items[0].id).toBe(
      a.id,
    );
    expect(must(await list(p, `?registrationId=${randomUUID()}`)).body).toEqual({ items: [], total: 0 });
  }, 30_000);
});

describe("who sees what", () => {
  it("another member's attestation is 404, and another member's records cannot be covered", async () => {
    const r = await requested();
    const stranger = await professional();
    for (const action of ["withdraw", "remind"]) {
      const res = await call(h.app, "POST", `/revalidation/attestations/${r.id}/${action}`, {
        token: stranger.token,
      });
      expect([res.status, res.body.code]).toEqual([404, "ATTESTATION_NOT_FOUND"]);
    }
    expect(must(await list(stranger)).body.total).toBe(0);
    const base = {
      kind: "nmcReflectiveDiscussion",
      registrationId: stranger.registrationId,
      attester: { name: "X", email: "x@test.example" },
      recordIds: [],
      entryIds: [],
    };
    const theirRecord = await requestCall(stranger, { ...base, recordIds: [r.p.recordId] });
    expect([theirRecord.status, theirRecord.body.code]).toEqual([400, "RECORD_NOT_FOUND"]);
    const theirEntry = await requestCall(stranger, { ...base, entryIds: [r.p.entryId] });
    expect(theirEntry.body.code).toBe("RECORD_NOT_FOUND");
    const theirRegistration = await requestCall(stranger, {
      ...base,
      registrationId: r.p.registrationId,
      recordIds: [stranger.recordId],
    });
    expect(theirRegistration.status).toBe(404);
    expect(await h.deps.prisma.attestation.count({ where: { userId: stranger.id } })).toBe(0);
  }, 30_000);

  it("a guest token opens its own attestation's attester calls and nothing else", async () => {
    const { r, token } = await opened();
    const other = await requested();
    // Another attestation's attester calls: 404; the owner's session token or none: 401.
    const calls = (id: string) => [
      { method: "GET" as const, url: `/attestation/${id}`, body: undefined },
      { method: "POST" as const, url: `/attestation/${id}/decline`, body: { reason: "No" } },
      { method: "POST" as const, url: `/attestation/${id}/sign`, body: { details: DETAILS, signature: "x" } },
    ];
    for (const c of calls(other.id)) {
      const res = await call(h.app, c.method, c.url, { token, body: c.body });
      expect([c.url, res.status]).toEqual([c.url, 404]);
    }
    for (const c of calls(r.id)) {
      const owner = await call(h.app, c.method, c.url, { token: r.p.token, body: c.body });
      expect([c.url, owner.status]).toEqual([c.url, 401]);
      const none = await call(h.app, c.method, c.url, { body: c.body });
      expect([c.url, none.status]).toEqual([c.url, 401]);
    }
    // A supervision reviewee's token never opens an attestation.
    const sup = await guestSession(h);
    expect((await call(h.app, "GET", `/attestation/${r.id}`, { token: sup.guest })).status).toBe(401);
    // An attestation token never opens a supervision record.
    expect((await call(h.app, "GET", `/supervision/${sup.shareId}`, { token })).status).toBe(401);
    // Nothing reached the other attestation.
    expect((await mine(other.p, other.id)).state).toBe("sent");
  }, 60_000);

  it("a guest token is refused (401) by every call that needs a member session, and every supervision guest call", async () => {
    const { token } = await opened();
    const endpoints = Object.entries(api as Record<string, EndpointDef>).filter(([, e]) => e.auth || e.guest);
    expect(endpoints.length).toBeGreaterThan(80);
    const wrong: string[] = [];
    for (const [name, e] of endpoints) {
      const res = await h.app.inject({
        method: e.method,
        url: `/api${e.path.replace(/:(\w+)/g, () => randomUUID())}`,
        headers: { authorization: `Bearer ${token}` },
        ...(e.body && !e.rawBody ? { payload: {} } : {}),
        remoteAddress: randomIp(),
      });
      // A supervision guest call judges its body or names a share first (400, 404), else 401.
      const ok = e.guest ? [400, 401, 404].includes(res.statusCode) : res.statusCode === 401;
      if (!ok) wrong.push(`${name} ${e.method} ${e.path}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  }, 90_000);

  it("five wrong codes lock the link", async () => {
    const r = await requested();
    const code = await mailedCode(r);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < ATTESTATION.maxWrongCodes - 1; i++)
      expect((await codeCall(r.id, wrong)).status).toBe(400);
    const fifth = await codeCall(r.id, wrong);
    expect([fifth.status, fifth.body.code]).toEqual([403, "ATTESTATION_LOCKED"]);
    expect((await codeCall(r.id, code)).body.code).toBe("ATTESTATION_LOCKED");
    expect(await h.deps.prisma.attestationGuestSession.count({ where: { attestationId: r.id } })).toBe(0);
  }, 30_000);
});

describe("hostile input", () => {
  it("refuses bad requests with a 4xx and stores nothing", async () => {
    const p = await professional();
    const base = {
      kind: "nmcReflectiveDiscussion",
      registrationId: p.registrationId,
      attester: { name: "Sam", email: "sam@test.example" },
      recordIds: [p.recordId],
      entryIds: [],
    };
    const bad: [string, Record<string, unknown>][] = [
      ["NUL in the name", { ...base, attester: { ...base.attester, name: "Sa\u0000m" } }],
      ["lone surrogate", { ...base, attester: { ...base.attester, name: "Sam \ud800" } }],
      ["urn:uuid id", { ...base, recordIds: [`urn:uuid:${p.recordId}`] }],
      ["explicit null ids", { ...base, recordIds: null }],
      ["explicit null attester", { ...base, attester: null }],
      ["no records", { ...base, recordIds: [] }],
      ["blank name", { ...base, attester: { ...base.attester, name: "   " } }],
      ["a landline", { ...base, attester: { ...base.attester, mobile: "0113 496 0000" } }],
      ["bad e-mail", { ...base, attester: { ...base.attester, email: "not-an-address" } }],
      ["another regulator's kind", { ...base, kind: "gphcPeerDiscussion" }],
      ["unknown kind", { ...base, kind: "anything" }],
      ["too many ids", { ...base, recordIds: Array.from({ length: 21 }, () => randomUUID()) }],
    ];
    for (const [what, body] of bad) {
      const res = await requestCall(p, body);
      expect([what, res.status >= 400 && res.status < 500]).toEqual([what, true]);
    }
    expect(await h.deps.prisma.attestation.count({ where: { userId: p.id } })).toBe(0);
  }, 30_000);

  it("refuses bad signatures and details, and bad ids on the attester's calls", async () => {
    const { r, token } = await opened();
    const png = await signature();
    const bad: [string, Record<string, unknown>][] = [
      ["not a PNG", { details: DETAILS, signature: "data:image/png;base64,AAAA" }],
      ["a JPEG", { details: DETAILS, signature: "data:image/jpeg;base64,/9j/4AAQ" }],
      ["NUL in the address", { details: { ...DETAILS, address: "Ward\u00007" }, signature: png }],
      ["a lone surrogate", { details: { ...DETAILS, name: "\udc00" }, signature: png }],
      ["a future date", { details: { ...DETAILS, date: "2999-01-01" }, signature: png }],
      ["not a date", { details: { ...DETAILS, date: "2026-02-30" }, signature: png }],
      ["a statement not asked for", { details: { ...DETAILS, statement: "I agree" }, signature: png }],
      ["explicit null details", { details: null, signature: png }],
      ["explicit null signature", { details: DETAILS, signature: null }],
    ];
    for (const [what, body] of bad) {
      const res = await signCall(r.id, token, body);
      expect([what, res.status]).toEqual([what, 400]);
    }
    for (const id of [`urn:uuid:${r.id}`, "not-a-uuid", `${r.id}%00`]) {
      for (const url of [
        `/attestation/${id}`,
        `/attestation/${id}/link`,
        `/verify/attestation/${id}?hash=${"a".repeat(64)}`,
      ]) {
        const res = await call(h.app, "GET", url, { token });
        expect([url, res.status >= 400 && res.status < 500]).toEqual([url, true]);
      }
    }
    const badHash = await verify(r.id, "xyz");
    expect(badHash.status).toBe(400);
    const nullCode = await call(h.app, "POST", `/attestation/${r.id}/code`, { body: {} });
    expect(nullCode.status).toBe(400);
    const stored = await h.deps.prisma.attestation.findUniqueOrThrow({ where: { id: r.id } });
    expect([stored.signedAt, stored.signatureKey]).toEqual([null, null]);
    expect((await mailsTo(r.email)).length).toBeGreaterThan(0);
  }, 30_000);
});
