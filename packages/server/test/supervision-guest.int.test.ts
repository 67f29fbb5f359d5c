// The reviewee's side of supervision sharing (issue 10): the 2FA code (cooldown, expiry,
// single use, lock after five wrong codes, stored hashed) and what a guest token opens:
// its own share's guest calls and nothing else; expiry and reset end it.
import { randomUUID } from "node:crypto";
import { api, type EndpointDef, SUPERVISION_MESSAGES as M } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { call, createUser, randomIp, refusal, useApp } from "./harness.js";
import { waitForNewMail } from "./mail.js";
import {
  authenticate,
  CODE_SUBJECT,
  codeOf,
  guestSession,
  guestToken,
  mailedCode,
  must,
  newOwner,
  type Shared,
  sha256,
  shareAgain,
  sharedSupervision,
  sign,
  TOPICS,
  uploadPng,
} from "./supervision-fixtures.js";

const h = useApp({ worker: true });

const endpoints = Object.entries(api as Record<string, EndpointDef>);
const guestCalls = endpoints.filter(([, e]) => e.guest).map(([name]) => name);
const share = (id: string) => h.deps.prisma.supervisionShare.findUniqueOrThrow({ where: { id } });
const secondsAgo = (s: number) => new Date(Date.now() - s * 1000);
/** Moves a share's clock fields, as time passing would. */
const setShare = (
  s: { shareId: string },
  data: { expiresAt?: Date; codeRequestedAt?: Date; codeExpiresAt?: Date },
) => h.deps.prisma.supervisionShare.update({ where: { id: s.shareId }, data });
/** What the reviewee's ways in answer: the link (with its message), asking for a code, and the guest view. */
async function waysIn(s: { shareId: string; guest: string }) {
  const link = await call(h.app, "GET", `/supervision/${s.shareId}/link`, { ip: randomIp() });
  const code = await authenticate(h, s.shareId, null);
  const view = await call(h.app, "GET", `/supervision/${s.shareId}`, { token: s.guest });
  return { link: refusal(link), code: [code.status, code.body.code], view: [view.status, view.body.code] };
}
const reset = (s: Shared) =>
  call(h.app, "POST", "/supervision/reset", {
    token: s.owner.token,
    ip: randomIp(),
    body: { entryId: s.entryId },
  });
/** A six-digit code that is not `code`. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

/** Every guest call aimed at share `s` (its topic, its evidence, its entry), with `token` or none. */
function guestRequests(s: Shared, fileId: string) {
  const topic = s.topicIds[0] as string;
  const reqs: Record<string, { method: "GET" | "POST"; url: string; body?: unknown }> = {
    supervisionView: { method: "GET", url: `/supervision/${s.shareId}` },
    // The specification's own read of the record (ADR 0022).
    entryForm: { method: "GET", url: `/form/entry/${s.entryId}` },
    supervisionFile: { method: "GET", url: `/supervision/${s.shareId}/files/${fileId}` },
    supervisionPdf: { method: "GET", url: `/supervision/${s.shareId}/pdf` },
    commentSupervisionTopic: {
      method: "POST",
      url: `/supervision/${s.shareId}/${topic}/comment`,
      body: { comment: "Not yours" },
    },
    toggleSupervisionTopic: { method: "POST", url: `/supervision/${s.shareId}/${topic}/complete` },
    completeSupervision: {
      method: "POST",
      url: "/supervision/complete",
      // A PNG signature is not needed: the share is judged first.
      body: { entryId: s.entryId, signature: null, useGlobalSignature: false, guest: true },
    },
  };
  return reqs;
}

describe("what a guest token opens", () => {
  it("is refused (401) by every call that needs a member session, in the header or as ?token=", async () => {
    const s = await guestSession(h);
    const needing = endpoints.filter(([, e]) => e.auth);
    expect(needing.length).toBeGreaterThan(80);
    const wrong: string[] = [];
    for (const [name, e] of needing) {
      const path = e.path.replace(/:(\w+)/g, () => randomUUID());
      const sendBody = e.body && !e.rawBody;
      const res = await h.app.inject({
        method: e.method,
        url: `/api${path}`,
        headers: { authorization: `Bearer ${s.guest}` },
        ...(sendBody ? { payload: {} } : {}),
        remoteAddress: randomIp(),
      });
      if (res.statusCode !== 401 || res.json().code !== "UNAUTHORIZED")
        wrong.push(`${name} ${e.method} ${e.path}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      const query = (e.query as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
      if (e.method === "GET" && ("token" in query || "auth_token" in query)) {
        const key = "token" in query ? "token" : "auth_token";
        const viaQuery = await h.app.inject({
          method: "GET",
          url: `/api${path}?${key}=${s.guest}`,
          remoteAddress: randomIp(),
        });
        if (viaQuery.statusCode !== 401) wrong.push(`${name} ?${key}=: ${viaQuery.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 90_000);

  it("opens only its own share: every guest call on another share is 404; no token is 401; a member who does not own it gets 404", async () => {
    const mine = await guestSession(h);
    const owner = await newOwner(h);
    const fileId = await uploadPng(h, owner);
    const theirs = await sharedSupervision(h, { owner, entryExtra: { Evidence: [fileId] } });
    const stranger = await createUser(h.deps);
    const reqs = guestRequests(theirs, fileId);
    expect(Object.keys(reqs).sort()).toEqual([...guestCalls].sort());

    for (const [name, r] of Object.entries(reqs)) {
      const asGuest = await call(h.app, r.method, r.url, { token: mine.guest, body: r.body, ip: randomIp() });
      expect(asGuest.status, `${name} with another share's guest token`).toBe(404);
      const asStranger = await call(h.app, r.method, r.url, {
        token: stranger.token,
        body: r.body,
        ip: randomIp(),
      });
      expect(asStranger.status, `${name} as a member who does not own it`).toBe(404);
      const anonymous = await call(h.app, r.method, r.url, { body: r.body, ip: randomIp() });
      expect([anonymous.status, anonymous.body.code], `${name} without a token`).toEqual([
        401,
        "UNAUTHORIZED",
      ]);
    }
    const view = await call(h.app, "GET", `/supervision/${theirs.shareId}`, { token: mine.guest });
    expect(view.body.code).toBe("SUPERVISION_NOT_FOUND");
    // Nothing reached the other share.
    expect(await h.deps.prisma.supervisionComment.count({ where: { shareId: theirs.shareId } })).toBe(0);
    expect(await h.deps.prisma.supervisionSignature.count({ where: { shareId: theirs.shareId } })).toBe(0);
    expect(
      await h.deps.prisma.supervisionTopic.count({ where: { entryId: theirs.entryId, completed: true } }),
    ).toBe(0);
    // And the token still opens its own share.
    expect((await call(h.app, "GET", `/supervision/${mine.shareId}`, { token: mine.guest })).status).toBe(
      200,
    );
  }, 90_000);

  it("an unknown share id: 404 SUPERVISION_NOT_FOUND for the owner, 404 LINK_INVALID for the link and the code", async () => {
    const s = await guestSession(h);
    const unknown = randomUUID();
    const view = await call(h.app, "GET", `/supervision/${unknown}`, { token: s.owner.token });
    expect([view.status, view.body.code]).toEqual([404, "SUPERVISION_NOT_FOUND"]);
    const link = await call(h.app, "GET", `/supervision/${unknown}/link`, { ip: randomIp() });
    expect(refusal(link)).toEqual([404, "LINK_INVALID", M.linkInvalid]);
    const code = await authenticate(h, unknown, null);
    expect([code.status, code.body.code]).toEqual([404, "LINK_INVALID"]);
  });
});

describe("an expired share", () => {
  it("answers 410 LINK_EXPIRED to the link, the code and the guest; the owner can still read it but not comment", async () => {
    const s = await guestSession(h);
    await setShare(s, { expiresAt: secondsAgo(60) });
    const topic = s.topicIds[0] as string;

    expect(await waysIn(s)).toEqual({
      link: [410, "LINK_EXPIRED", M.linkExpired],
      code: [410, "LINK_EXPIRED"],
      view: [410, "LINK_EXPIRED"],
    });
    const guestComment = await call(h.app, "POST", `/supervision/${s.shareId}/${topic}/comment`, {
      token: s.guest,
      body: { comment: "Too late" },
    });
    expect([guestComment.status, guestComment.body.code]).toEqual([410, "LINK_EXPIRED"]);

    const ownerView = await call(h.app, "GET", `/supervision/${s.shareId}`, { token: s.owner.token });
    expect(ownerView.status).toBe(200);
    expect(ownerView.body.form.reviewee.Status).toBe("expired");
    const ownerComment = await call(h.app, "POST", `/supervision/${s.shareId}/${topic}/comment`, {
      token: s.owner.token,
      body: { comment: "Too late" },
    });
    expect([ownerComment.status, ownerComment.body.code]).toEqual([410, "LINK_EXPIRED"]);
    const ownerSign = await sign(h, { token: s.owner.token, guest: false }, s.entryId);
    expect([ownerSign.status, ownerSign.body.code]).toEqual([410, "LINK_EXPIRED"]);
    expect(await h.deps.prisma.supervisionComment.count({ where: { shareId: s.shareId } })).toBe(0);
    expect(await h.deps.prisma.supervisionSignature.count({ where: { shareId: s.shareId } })).toBe(0);
  });
});

describe("POST supervision/reset", () => {
  it("ends the old link (404 LINK_INVALID) and the old guest token (401); a new share gives a link that works", async () => {
    const s = await guestSession(h);
    const res = await reset(s);
    expect([res.status, res.body]).toEqual([200, { message: M.reset }]);
    expect((await share(s.shareId)).revokedAt).not.toBeNull();

    expect(await waysIn(s)).toEqual({
      link: [404, "LINK_INVALID", M.linkInvalid],
      code: [404, "LINK_INVALID"],
      view: [401, "UNAUTHORIZED"],
    });
    const comment = await call(h.app, "POST", `/supervision/${s.shareId}/${s.topicIds[0]}/comment`, {
      token: s.guest,
      body: { comment: "After the reset" },
    });
    expect(comment.status).toBe(401);

    const again = await reset(s);
    expect(refusal(again)).toEqual([409, "NOT_SHARED", M.notShared]);

    const shared = must((await shareAgain(h, s)).res);
    const newId = shared.body.reviewee.Id as string;
    expect(newId).not.toBe(s.shareId);
    const newLink = await call(h.app, "GET", `/supervision/${newId}/link`, { ip: randomIp() });
    expect([newLink.status, newLink.body.status]).toEqual([200, "shared"]);
    // The reset killed the old guest session: its token opens nothing, the new share included.
    expect(await h.deps.prisma.supervisionGuestSession.count({ where: { shareId: s.shareId } })).toBe(0);
    const onNew = await call(h.app, "GET", `/supervision/${newId}`, { token: s.guest });
    expect([onNew.status, onNew.body.code]).toEqual([401, "UNAUTHORIZED"]);
  });

  it("is the owner's: another member gets 404 and the share stands", async () => {
    const s = await sharedSupervision(h);
    const stranger = await createUser(h.deps);
    const res = await call(h.app, "POST", "/supervision/reset", {
      token: stranger.token,
      ip: randomIp(),
      body: { entryId: s.entryId },
    });
    expect(res.status).toBe(404);
    expect((await share(s.shareId)).revokedAt).toBeNull();
  });
});

describe("the 2FA code", () => {
  it("locks the share at the fifth wrong code (403 SHARE_LOCKED); then even the right code is refused; existing sessions go on; reset and a new share work", async () => {
    const s = await sharedSupervision(h);
    const earlier = await guestToken(h, s);
    // A new code after the cooldown (the first was used).
    await setShare(s, { codeRequestedAt: secondsAgo(31) });
    const code = await mailedCode(h, s);
    const wrong = wrongCode(code);
    for (let i = 1; i <= 4; i++) {
      const res = await authenticate(h, s.shareId, wrong);
      expect(refusal(res), `wrong code ${i}`).toEqual([400, "OTP_INVALID", M.codeWrong]);
    }
    const fifth = await authenticate(h, s.shareId, wrong);
    expect(refusal(fifth)).toEqual([403, "SHARE_LOCKED", M.locked]);
    const row = await share(s.shareId);
    expect(row.wrongCodes).toBe(5);
    expect(row.lockedAt).not.toBeNull();

    const right = await authenticate(h, s.shareId, code);
    expect([right.status, right.body.code]).toEqual([403, "SHARE_LOCKED"]);
    expect(right.body.token).toBeUndefined();
    const ask = await authenticate(h, s.shareId, null);
    expect([ask.status, ask.body.code]).toEqual([403, "SHARE_LOCKED"]);
    const link = await call(h.app, "GET", `/supervision/${s.shareId}/link`, { ip: randomIp() });
    expect([link.status, link.body.status]).toEqual([200, "locked"]);
    expect(await h.deps.prisma.supervisionGuestSession.count({ where: { shareId: s.shareId } })).toBe(1);
    // Locked only blocks authentication.
    expect((await call(h.app, "GET", `/supervision/${s.shareId}`, { token: earlier })).status).toBe(200);

    must(await reset(s));
    const { reviewee, res: next } = await shareAgain(h, s);
    must(next);
    const nextShare: Shared = { ...s, shareId: next.body.reviewee.Id, reviewee, seen: new Set() };
    const token = await guestToken(h, nextShare);
    expect((await call(h.app, "GET", `/supervision/${nextShare.shareId}`, { token })).status).toBe(200);
  });

  it("an expired code answers 400 OTP_EXPIRED 'Authentication code expired.' and counts no attempt", async () => {
    const s = await sharedSupervision(h);
    const code = await mailedCode(h, s);
    await setShare(s, { codeExpiresAt: secondsAgo(1) });
    const res = await authenticate(h, s.shareId, code);
    expect(refusal(res)).toEqual([400, "OTP_EXPIRED", "Authentication code expired."]);
    expect((await share(s.shareId)).wrongCodes).toBe(0);
    expect(await h.deps.prisma.supervisionGuestSession.count({ where: { shareId: s.shareId } })).toBe(0);
  });

  it("works once: the same right code a second time is refused", async () => {
    const s = await sharedSupervision(h);
    const code = await mailedCode(h, s);
    const first = await authenticate(h, s.shareId, code);
    expect(first.status).toBe(200);
    const second = await authenticate(h, s.shareId, code);
    expect([second.status, second.body.code]).toEqual([400, "OTP_INVALID"]);
    expect(await h.deps.prisma.supervisionGuestSession.count({ where: { shareId: s.shareId } })).toBe(1);
    expect((await share(s.shareId)).codeHash).toBeNull();
  });

  it("a code with nothing asked for is 400 OTP_INVALID", async () => {
    const s = await sharedSupervision(h);
    const res = await authenticate(h, s.shareId, "123456");
    expect(refusal(res)).toEqual([400, "OTP_INVALID", M.codeWrong]);
  });

  it("another code within 30 s is 429 with Retry-After; after 30 s a new code is sent and only it works", async () => {
    const s = await sharedSupervision(h);
    const first = await mailedCode(h, s);
    const requestId = (await share(s.shareId)).codeRequestId;

    const soon = await authenticate(h, s.shareId, null);
    expect(refusal(soon)).toEqual([429, "TOO_MANY_REQUESTS", M.codeWait]);
    const retryAfter = Number(soon.res.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect((await share(s.shareId)).codeRequestId).toBe(requestId);

    await setShare(s, { codeRequestedAt: secondsAgo(31) });
    const second = await mailedCode(h, s);
    expect((await share(s.shareId)).codeRequestId).not.toBe(requestId);
    if (second !== first) {
      const old = await authenticate(h, s.shareId, first);
      expect([old.status, old.body.code]).toEqual([400, "OTP_INVALID"]);
    }
    const ok = await authenticate(h, s.shareId, second);
    expect(ok.status).toBe(200);
  });

  it("is stored hashed, like the guest token: neither appears in the database", async () => {
    const s = await sharedSupervision(h);
    const code = await mailedCode(h, s);
    const row = await share(s.shareId);
    expect(row.codeHash).not.toBeNull();
    expect(row.codeHash).not.toContain(code);
    expect((row.codeHash as string).length).toBeGreaterThanOrEqual(32);
    expect(row.codeRequestId).toMatch(/^[0-9a-f-]{36}$/);
    const expiresIn = (row.codeExpiresAt as Date).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(9 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(10 * 60_000);

    const token = (await authenticate(h, s.shareId, code)).body.token as string;
    const sessions = await h.deps.prisma.supervisionGuestSession.findMany({ where: { shareId: s.shareId } });
    expect(sessions).toHaveLength(1);
    const stored = sessions[0]?.tokenHash as string;
    expect(stored).not.toContain(token.slice(3));
    const digest = sha256(token);
    expect([
      digest,
      Buffer.from(digest, "hex").toString("base64url"),
      Buffer.from(digest, "hex").toString("base64"),
    ]).toContain(stored);
  });

  it("sends the code e-mail to the reviewee only, with the code valid 10 minutes", async () => {
    const s = await sharedSupervision(h);
    must(await authenticate(h, s.shareId, null));
    const mail = await waitForNewMail(s.reviewee.email, (m) => m.subject === CODE_SUBJECT, s.seen);
    expect(codeOf(mail)).toMatch(/^\d{6}$/);
    expect(mail.text).toContain("10 minutes");
    expect(mail.to.map((t) => t.address)).toEqual([s.reviewee.email]);
  });
});

describe("topics of a new share", () => {
  it("are the body's topics in order", async () => {
    const s = await sharedSupervision(h, { topics: TOPICS });
    const stored = await h.deps.prisma.supervisionTopic.findMany({
      where: { entryId: s.entryId },
      orderBy: { position: "asc" },
    });
    expect(stored.map((t) => [t.id, t.title, t.actions, t.completed])).toEqual([
      [s.topicIds[0], "Caseload", "Review the waiting list weekly", false],
      [s.topicIds[1], "Wellbeing", "", false],
    ]);
  });
});
