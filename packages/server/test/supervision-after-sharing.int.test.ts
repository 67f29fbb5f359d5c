// Supervision after sharing (issue 25, ADR 0022): the owner changes the topics of a record
// already shared until sign-off starts, and the guest reads the current topics; the profile's
// saved signature (drawn, checked, replaced, deleted) that only the owner may sign with; the
// specification's own read of the record (GET form/entry/{id}) with the guest token, for the
// shared entry only.
import { randomUUID } from "node:crypto";
import { SUPERVISION_MESSAGES as M, SUPERVISION } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { call, createUser, randomIp, refusal, useApp } from "./harness.js";
import {
  dataUrl,
  guestSession,
  must,
  type Shared,
  sign,
  signature,
  signaturePng,
  supervisionEntry,
} from "./supervision-fixtures.js";

const h = useApp({ worker: true });

type TopicView = { TopicId: string; TopicTitle: string; TopicActions: string; Comments: unknown[] };

const topicsUrl = (s: Shared, topicId?: string) =>
  `/supervision/${s.shareId}/topics${topicId ? `/${topicId}` : ""}`;
const asOwner = (s: Shared, method: "POST" | "PUT" | "DELETE", url: string, body?: unknown) =>
  call(h.app, method, url, { token: s.owner.token, body, ip: randomIp() });
/** The topics the guest sees, by the product's own view and by the specification's form call. */
async function guestTopics(s: Shared & { guest: string }) {
  const view = must(await call(h.app, "GET", `/supervision/${s.shareId}`, { token: s.guest }));
  const form = must(await call(h.app, "GET", `/form/entry/${s.entryId}`, { token: s.guest }));
  const titles = (ts: TopicView[]) => ts.map((t) => t.TopicTitle);
  return {
    view: titles(view.body.form.reviewee.Topics),
    form: titles(form.body.reviewee.Topics),
  };
}

describe("topics after sharing", () => {
  it("the owner adds, edits and removes topics; the guest sees the change at once", async () => {
    const s = await guestSession(h, { role: "Supervisor" });
    expect((await guestTopics(s)).view).toEqual(["Caseload", "Wellbeing"]);

    const added = await asOwner(s, "POST", topicsUrl(s), { title: "  Audit  ", actions: "Book the audit " });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.message).toBe(M.topicAdded);
    expect(added.body.topic).toMatchObject({
      TopicTitle: "Audit",
      TopicActions: "Book the audit",
      Completed: "0",
    });
    const auditId = added.body.topic.TopicId as string;
    expect(await guestTopics(s)).toEqual({
      view: ["Caseload", "Wellbeing", "Audit"],
      form: ["Caseload", "Wellbeing", "Audit"],
    });

    // The guest comments on the new topic, as on any other.
    must(
      await call(h.app, "POST", `/supervision/${s.shareId}/${auditId}/comment`, {
        token: s.guest,
        body: { comment: "Happy to help with this" },
        ip: randomIp(),
      }),
    );

    const edited = await asOwner(s, "PUT", topicsUrl(s, s.topicIds[0]), { title: "Caseload review" });
    expect([edited.status, edited.body.message, edited.body.topic.TopicTitle]).toEqual([
      200,
      M.topicSaved,
      "Caseload review",
    ]);
    const blank = await asOwner(s, "PUT", topicsUrl(s, s.topicIds[0]), { title: "   " });
    expect(refusal(blank)).toEqual([400, "TOPIC_TITLE_REQUIRED", M.topicTitleRequired]);

    const removed = await asOwner(s, "DELETE", topicsUrl(s, auditId));
    expect([removed.status, removed.body.message]).toEqual([200, M.topicRemoved]);
    // Its comments go with it.
    expect(await h.deps.prisma.supervisionComment.count({ where: { topicId: auditId } })).toBe(0);
    expect((await guestTopics(s)).view).toEqual(["Caseload review", "Wellbeing"]);
    const gone = await asOwner(s, "DELETE", topicsUrl(s, auditId));
    expect([gone.status, gone.body.code]).toEqual([404, "TOPIC_NOT_FOUND"]);
  });

  it("refuses the guest, a stranger, and more than the most topics", async () => {
    const s = await guestSession(h, { role: "Supervisor" });
    const asGuest = await call(h.app, "POST", topicsUrl(s), { token: s.guest, body: { title: "Mine" } });
    expect(asGuest.status).toBe(401);
    const stranger = await createUser(h.deps);
    const asStranger = await call(h.app, "PUT", topicsUrl(s, s.topicIds[0]), {
      token: stranger.token,
      body: { title: "Theirs" },
    });
    expect([asStranger.status, asStranger.body.code]).toEqual([404, "SUPERVISION_NOT_FOUND"]);
    // A topic of another record is not this one's.
    const other = await guestSession(h, { role: "Supervisor" });
    const foreign = await asOwner(s, "DELETE", topicsUrl(s, other.topicIds[0]));
    expect([foreign.status, foreign.body.code]).toEqual([404, "TOPIC_NOT_FOUND"]);

    for (let i = s.topicIds.length; i < SUPERVISION.maxTopics; i++)
      must(await asOwner(s, "POST", topicsUrl(s), { title: `Topic ${i}` }));
    const tooMany = await asOwner(s, "POST", topicsUrl(s), { title: "One more" });
    expect(refusal(tooMany)).toEqual([409, "TOO_MANY_TOPICS", M.tooManyTopics]);
  });

  it("refuses every change once sign-off starts (409 ENTRY_LOCKED), and the topics stay as signed", async () => {
    const s = await guestSession(h, { role: "Supervisor" });
    must(await sign(h, { token: s.owner.token, guest: false }, s.entryId));
    const add = await asOwner(s, "POST", topicsUrl(s), { title: "Too late" });
    const edit = await asOwner(s, "PUT", topicsUrl(s, s.topicIds[0]), { title: "Too late" });
    const remove = await asOwner(s, "DELETE", topicsUrl(s, s.topicIds[0]));
    for (const res of [add, edit, remove])
      expect(refusal(res)).toEqual([409, "ENTRY_LOCKED", M.signedLocked]);
    expect((await guestTopics(s)).view).toEqual(["Caseload", "Wellbeing"]);
  });
});

describe("the profile's saved signature", () => {
  const url = "/personal-profile/signature";
  it("is saved, read, replaced and deleted; only a PNG of a sane size is taken", async () => {
    const u = await createUser(h.deps);
    const get = async () => must(await call(h.app, "GET", url, { token: u.token })).body.signature;
    expect(await get()).toBeNull();

    const first = await signature();
    const saved = await call(h.app, "PUT", url, { token: u.token, body: { signature: first } });
    expect([saved.status, saved.body.message, saved.body.signature]).toEqual([
      200,
      M.profileSignatureSaved,
      first,
    ]);
    expect(await get()).toBe(first);

    const second = dataUrl(await signaturePng(400, 100));
    must(await call(h.app, "PUT", url, { token: u.token, body: { signature: second } }));
    expect(await get()).toBe(second);

    const bad = [
      dataUrl(Buffer.from("plain text"), "text/plain"),
      dataUrl(Buffer.from("not a png at all")),
      dataUrl(await signaturePng(4 * SUPERVISION.pad.width + 1, 40)),
    ];
    for (const b of bad) {
      const res = await call(h.app, "PUT", url, { token: u.token, body: { signature: b } });
      expect(refusal(res)).toEqual([400, "SIGNATURE_INVALID", M.signatureInvalid]);
    }
    const huge = await call(h.app, "PUT", url, {
      token: u.token,
      body: { signature: `data:image/png;base64,${"A".repeat(SUPERVISION.signatureMaxChars)}` },
    });
    expect(huge.status).toBe(400);
    expect(await get()).toBe(second);

    const deleted = await call(h.app, "DELETE", url, { token: u.token });
    expect([deleted.status, deleted.body.message]).toEqual([200, M.profileSignatureDeleted]);
    expect(await get()).toBeNull();
  });

  it("is offered at sign-off to the owner, never to the guest", async () => {
    const s = await guestSession(h, { role: "Supervisor" });
    must(await call(h.app, "PUT", url, { token: s.owner.token, body: { signature: await signature() } }));
    const owner = await sign(h, { token: s.owner.token, guest: false }, s.entryId, {
      signature: null,
      useGlobalSignature: true,
    });
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    const guest = await sign(h, { token: s.guest, guest: true }, s.entryId, {
      signature: null,
      useGlobalSignature: true,
    });
    expect(refusal(guest)).toEqual([400, "SIGNATURE_REQUIRED", M.globalForGuests]);
  });
});

describe("GET form/entry/{id} with the guest token", () => {
  it("answers the shared entry, read-only, with guest, shared and reviewee filled", async () => {
    const s = await guestSession(h, { role: "Supervisee" });
    const res = await call(h.app, "GET", `/form/entry/${s.entryId}`, { token: s.guest });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      identifier: "supervision",
      entryId: s.entryId,
      guest: true,
      shared: true,
      editable: false,
      reviewee: { Id: s.shareId, RevieweeType: "Supervisor", Status: "shared" },
    });
    const items = res.body.pages.flatMap((p: { items: { identifier: string; value: unknown }[] }) => p.items);
    expect(items.find((i: { identifier: string }) => i.identifier === "Field4")?.value).toBe(
      "Monthly clinical supervision",
    );
    // The owner reads it as before: editable, not a guest.
    const own = must(await call(h.app, "GET", `/form/entry/${s.entryId}`, { token: s.owner.token }));
    expect([own.body.guest, own.body.shared, own.body.editable]).toEqual([false, true, true]);
  });

  it("opens no other entry: another of the owner's, another shared one, an unknown id (404)", async () => {
    const s = await guestSession(h, { role: "Supervisor" });
    const sameOwner = await supervisionEntry(h, s.owner, "Supervisor");
    const other = await guestSession(h, { role: "Supervisor" });
    for (const id of [sameOwner, other.entryId, randomUUID()]) {
      const res = await call(h.app, "GET", `/form/entry/${id}`, { token: s.guest });
      expect([res.status, res.body.code], id).toEqual([404, "SUPERVISION_NOT_FOUND"]);
    }
    // After a reset the token opens nothing.
    must(
      await call(h.app, "POST", "/supervision/reset", {
        token: s.owner.token,
        ip: randomIp(),
        body: { entryId: s.entryId },
      }),
    );
    const after = await call(h.app, "GET", `/form/entry/${s.entryId}`, { token: s.guest });
    expect(after.status).toBe(401);
  });
});
