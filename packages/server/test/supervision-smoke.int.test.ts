// The supervision flow end to end over HTTP, as one owner and one reviewee live it:
// share, 2FA by code, view, comment, tick, sign in order, verify, PDF; and a reset
// ending the reviewee's session. The code is re-derived as the job derives it.
import { randomUUID } from "node:crypto";
import { SUPERVISION_MESSAGES as M } from "@cpd/contract";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { checkFileText } from "../src/modules/files/text-check.js";
import { codeKey, deriveCode } from "../src/modules/supervision/codes.js";
import { startWorkers } from "../src/worker.js";
import { call, createUser, randomIp, testConfig, useApp } from "./harness.js";
import { waitForMail, waitForNewMail } from "./mail.js";
import { smsTo, waitForSms } from "./sms.js";
import { shareCall, supervisionEntry } from "./supervision-fixtures.js";

const h = useApp();
const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/** This file's supervision entries: the owner is the Supervisor, on 1 September. */
const ENTRY = { SupervisionDate: "2026-09-01", Field4: "Weekly supervision" };

/** This file's share of `entryId`: Rae Viewee, the supervisee, two topics. */
const shareOf = (entryId: string, reviewee: { email?: string; number?: string } = {}) => ({
  entryId,
  reviewee: {
    type: "Supervisee",
    name: "Rae Viewee",
    email: reviewee.email ?? `rae-${randomUUID()}@nhs.example`,
    number: reviewee.number ?? "07700 900123",
    expiry: 7,
  },
  topics: [{ title: "Caseload", actions: "Review two cases" }, { title: "Training" }],
});

/** Asks for a code, reads it as the job would, and signs in with it. */
async function guestToken(shareId: string, ip = randomIp()) {
  const sent = await call(h.app, "POST", `/supervision/authenticate/${shareId}`, {
    body: { authenticationCode: null },
    ip,
  });
  expect(sent.status).toBe(200);
  expect(sent.body).toMatchObject({ message: M.codeSent, token: null, resendAfter: 30 });
  const row = await h.deps.prisma.supervisionShare.findUniqueOrThrow({ where: { id: shareId } });
  const code = deriveCode(codeKey(testConfig().jwtSecret), row.codeRequestId as string);
  const ok = await call(h.app, "POST", `/supervision/authenticate/${shareId}`, {
    body: { authenticationCode: `${code.slice(0, 3)} ${code.slice(3)}` },
    ip,
  });
  expect(ok.status).toBe(200);
  expect(ok.body.token).toMatch(/^sg_[A-Za-z0-9_-]{43}$/);
  return ok.body.token as string;
}

describe("supervision sharing", () => {
  it("runs from share to a completed, verifiable record", async () => {
    const owner = await createUser(h.deps, { firstName: "Olive" });
    const entryId = await supervisionEntry(h, owner, "Supervisor", ENTRY);
    const shared = await shareCall(h, owner, shareOf(entryId));
    expect(shared.status).toBe(200);
    expect(shared.body.message).toBe("Shared Successfully");
    const shareId = shared.body.reviewee.Id as string;
    expect(shared.body.reviewee).toMatchObject({
      RevieweeType: "Supervisee",
      Status: "shared",
      Completed: "0",
    });
    expect(shared.body.reviewee.Topics.map((t: { TopicTitle: string }) => t.TopicTitle)).toEqual([
      "Caseload",
      "Training",
    ]);
    expect((await shareCall(h, owner, shareOf(entryId))).body.code).toBe("ALREADY_SHARED");

    const link = await call(h.app, "GET", `/supervision/${shareId}/link`);
    expect(link.body).toMatchObject({ status: "shared", maskedEmail: "r•••@nhs.example" });

    const guest = await guestToken(shareId);
    const view = await call(h.app, "GET", `/supervision/${shareId}`, { token: guest });
    expect(view.status).toBe(200);
    expect(view.body.viewer).toEqual({ kind: "reviewee", side: "Supervisee", name: "Rae Viewee" });
    expect(view.body.ownerName).toBe("Olive User");
    expect(view.body.form).toMatchObject({ guest: true, shared: true, editable: false });

    const topicId = shared.body.reviewee.Topics[0].TopicId as string;
    const c = await call(h.app, "POST", `/supervision/${shareId}/${topicId}/comment`, {
      token: guest,
      body: { comment: "  <b>Agreed</b>  ", author: "Someone else" },
    });
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({ Comment: "<b>Agreed</b>", CommentBy: "Rae Viewee", ByReviewee: true });
    const denied = await call(h.app, "POST", `/supervision/${shareId}/${topicId}/complete`, { token: guest });
    expect(denied.body.code).toBe("REVIEWER_ONLY");
    const ticked = await call(h.app, "POST", `/supervision/${shareId}/${topicId}/complete`, {
      token: owner.token,
    });
    expect(ticked.body).toMatchObject({ TopicId: topicId, Completed: "1" });

    const early = await call(h.app, "POST", "/supervision/complete", {
      token: guest,
      body: { entryId, signature: PNG, useGlobalSignature: false, guest: true },
    });
    expect(early.body).toMatchObject({ code: "SIGN_ORDER", message: M.waitSupervisor });

    const first = await call(h.app, "POST", "/supervision/complete", {
      token: owner.token,
      body: { entryId, signature: PNG, useGlobalSignature: false, guest: false },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ message: M.signed, completed: false });
    const edit = await call(h.app, "POST", `/entries/${entryId}/update`, {
      token: owner.token,
      body: { SupervisionDate: "2026-09-02", SupervisionRole: "Supervisor" },
    });
    expect(edit.body).toMatchObject({ code: "ENTRY_LOCKED", message: M.signedLocked });

    const second = await call(h.app, "POST", "/supervision/complete", {
      token: guest,
      body: { entryId, signature: PNG, useGlobalSignature: false, guest: true },
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ message: M.completed, completed: true });
    const hash = second.body.reviewee.Signature.contentHash as string;
    expect(second.body.reviewee.RevieweeSignature.contentHash).toBe(hash);

    const verified = await call(h.app, "GET", `/supervision/verify/${shareId}?hash=${hash.toUpperCase()}`);
    expect(verified.body).toMatchObject({ matches: true, recordIntact: true, completed: true });
    const other = await call(h.app, "GET", `/supervision/verify/${shareId}?hash=${"0".repeat(64)}`);
    expect(other.body).toMatchObject({ matches: false, message: M.verifyDiffers });

    const pdf = await h.app.inject({ method: "GET", url: `/api/supervision/${shareId}/pdf?token=${guest}` });
    expect(pdf.statusCode).toBe(200);
    const text = (
      await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true })
    ).text;
    expect(text).toContain("Supervision review");
    expect(text).toContain(`SHA-256: ${hash}`);

    const reset = await call(h.app, "POST", "/supervision/reset", { token: owner.token, body: { entryId } });
    expect(reset.body.code).toBe("ENTRY_LOCKED");
  });

  it("ends the reviewee's session and voids a half-signed record on reset", async () => {
    const owner = await createUser(h.deps);
    const entryId = await supervisionEntry(h, owner, "Supervisor", ENTRY);
    const shareId = (await shareCall(h, owner, shareOf(entryId))).body.reviewee.Id as string;
    const guest = await guestToken(shareId);
    const signed = await call(h.app, "POST", "/supervision/complete", {
      token: owner.token,
      body: { entryId, signature: PNG, useGlobalSignature: false, guest: false },
    });
    expect(signed.status).toBe(200);
    const reset = await call(h.app, "POST", "/supervision/reset", { token: owner.token, body: { entryId } });
    expect(reset.body).toEqual({ message: M.reset });
    const after = await call(h.app, "GET", `/supervision/${shareId}`, { token: guest });
    expect(after.status).toBe(401);
    expect((await call(h.app, "GET", `/supervision/${shareId}/link`)).body.code).toBe("LINK_INVALID");
    const again = await shareCall(h, owner, shareOf(entryId));
    expect(again.status).toBe(200);
    expect(again.body.reviewee.Topics).toHaveLength(4);
    expect(again.body.reviewee.Signature).toBeNull();
  });

  it("refuses a second code within 30 seconds and locks the share after five wrong codes", async () => {
    const owner = await createUser(h.deps);
    const entryId = await supervisionEntry(h, owner, "Supervisor", ENTRY);
    const shareId = (await shareCall(h, owner, shareOf(entryId))).body.reviewee.Id as string;
    const ip = randomIp();
    const ask = () =>
      call(h.app, "POST", `/supervision/authenticate/${shareId}`, { body: { authenticationCode: null }, ip });
    expect((await ask()).status).toBe(200);
    const wait = await ask();
    expect(wait.status).toBe(429);
    expect(Number(wait.res.headers["retry-after"])).toBeGreaterThan(0);
    const wrong = (code: string) =>
      call(h.app, "POST", `/supervision/authenticate/${shareId}`, { body: { authenticationCode: code }, ip });
    for (let i = 0; i < 4; i++) expect((await wrong("000000")).body.code).toBe("OTP_INVALID");
    expect((await wrong("000000")).body.code).toBe("SHARE_LOCKED");
    expect((await call(h.app, "GET", `/supervision/${shareId}/link`)).body.status).toBe("locked");
  });

  it("e-mails the link, then the code by e-mail and by text to a UK mobile", async () => {
    const owner = await createUser(h.deps, { firstName: "Olive" });
    const entryId = await supervisionEntry(h, owner, "Supervisor", ENTRY);
    const email = `rae-${randomUUID()}@nhs.example`;
    const mobile = `+447700${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`;
    const shared = await shareCall(h, owner, shareOf(entryId, { email, number: `0${mobile.slice(3)}` }));
    const shareId = shared.body.reviewee.Id as string;
    const link = await call(h.app, "GET", `/supervision/${shareId}/link`);
    expect(link.body.maskedNumber).toBe(`•••• •••${mobile.slice(-3)}`);
    const worker = startWorkers(testConfig());
    try {
      const invite = await waitForMail(email);
      expect(invite.subject).toBe("Olive User shared a supervision record with you");
      expect(invite.text).toContain(`/review/supervision/${shareId}`);

      const sent = await call(h.app, "POST", `/supervision/authenticate/${shareId}`, {
        body: { authenticationCode: null },
        ip: randomIp(),
      });
      expect(sent.body.channels).toEqual(["email", "sms"]);
      const row = await h.deps.prisma.supervisionShare.findUniqueOrThrow({ where: { id: shareId } });
      const code = deriveCode(codeKey(testConfig().jwtSecret), row.codeRequestId as string);
      const codeMail = await waitForNewMail(email, (m) => m.subject === "Your supervision review code");
      expect(codeMail.text).toContain(code);
      await waitForSms(mobile);
      expect((await smsTo(mobile)).map((t) => t.body)).toEqual([
        `Your CPD supervision review code is ${code}. It expires in 10 minutes.`,
      ]);
    } finally {
      await worker.close();
    }
  });

  it("freezes the evidence of a signed record: no upload to it, no detaching, no deleting", async () => {
    const owner = await createUser(h.deps);
    const entryId = await supervisionEntry(h, owner, "Supervisor", ENTRY);
    const upload = (extra: string) =>
      call(h.app, "POST", `/file/upload?filename=notes.pdf${extra}`, {
        token: owner.token,
        payload: Buffer.from("%PDF-1.4\n% evidence\n"),
        headers: { "content-type": "application/octet-stream" },
      });
    const evidence = await upload(`&entryId=${entryId}`);
    expect(evidence.status).toBe(200);
    // Read as the evidence-text job reads it: a file still being read stops the share (ADR 0031).
    await checkFileText({ db: h.deps.prisma, storage: h.deps.storage, log: h.deps.log }, evidence.body.id);
    const loose = await upload("");
    expect(loose.status).toBe(200);
    expect((await shareCall(h, owner, shareOf(entryId))).status).toBe(200);
    const signed = await call(h.app, "POST", "/supervision/complete", {
      token: owner.token,
      body: { entryId, signature: PNG, useGlobalSignature: false, guest: false },
    });
    expect(signed.status).toBe(200);
    const locked = { code: "ENTRY_LOCKED", message: M.signedLocked };
    expect((await upload(`&entryId=${entryId}`)).body).toMatchObject(locked);
    expect(
      (await call(h.app, "DELETE", `/entries/${entryId}/file/${evidence.body.id}`, { token: owner.token }))
        .body,
    ).toMatchObject(locked);
    expect(
      (await call(h.app, "DELETE", `/file/${evidence.body.id}`, { token: owner.token })).body,
    ).toMatchObject(locked);
    // Its evidence can not be moved to another entry either.
    const other = await supervisionEntry(h, owner, "Supervisor", ENTRY);
    const moved = await call(h.app, "POST", `/entries/${other}/update`, {
      token: owner.token,
      body: { SupervisionDate: "2026-09-01", SupervisionRole: "Supervisor", Evidence: [evidence.body.id] },
    });
    expect(moved.body).toMatchObject(locked);
    expect(await h.deps.prisma.storedFile.count({ where: { entryId } })).toBe(1);
  });
});
