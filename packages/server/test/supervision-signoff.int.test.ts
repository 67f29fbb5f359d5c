// Supervision sign-off (issue 10): the Supervisor first, then the Supervisee; one
// signature per side even under racing requests; the first signature freezes the
// record; what the guest may not send; which signature images are refused.
import { SUPERVISION_MESSAGES as M } from "@cpd/contract";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { call, randomIp, refusal, useApp } from "./harness.js";
import {
  dataUrl,
  guestSession,
  must,
  newOwner,
  shareAgain,
  sign,
  signaturePng,
  supervisionEntry,
} from "./supervision-fixtures.js";

const h = useApp({ worker: true });

const signatures = (shareId: string) => h.deps.prisma.supervisionSignature.findMany({ where: { shareId } });
const entryRow = (id: string) => h.deps.prisma.entry.findUniqueOrThrow({ where: { id } });
const owner = (s: { owner: { token: string } }) => ({ token: s.owner.token, guest: false });
const guest = (s: { guest: string }) => ({ token: s.guest, guest: true });
const comment = (token: string, shareId: string, topicId: string) =>
  call(h.app, "POST", `/supervision/${shareId}/${topicId}/comment`, {
    token,
    ip: randomIp(),
    body: { comment: "One more thing" },
  });
const toggle = (token: string, shareId: string, topicId: string) =>
  call(h.app, "POST", `/supervision/${shareId}/${topicId}/complete`, { token, ip: randomIp() });

describe("sign-off order", () => {
  it("the reviewee on the Supervisee side may not sign first: 409 SIGN_ORDER, nothing stored", async () => {
    const s = await guestSession(h, { role: "Supervisor" });
    const res = await sign(h, guest(s), s.entryId);
    expect(refusal(res)).toEqual([409, "SIGN_ORDER", M.waitSupervisor]);
    expect(await signatures(s.shareId)).toEqual([]);
    expect((await entryRow(s.entryId)).supervisionLocked).toBe(false);
  });

  it("the owner on the Supervisee side may not sign first: 409 SIGN_ORDER, nothing stored", async () => {
    const s = await guestSession(h, { role: "Supervisee" });
    const res = await sign(h, owner(s), s.entryId);
    expect(refusal(res)).toEqual([409, "SIGN_ORDER", M.waitSupervisor]);
    expect(await signatures(s.shareId)).toEqual([]);
  });

  it("a side signs once: the second time is 409 ALREADY_SIGNED", async () => {
    const s = await guestSession(h, { role: "Supervisor" });
    must(await sign(h, owner(s), s.entryId));
    const again = await sign(h, owner(s), s.entryId);
    expect(refusal(again)).toEqual([409, "ALREADY_SIGNED", M.alreadySigned]);
    const rows = await signatures(s.shareId);
    expect(rows.map((r) => [r.side, r.byReviewee])).toEqual([["Supervisor", false]]);
  });

  it("five identical completes at once by one side: exactly one 200, the rest 409; one signature per side", async () => {
    const s = await guestSession(h, { role: "Supervisee" });
    const first = await Promise.all(Array.from({ length: 5 }, () => sign(h, guest(s), s.entryId)));
    expect(first.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const r of first.filter((x) => x.status === 409)) expect(r.body.code).toBe("ALREADY_SIGNED");
    expect((await signatures(s.shareId)).map((r) => r.side)).toEqual(["Supervisor"]);

    const second = await Promise.all(Array.from({ length: 5 }, () => sign(h, owner(s), s.entryId)));
    expect(second.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(second.find((r) => r.status === 200)?.body.completed).toBe(true);
    const rows = await signatures(s.shareId);
    expect(rows.map((r) => r.side).sort()).toEqual(["Supervisee", "Supervisor"]);
    expect(new Set(rows.map((r) => r.storageKey)).size).toBe(2);
    const entry = await entryRow(s.entryId);
    expect([entry.supervisionLocked, entry.supervisionCompleted]).toEqual([true, true]);
  });

  it("needs a share: an owner's unshared record answers 409 NOT_SHARED", async () => {
    const o = await newOwner(h);
    const entryId = await supervisionEntry(h, o, "Supervisor");
    const res = await sign(h, { token: o.token, guest: false }, entryId);
    expect([res.status, res.body.code]).toEqual([409, "NOT_SHARED"]);
  });
});

describe("the first signature freezes the record", () => {
  it("comments, topic ticks and entry updates answer 409 ENTRY_LOCKED after it; a reset unfreezes and voids the signing", async () => {
    const s = await guestSession(h, { role: "Supervisor" });
    const [topic] = s.topicIds as [string];
    const before = (await entryRow(s.entryId)).values;
    const signed = must(await sign(h, owner(s), s.entryId));
    const hash = signed.body.reviewee.Signature.contentHash as string;
    expect((await entryRow(s.entryId)).supervisionLocked).toBe(true);

    for (const [what, res] of [
      ["guest comment", await comment(s.guest, s.shareId, topic)],
      ["owner comment", await comment(s.owner.token, s.shareId, topic)],
      ["owner tick", await toggle(s.owner.token, s.shareId, topic)],
    ] as const) {
      expect(refusal(res), what).toEqual([409, "ENTRY_LOCKED", M.signedLocked]);
    }
    const update = await call(h.app, "POST", `/entries/${s.entryId}/update`, {
      token: s.owner.token,
      body: { SupervisionDate: "2026-11-09", SupervisionRole: "Supervisor", Field4: "Changed after signing" },
    });
    expect([update.status, update.body.code]).toEqual([409, "ENTRY_LOCKED"]);
    expect((await entryRow(s.entryId)).values).toEqual(before);
    expect(await h.deps.prisma.supervisionComment.count({ where: { shareId: s.shareId } })).toBe(0);
    expect(
      await h.deps.prisma.supervisionTopic.count({ where: { entryId: s.entryId, completed: true } }),
    ).toBe(0);

    // A reset voids the unfinished signing: the signature stays stored but is not shown, and edits work again.
    must(
      await call(h.app, "POST", "/supervision/reset", {
        token: s.owner.token,
        ip: randomIp(),
        body: { entryId: s.entryId },
      }),
    );
    expect((await entryRow(s.entryId)).supervisionLocked).toBe(false);
    expect(await signatures(s.shareId)).toHaveLength(1);
    const edited = await call(h.app, "POST", `/entries/${s.entryId}/update`, {
      token: s.owner.token,
      body: {
        SupervisionDate: "2026-11-09",
        SupervisionRole: "Supervisor",
        Field4: "Changed after the reset",
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const again = must((await shareAgain(h, s)).res);
    expect(again.body.reviewee).toMatchObject({ Signature: null, RevieweeSignature: null, Status: "shared" });
    const verify = await call(h.app, "GET", `/supervision/verify/${s.shareId}?hash=${hash}`, {
      ip: randomIp(),
    });
    expect([verify.status, verify.body.matches]).toEqual([200, false]);
  });

  it("after completion: comments answer 409 ENTRY_LOCKED (completed), and neither reset nor a new share is allowed", async () => {
    const s = await guestSession(h, { role: "Supervisor" });
    must(await sign(h, owner(s), s.entryId));
    must(await sign(h, guest(s), s.entryId));
    const res = await comment(s.owner.token, s.shareId, s.topicIds[0] as string);
    expect(refusal(res)).toEqual([409, "ENTRY_LOCKED", M.completedLocked]);
    const reset = await call(h.app, "POST", "/supervision/reset", {
      token: s.owner.token,
      ip: randomIp(),
      body: { entryId: s.entryId },
    });
    expect([reset.status, reset.body.code]).toEqual([409, "ENTRY_LOCKED"]);
    expect(
      (await h.deps.prisma.supervisionShare.findUniqueOrThrow({ where: { id: s.shareId } })).revokedAt,
    ).toBeNull();
    const share = (await shareAgain(h, s)).res;
    expect([share.status, share.body.code]).toEqual([409, "ENTRY_LOCKED"]);
    const signAgain = await sign(h, guest(s), s.entryId);
    expect([signAgain.status, signAgain.body.code]).toEqual([409, "ENTRY_LOCKED"]);
  });
});

describe("what the reviewee may send", () => {
  it("no saved signature (400 SIGNATURE_REQUIRED), no form values (403 GUEST_READ_ONLY), guest must be true (400); nothing stored", async () => {
    // The reviewee is the Supervisor here, so the order of signing is not what refuses them.
    const s = await guestSession(h, { role: "Supervisee" });
    const global = await sign(h, guest(s), s.entryId, { signature: null, useGlobalSignature: true });
    expect(refusal(global)).toEqual([400, "SIGNATURE_REQUIRED", M.globalForGuests]);
    const before = (await entryRow(s.entryId)).values;
    const form = await sign(h, guest(s), s.entryId, {
      form: {
        SupervisionDate: "2026-11-09",
        SupervisionRole: "Supervisee",
        Field4: "Rewritten by the guest",
      },
    });
    expect(refusal(form)).toEqual([403, "GUEST_READ_ONLY", M.guestReadOnly]);
    const notGuest = await sign(h, { token: s.guest, guest: false }, s.entryId);
    expect([notGuest.status, notGuest.body.code]).toEqual([400, "BAD_REQUEST"]);
    const ownerAsGuest = await sign(h, { token: s.owner.token, guest: true }, s.entryId);
    expect([ownerAsGuest.status, ownerAsGuest.body.code]).toEqual([400, "BAD_REQUEST"]);
    expect(await signatures(s.shareId)).toEqual([]);
    expect((await entryRow(s.entryId)).values).toEqual(before);
    // An empty form is no form: the signing goes through.
    const ok = await sign(h, guest(s), s.entryId, { form: {} });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});

describe("signature images", () => {
  it("refuses what is not a PNG drawn on the pad, too many bytes, too large, and none, with the right codes", async () => {
    const s = await guestSession(h, { role: "Supervisor" });
    const png = await signaturePng();
    const padded = Buffer.concat([png, Buffer.alloc(200_001 - png.length)]);
    const jpeg = await sharp({ create: { width: 300, height: 80, channels: 3, background: "#fff" } })
      .jpeg()
      .toBuffer();
    const cases: [string, unknown, string][] = [
      ["text as a PNG data URL", dataUrl(Buffer.from("this is not an image at all")), "SIGNATURE_INVALID"],
      ["only the PNG magic bytes", dataUrl(png.subarray(0, 8)), "SIGNATURE_INVALID"],
      ["a JPEG data URL", dataUrl(jpeg, "image/jpeg"), "SIGNATURE_INVALID"],
      ["a JPEG labelled PNG", dataUrl(jpeg), "SIGNATURE_INVALID"],
      ["not base64", "data:image/png;base64,!!!***", "SIGNATURE_INVALID"],
      ["no data URL", png.toString("base64"), "SIGNATURE_INVALID"],
      ["over 200,000 bytes", dataUrl(padded), "SIGNATURE_INVALID"],
      ["wider than the pad allows", dataUrl(await signaturePng(4 * 734 + 1, 40)), "SIGNATURE_INVALID"],
      ["taller than the pad allows", dataUrl(await signaturePng(300, 4 * 178 + 1)), "SIGNATURE_INVALID"],
      ["null", null, "SIGNATURE_REQUIRED"],
    ];
    for (const [what, signature, code] of cases) {
      const res = await sign(h, owner(s), s.entryId, { signature });
      expect([res.status, res.body.code], what).toEqual([400, code]);
      if (code === "SIGNATURE_INVALID") expect(res.body.message, what).toBe(M.signatureInvalid);
      else expect(res.body.message, what).toBe(M.signatureRequired);
    }
    expect(await signatures(s.shareId)).toEqual([]);
    expect((await entryRow(s.entryId)).supervisionLocked).toBe(false);
    // The largest accepted size still signs.
    const largest = Buffer.concat([png, Buffer.alloc(200_000 - png.length)]);
    const ok = await sign(h, owner(s), s.entryId, { signature: dataUrl(largest) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it("the owner's saved signature: refused when there is none or it is not an image, used when it is a PNG", async () => {
    const s = await guestSession(h, { role: "Supervisor" });
    const none = await sign(h, owner(s), s.entryId, { signature: null, useGlobalSignature: true });
    expect(refusal(none)).toEqual([400, "NO_GLOBAL_SIGNATURE", M.noGlobalSignature]);
    const profile = (signature: string) =>
      call(h.app, "PUT", "/personal-profile", { token: s.owner.token, body: { signature } });
    const refused = await profile(dataUrl(Buffer.from("plain text"), "text/plain"));
    expect([refused.status, refused.body.code]).toEqual([400, "SIGNATURE_INVALID"]);
    const text = await sign(h, owner(s), s.entryId, { signature: null, useGlobalSignature: true });
    expect([text.status, text.body.code]).toEqual([400, "NO_GLOBAL_SIGNATURE"]);
    expect(await signatures(s.shareId)).toEqual([]);

    must(await profile(dataUrl(await signaturePng())));
    const ok = await sign(h, owner(s), s.entryId, { signature: null, useGlobalSignature: true });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const [row] = await signatures(s.shareId);
    expect(row?.storageKey).toMatch(/^signatures\/[0-9a-f-]{36}\.png$/);
    const stored = await h.deps.storage.get(row?.storageKey as string);
    expect(stored).not.toBeNull();
  });

  it("the owner's unsaved answers are saved before signing, under the entries' rules", async () => {
    const s = await guestSession(h, { role: "Supervisor" });
    const bad = await sign(h, owner(s), s.entryId, {
      form: { SupervisionRole: "Supervisor", SupervisionDate: "" },
    });
    expect(bad.status).toBe(400);
    expect(await signatures(s.shareId)).toEqual([]);
    const ok = await sign(h, owner(s), s.entryId, {
      form: { SupervisionDate: "2026-11-09", SupervisionRole: "Supervisor", Field4: "Saved while signing" },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const values = (await entryRow(s.entryId)).values as Record<string, unknown>;
    expect([values.Field4, values.SupervisionDate]).toEqual(["Saved while signing", "2026-11-09"]);
  });
});
