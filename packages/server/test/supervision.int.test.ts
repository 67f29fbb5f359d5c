// Supervision records shared with the other party (issue 10): the whole two-party flow
// through the real worker's e-mails (MailDev) and text messages (the fake SMS gateway),
// with the owner on either side; what sharing refuses; topics across a reset.
import { randomInt } from "node:crypto";
import { SUPERVISION_MESSAGES as M } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { call, createUser, jobsSettled, randomIp, refusal, useApp, whileRedisDown } from "./harness.js";
import { waitForNewMail } from "./mail.js";
import { smsTo, waitForSms } from "./sms.js";
import {
  authenticate,
  CODE_SUBJECT,
  codeOf,
  guestSession,
  must,
  newOwner,
  revieweeFor,
  shareAgain,
  shareCall,
  sign,
  supervisionEntry,
  TOPICS,
  uploadPng,
} from "./supervision-fixtures.js";

const h = useApp({ worker: true });

const withBoth = (text: string) => (m: { subject: string; text: string }) =>
  `${m.subject}\n${m.text}`.includes(text);
const update = (token: string, entryId: string, body: Record<string, unknown>) =>
  call(h.app, "POST", `/entries/${entryId}/update`, { token, ip: randomIp(), body });
const comment = (token: string, shareId: string, topicId: string, text: string, author?: string) =>
  call(h.app, "POST", `/supervision/${shareId}/${topicId}/comment`, {
    token,
    ip: randomIp(),
    body: { comment: text, ...(author !== undefined ? { author } : {}) },
  });
const toggle = (token: string, shareId: string, topicId: string) =>
  call(h.app, "POST", `/supervision/${shareId}/${topicId}/complete`, { token, ip: randomIp() });

/**
 * Signs and checks the answer: 200, the message for whether this completed the record, and the new
 * signature on the signer's side (Signature for the owner, RevieweeSignature for the guest).
 */
async function signs(
  who: { token: string; guest: boolean },
  entryId: string,
  completed: boolean,
  signature: Record<string, unknown>,
) {
  const res = await sign(h, who, entryId);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toMatchObject({ message: completed ? M.completed : M.signed, completed });
  expect(res.body.reviewee[who.guest ? "RevieweeSignature" : "Signature"]).toMatchObject({
    ...signature,
    byReviewee: who.guest,
  });
  return res;
}

describe("the two-party flow", () => {
  it("owner as Supervisor: share e-mail, code by e-mail and SMS, read-only guest view, comments, Supervisor-only topics, Supervisor then Supervisee sign-off, e-mails, and a locked entry", async () => {
    const publicUrl = h.deps.config.publicUrl;
    const owner = await newOwner(h, "Olivia");
    const fileId = await uploadPng(h, owner);
    const entryId = await supervisionEntry(h, owner, "Supervisor", { Evidence: [fileId] });
    const { reviewee, e164 } = revieweeFor("Supervisor", { name: "Sam Supervisee" });

    // Share: the answer, then the e-mail with the review link.
    const shared = await shareCall(h, owner, { entryId, reviewee, topics: TOPICS });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    expect(shared.body.message).toBe("Shared Successfully");
    const r = shared.body.reviewee;
    expect(r).toMatchObject({
      RevieweeType: "Supervisee",
      RevieweeName: "Sam Supervisee",
      RevieweeEmail: reviewee.email,
      RevieweeNumber: reviewee.number,
      Signature: null,
      RevieweeSignature: null,
      Completed: "0",
      Status: "shared",
    });
    expect(
      r.Topics.map((t: Record<string, unknown>) => [t.TopicTitle, t.TopicActions, t.Completed, t.Comments]),
    ).toEqual([
      ["Caseload", "Review the waiting list weekly", "0", []],
      ["Wellbeing", "", "0", []],
    ]);
    const days = (Date.parse(r.ExpiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const shareId = r.Id as string;
    const [topic1, topic2] = r.Topics.map((t: { TopicId: string }) => t.TopicId) as [string, string];

    const seen = new Set<string>();
    const shareMail = await waitForNewMail(reviewee.email, withBoth("shared a supervision record"), seen);
    expect(shareMail.subject).toBe("Olivia User shared a supervision record with you");
    expect(shareMail.text).toContain(`${publicUrl}/review/supervision/${shareId}`);

    // The link, before the 2FA step: state and where the code goes, masked.
    const link = await call(h.app, "GET", `/supervision/${shareId}/link`, { ip: randomIp() });
    expect([link.status, link.body]).toEqual([
      200,
      {
        status: "shared",
        maskedEmail: "r•••@test.example",
        maskedNumber: `•••• •••${e164.slice(-3)}`,
        expiresAt: r.ExpiresAt,
      },
    ]);

    // A code: the same one by e-mail and by text message to the UK mobile.
    const ask = await authenticate(h, shareId, null);
    expect([ask.status, ask.body]).toEqual([
      200,
      { message: M.codeSent, token: null, expiresAt: null, resendAfter: 30, channels: ["email", "sms"] },
    ]);
    const code = codeOf(await waitForNewMail(reviewee.email, (m) => m.subject === CODE_SUBJECT, seen));
    const sms = await waitForSms(e164);
    expect(sms.body).toBe(`Your CPD supervision review code is ${code}. It expires in 10 minutes.`);

    // The code as typed with a space in the middle: spaces are stripped.
    const ok = await authenticate(h, shareId, `${code.slice(0, 3)} ${code.slice(3)}`);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({
      message: M.authenticated,
      expiresAt: r.ExpiresAt,
      resendAfter: 0,
      channels: [],
    });
    const guest = ok.body.token as string;
    expect(guest).toMatch(/^sg_[A-Za-z0-9_-]{20,}$/);

    // The guest's view: the record read-only, the viewer named.
    const view = await call(h.app, "GET", `/supervision/${shareId}`, { token: guest });
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body.viewer).toEqual({ kind: "reviewee", side: "Supervisee", name: "Sam Supervisee" });
    expect(view.body.ownerName).toBe("Olivia User");
    expect(view.body.form).toMatchObject({
      identifier: "supervision",
      entryId,
      guest: true,
      shared: true,
      editable: false,
    });
    expect(view.body.form.reviewee.Id).toBe(shareId);
    const items = view.body.form.pages.flatMap((p: { items: unknown[] }) => p.items) as {
      identifier: string;
      value: unknown;
      disabled: boolean;
    }[];
    expect(items.filter((i) => i.disabled !== true).map((i) => i.identifier)).toEqual([]);
    expect(items.find((i) => i.identifier === "Field4")?.value).toBe("Monthly clinical supervision");
    expect(items.find((i) => i.identifier === "SupervisionRole")?.value).toBe("Supervisor");
    const ownerView = await call(h.app, "GET", `/supervision/${shareId}`, { token: owner.token });
    expect(ownerView.status).toBe(200);
    expect(ownerView.body.viewer).toEqual({ kind: "owner", side: "Supervisor", name: "Olivia User" });
    expect(ownerView.body.form.guest).toBe(false);

    // Comments from both sides, stored as the text sent and named from the session.
    const hostile = "<script>alert('x')</script> & see you Tuesday";
    const byGuest = await comment(guest, shareId, topic1, hostile, "Mallory");
    expect(byGuest.status, JSON.stringify(byGuest.body)).toBe(200);
    expect(byGuest.body).toMatchObject({
      Comment: hostile,
      CommentBy: "Sam Supervisee",
      ByReviewee: true,
      TopicId: topic1,
      SupervisionId: shareId,
    });
    const byOwner = await comment(owner.token, shareId, topic1, "Agreed: weekly review");
    expect(byOwner.status).toBe(200);
    expect(byOwner.body).toMatchObject({
      Comment: "Agreed: weekly review",
      CommentBy: "Olivia User",
      ByReviewee: false,
    });
    const stored = await h.deps.prisma.supervisionComment.findMany({
      where: { shareId },
      orderBy: { createdAt: "asc" },
    });
    expect(stored.map((c) => [c.body, c.authorName, c.byReviewee])).toEqual([
      [hostile, "Sam Supervisee", true],
      ["Agreed: weekly review", "Olivia User", false],
    ]);

    // Topics: the Supervisor's side only (here the owner).
    const refused = await toggle(guest, shareId, topic2);
    expect(refusal(refused)).toEqual([403, "REVIEWER_ONLY", M.reviewerOnly]);
    const ticked = await toggle(owner.token, shareId, topic1);
    expect(ticked.status).toBe(200);
    expect(ticked.body).toMatchObject({ TopicId: topic1, Completed: "1" });
    expect(ticked.body.Comments.map((c: { Comment: string }) => c.Comment)).toEqual([
      hostile,
      "Agreed: weekly review",
    ]);
    expect(
      (await h.deps.prisma.supervisionTopic.findUniqueOrThrow({ where: { id: topic2 } })).completed,
    ).toBe(false);

    // Sign-off: the Supervisor (owner) first; the reviewee is told.
    const first = await signs({ token: owner.token, guest: false }, entryId, false, {
      side: "Supervisor",
      signerName: "Olivia User",
    });
    expect(first.body.reviewee.Signature.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(first.body.reviewee.RevieweeSignature).toBeNull();
    const signedMail = await waitForNewMail(
      reviewee.email,
      withBoth("Olivia User has signed the supervision record as Supervisor"),
      seen,
    );
    expect(signedMail.text).toContain(`${publicUrl}/review/supervision/${shareId}`);

    // Then the Supervisee (the reviewee), which completes it; both are told.
    const second = await signs({ token: guest, guest: true }, entryId, true, {
      side: "Supervisee",
      signerName: "Sam Supervisee",
      contentHash: first.body.reviewee.Signature.contentHash,
    });
    expect(second.body.reviewee).toMatchObject({ Completed: "1", Status: "completed" });
    const hash = first.body.reviewee.Signature.contentHash as string;
    for (const to of [owner.email, reviewee.email]) {
      const done = await waitForNewMail(to, withBoth("Supervision record completed"), seen);
      expect(done.text, to).toContain(hash);
      expect(done.text, to).toContain(`${publicUrl}/verify/supervision/${shareId}?hash=${hash}`);
    }

    // Completed: stored as such, and the entry can no longer be edited.
    const entry = await h.deps.prisma.entry.findUniqueOrThrow({ where: { id: entryId } });
    expect([entry.supervisionLocked, entry.supervisionCompleted]).toEqual([true, true]);
    expect(
      (await h.deps.prisma.supervisionShare.findUniqueOrThrow({ where: { id: shareId } })).completedAt,
    ).not.toBeNull();
    const locked = await update(owner.token, entryId, {
      SupervisionDate: "2026-11-03",
      SupervisionRole: "Supervisor",
    });
    expect([locked.status, locked.body.code]).toEqual([409, "ENTRY_LOCKED"]);
    const form = await call(h.app, "GET", `/form/entry/${entryId}`, { token: owner.token });
    expect(form.body.editable).toBe(false);
    const after = await call(h.app, "GET", `/supervision/${shareId}/link`, { ip: randomIp() });
    expect(after.body.status).toBe("completed");
  });

  it("owner as Supervisee: the reviewee is the Supervisor, ticks topics and signs first; the owner completes; the e-mails go the other way", async () => {
    const publicUrl = h.deps.config.publicUrl;
    const s = await guestSession(h, {
      role: "Supervisee",
      owner: await newOwner(h, "Priya"),
      revieweeOver: { name: "Dr Sol Supervisor" },
    });
    const [topic1] = s.topicIds as [string];

    const view = await call(h.app, "GET", `/supervision/${s.shareId}`, { token: s.guest });
    expect(view.body.viewer).toEqual({ kind: "reviewee", side: "Supervisor", name: "Dr Sol Supervisor" });

    const ownerTick = await toggle(s.owner.token, s.shareId, topic1);
    expect([ownerTick.status, ownerTick.body.code]).toEqual([403, "REVIEWER_ONLY"]);
    const guestTick = await toggle(s.guest, s.shareId, topic1);
    expect([guestTick.status, guestTick.body.Completed]).toEqual([200, "1"]);
    const untick = await toggle(s.guest, s.shareId, topic1);
    expect([untick.status, untick.body.Completed]).toEqual([200, "0"]);
    expect((await comment(s.owner.token, s.shareId, topic1, "Thanks for the session")).body.CommentBy).toBe(
      "Priya User",
    );

    // The owner (Supervisee) may not sign before the Supervisor.
    const early = await sign(h, { token: s.owner.token, guest: false }, s.entryId);
    expect(refusal(early)).toEqual([409, "SIGN_ORDER", M.waitSupervisor]);

    await signs({ token: s.guest, guest: true }, s.entryId, false, {
      side: "Supervisor",
      signerName: "Dr Sol Supervisor",
    });
    const ownerSeen = new Set<string>();
    const toldOwner = await waitForNewMail(
      s.owner.email,
      withBoth("Dr Sol Supervisor has signed the supervision record as Supervisor"),
      ownerSeen,
    );
    expect(toldOwner.text).toContain(`${publicUrl}/edit/supervision/${s.entryId}`);

    await signs({ token: s.owner.token, guest: false }, s.entryId, true, {
      side: "Supervisee",
      signerName: "Priya User",
    });
    await waitForNewMail(s.owner.email, withBoth("Supervision record completed"), ownerSeen);
    await waitForNewMail(s.reviewee.email, withBoth("Supervision record completed"), s.seen);

    const locked = await update(s.owner.token, s.entryId, {
      SupervisionDate: "2026-11-03",
      SupervisionRole: "Supervisee",
    });
    expect([locked.status, locked.body.code]).toEqual([409, "ENTRY_LOCKED"]);
  });

  it("a landline gets the code by e-mail only: no masked number, channels [email], no text message", async () => {
    const owner = await newOwner(h);
    const entryId = await supervisionEntry(h, owner, "Supervisor");
    const line = String(randomInt(0, 10_000_000)).padStart(7, "0");
    const { reviewee } = revieweeFor("Supervisor", { number: `020 7${line.slice(0, 3)} ${line.slice(3)}` });
    const res = must(await shareCall(h, owner, { entryId, reviewee, topics: [] }));
    const shareId = res.body.reviewee.Id as string;
    const link = await call(h.app, "GET", `/supervision/${shareId}/link`, { ip: randomIp() });
    expect(link.body).toMatchObject({ status: "shared", maskedNumber: null });
    const ask = await authenticate(h, shareId, null);
    expect([ask.status, ask.body.channels]).toEqual([200, ["email"]]);
    const code = codeOf(await waitForNewMail(reviewee.email, (m) => m.subject === CODE_SUBJECT));
    expect(code).toMatch(/^\d{6}$/);
    // The text message, were one sent, goes in the same job as the e-mail, after it: once the job is done.
    await jobsSettled(h, (data) => data.shareId === shareId);
    expect(await smsTo(`+44207${line}`)).toEqual([]);
  });
});

describe("the guest's read-only record", () => {
  it("lists the evidence under the share's own file URL, which the guest may open with ?token=; another file is 404", async () => {
    const owner = await newOwner(h);
    const fileId = await uploadPng(h, owner, "scan.png");
    const otherFile = await uploadPng(h, owner, "not-evidence.png");
    const s = await guestSession(h, { owner, entryExtra: { Evidence: [fileId] } });

    const view = await call(h.app, "GET", `/supervision/${s.shareId}`, { token: s.guest });
    expect(view.body.form.files).toEqual([
      expect.objectContaining({
        id: fileId,
        filename: "scan.png",
        url: `/api/supervision/${s.shareId}/files/${fileId}`,
      }),
    ]);
    const file = await call(h.app, "GET", `/supervision/${s.shareId}/files/${fileId}?token=${s.guest}`);
    expect(file.status).toBe(200);
    expect(file.res.headers["content-type"]).toContain("image/png");
    expect(file.res.rawPayload.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );

    const notEvidence = await call(h.app, "GET", `/supervision/${s.shareId}/files/${otherFile}`, {
      token: s.guest,
    });
    expect([notEvidence.status, notEvidence.body.code]).toEqual([404, "EVIDENCE_NOT_FOUND"]);
    const stranger = await createUser(h.deps);
    const strangersFile = await uploadPng(h, stranger);
    const theirs = await call(
      h.app,
      "GET",
      `/supervision/${s.shareId}/files/${strangersFile}?token=${s.guest}`,
    );
    expect([theirs.status, theirs.body.code]).toEqual([404, "EVIDENCE_NOT_FOUND"]);
  });

  it("comments: blank is refused, a topic of another entry is 404, the body's author is ignored", async () => {
    const s = await guestSession(h);
    const other = await guestSession(h);
    const [topic] = s.topicIds as [string];

    const blank = await comment(s.guest, s.shareId, topic, "   \n ");
    expect(refusal(blank)).toEqual([400, "COMMENT_REQUIRED", M.commentBlank]);
    const foreign = await comment(s.guest, s.shareId, other.topicIds[0] as string, "Wrong topic");
    expect(refusal(foreign)).toEqual([404, "TOPIC_NOT_FOUND", M.topicNotFound]);
    const ownerForeign = await comment(s.owner.token, s.shareId, other.topicIds[0] as string, "Wrong topic");
    expect([ownerForeign.status, ownerForeign.body.code]).toEqual([404, "TOPIC_NOT_FOUND"]);
    const named = await comment(s.guest, s.shareId, topic, "Fine", "The Owner Themselves");
    expect(named.body.CommentBy).toBe(s.reviewee.name);
    expect(
      await h.deps.prisma.supervisionComment.count({
        where: { topicId: { in: [...s.topicIds, ...other.topicIds] } },
      }),
    ).toBe(1);
  });
});

describe("POST supervision/share", () => {
  it("refuses another's entry (404), a diary (400 NOT_SUPERVISION), the owner's own side (400 REVIEWEE_TYPE), and stores nothing", async () => {
    const owner = await newOwner(h);
    const stranger = await newOwner(h);
    const entryId = await supervisionEntry(h, owner, "Supervisor");
    const { reviewee } = revieweeFor("Supervisor");

    const notMine = await shareCall(h, stranger, { entryId, reviewee, topics: [] });
    expect([notMine.status, notMine.body.code]).toEqual([404, "ENTRY_NOT_FOUND"]);

    const diary = must(
      await call(h.app, "POST", "/entries/diary", {
        token: owner.token,
        body: {
          Field222: "Not supervision",
          DiaryDate: "2026-11-01",
          DiaryHours: "1",
          ActivityType: "Other",
          Field116: "Other",
        },
      }),
    ).body.entryId as string;
    const notSupervision = await shareCall(h, owner, { entryId: diary, reviewee, topics: [] });
    expect(refusal(notSupervision)).toEqual([400, "NOT_SUPERVISION", M.notSupervision]);

    const sameSide = await shareCall(h, owner, {
      entryId,
      reviewee: { ...reviewee, type: "Supervisor" },
      topics: [],
    });
    expect(refusal(sameSide)).toEqual([
      400,
      "REVIEWEE_TYPE",
      "The reviewee must take the other role: you are the Supervisor",
    ]);
    expect(await h.deps.prisma.supervisionShare.count({ where: { userId: owner.id } })).toBe(0);
  });

  it("names each reviewee field it refuses (name, e-mail, number, expiry) and a blank topic title, storing nothing", async () => {
    const owner = await newOwner(h);
    const entryId = await supervisionEntry(h, owner, "Supervisee");
    const { reviewee } = revieweeFor("Supervisee");
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "   " }, M.nameRequired],
      [{ email: "" }, M.emailRequired],
      [{ email: "  " }, M.emailRequired],
      [{ email: "not-an-address" }, M.emailInvalid],
      [{ number: "" }, M.numberRequired],
      [{ number: "07700 9001ab" }, M.numberInvalid],
      [{ number: "123" }, M.numberInvalid],
      [{ expiry: 3 }, M.expiryRequired],
      [{ expiry: 0 }, M.expiryRequired],
      [{ expiry: 365 }, M.expiryRequired],
    ];
    for (const [over, message] of cases) {
      const res = await shareCall(h, owner, { entryId, reviewee: { ...reviewee, ...over }, topics: TOPICS });
      expect(refusal(res), JSON.stringify(over)).toEqual([400, "REVIEWEE_FIELD", message]);
    }
    const blankTopic = await shareCall(h, owner, {
      entryId,
      reviewee,
      topics: [{ title: "Fine" }, { title: "  ", actions: "Something" }],
    });
    expect(refusal(blankTopic)).toEqual([400, "TOPIC_TITLE_REQUIRED", M.topicTitleRequired]);
    expect(await h.deps.prisma.supervisionShare.count({ where: { entryId } })).toBe(0);
    expect(await h.deps.prisma.supervisionTopic.count({ where: { entryId } })).toBe(0);
  });

  it("needs a saved role (400 SUPERVISION_ROLE_REQUIRED), refuses a completed record (409 ENTRY_LOCKED) and a second share (409 ALREADY_SHARED)", async () => {
    const owner = await newOwner(h);
    const noRole = await supervisionEntry(h, owner, "Supervisor");
    await h.deps.prisma.entry.update({
      where: { id: noRole },
      data: { values: { SupervisionDate: "2026-11-02", Field4: "No role" } },
    });
    const { reviewee } = revieweeFor("Supervisor");
    const role = await shareCall(h, owner, { entryId: noRole, reviewee, topics: [] });
    expect(refusal(role)).toEqual([400, "SUPERVISION_ROLE_REQUIRED", M.roleRequired]);

    const completed = await supervisionEntry(h, owner, "Supervisor");
    await h.deps.prisma.entry.update({ where: { id: completed }, data: { supervisionCompleted: true } });
    const done = await shareCall(h, owner, { entryId: completed, reviewee, topics: [] });
    expect([done.status, done.body.code]).toEqual([409, "ENTRY_LOCKED"]);

    const entryId = await supervisionEntry(h, owner, "Supervisor");
    must(await shareCall(h, owner, { entryId, reviewee, topics: TOPICS }));
    const again = await shareCall(h, owner, { entryId, reviewee, topics: [{ title: "Another" }] });
    expect(refusal(again)).toEqual([409, "ALREADY_SHARED", M.alreadyShared]);
    expect(await h.deps.prisma.supervisionShare.count({ where: { entryId } })).toBe(1);
    expect(await h.deps.prisma.supervisionTopic.count({ where: { entryId } })).toBe(2);
    expect(
      await h.deps.prisma.supervisionShare.count({ where: { entryId: { in: [noRole, completed] } } }),
    ).toBe(0);
  });

  it("keeps the topics and their comments across a reset; sharing again adds the new topics after them", async () => {
    const s = await guestSession(h);
    must(await comment(s.owner.token, s.shareId, s.topicIds[0] as string, "Before the reset"));
    const reset = await call(h.app, "POST", "/supervision/reset", {
      token: s.owner.token,
      ip: randomIp(),
      body: { entryId: s.entryId },
    });
    expect([reset.status, reset.body]).toEqual([200, { message: M.reset }]);
    const again = must((await shareAgain(h, s, [{ title: "Follow-up", actions: "Book" }])).res);
    expect(again.body.reviewee.Id).not.toBe(s.shareId);
    const topics = again.body.reviewee.Topics as {
      TopicId: string;
      TopicTitle: string;
      Comments: { Comment: string }[];
    }[];
    expect(topics.map((t) => t.TopicTitle)).toEqual(["Caseload", "Wellbeing", "Follow-up"]);
    expect(topics.slice(0, 2).map((t) => t.TopicId)).toEqual(s.topicIds);
    expect(topics[0]?.Comments.map((c) => c.Comment)).toEqual(["Before the reset"]);
    const stored = await h.deps.prisma.supervisionTopic.findMany({
      where: { entryId: s.entryId },
      orderBy: { position: "asc" },
    });
    expect(stored.map((t) => t.title)).toEqual(["Caseload", "Wellbeing", "Follow-up"]);
    expect(new Set(stored.map((t) => t.position)).size).toBe(3);
  });

  it("answers 503 with Retry-After when the e-mail cannot be queued, and leaves no share or new topic behind", async () => {
    const owner = await newOwner(h);
    const entryId = await supervisionEntry(h, owner, "Supervisor");
    const { reviewee } = revieweeFor("Supervisor");
    await whileRedisDown(h, async () => {
      const res = await shareCall(h, owner, { entryId, reviewee, topics: TOPICS });
      expect([res.status, res.body.code]).toEqual([503, "SERVICE_UNAVAILABLE"]);
      expect(Number(res.res.headers["retry-after"])).toBeGreaterThan(0);
    });
    expect(await h.deps.prisma.supervisionShare.count({ where: { entryId } })).toBe(0);
    expect(await h.deps.prisma.supervisionTopic.count({ where: { entryId } })).toBe(0);
    expect((await shareCall(h, owner, { entryId, reviewee, topics: TOPICS })).status).toBe(200);
  });
});
