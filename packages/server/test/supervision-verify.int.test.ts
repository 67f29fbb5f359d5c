// Verifying a signed supervision record (issue 10): the hash both signatures carry is the
// SHA-256 of the canonical record; the verify call says whether a hash matches and whether
// the stored record still hashes to what was signed; the PDF prints the hash and the link.
import { createHash, randomUUID } from "node:crypto";
import { SUPERVISION_MESSAGES as M } from "@cpd/contract";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { call, randomIp, useApp } from "./harness.js";
import { waitForNewMail } from "./mail.js";
import { guestSession, must, sign } from "./supervision-fixtures.js";

const h = useApp({ worker: true });

const verify = (shareId: string, hash: string) =>
  call(h.app, "GET", `/supervision/verify/${shareId}?hash=${hash}`, { ip: randomIp() });
/** The same hash with its first hex digit changed. */
const tampered = (hash: string) => `${hash[0] === "0" ? "1" : "0"}${hash.slice(1)}`;

/** A record signed by both sides, with a comment from each on the first topic. */
async function completed() {
  const s = await guestSession(h, { role: "Supervisor" });
  const topic = s.topicIds[0] as string;
  for (const token of [s.guest, s.owner.token]) {
    must(
      await call(h.app, "POST", `/supervision/${s.shareId}/${topic}/comment`, {
        token,
        ip: randomIp(),
        body: { comment: `Said by ${token === s.guest ? "the reviewee" : "the owner"}` },
      }),
    );
  }
  must(await call(h.app, "POST", `/supervision/${s.shareId}/${topic}/complete`, { token: s.owner.token }));
  const first = must(await sign(h, { token: s.owner.token, guest: false }, s.entryId));
  must(await sign(h, { token: s.guest, guest: true }, s.entryId));
  return { ...s, hash: first.body.reviewee.Signature.contentHash as string };
}

async function pdfText(buf: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(buf));
  const { text } = await extractText(pdf, { mergePages: true });
  return text as string;
}
const squeeze = (s: string) => s.replace(/\s+/g, "");

/** JSON with object keys sorted at every level and no whitespace. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v && typeof v === "object")
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(v);
}

describe("GET supervision/verify/:id", () => {
  it("the completed record's hash matches, in either case; one hex digit changed does not", async () => {
    const s = await completed();
    const res = await verify(s.shareId, s.hash);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      matches: true,
      recordIntact: true,
      completed: true,
      message: M.verifyMatches,
    });
    // In no particular order.
    expect(
      res.body.signatures
        .map((x: Record<string, unknown>) => [x.side, x.signerName, x.byReviewee, x.contentHash])
        .sort(),
    ).toEqual([
      ["Supervisee", s.reviewee.name, true, s.hash],
      ["Supervisor", s.owner.name, false, s.hash],
    ]);
    expect((await verify(s.shareId, s.hash.toUpperCase())).body.matches).toBe(true);

    const other = await verify(s.shareId, tampered(s.hash));
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ matches: false, recordIntact: true, message: M.verifyDiffers });
  });

  it("a comment changed in the database: recordIntact false, and the signed hash no longer matches", async () => {
    const s = await completed();
    const comment = await h.deps.prisma.supervisionComment.findFirstOrThrow({
      where: { shareId: s.shareId },
    });
    await h.deps.prisma.supervisionComment.update({
      where: { id: comment.id },
      data: { body: `${comment.body} (edited later)` },
    });
    const res = await verify(s.shareId, s.hash);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ matches: false, recordIntact: false, message: M.verifyDiffers });
  });

  it("an answer of the entry changed in the database: recordIntact false", async () => {
    const s = await completed();
    const entry = await h.deps.prisma.entry.findUniqueOrThrow({ where: { id: s.entryId } });
    await h.deps.prisma.entry.update({
      where: { id: s.entryId },
      data: { values: { ...(entry.values as object), Field4: "Rewritten afterwards" } },
    });
    expect((await verify(s.shareId, s.hash)).body).toMatchObject({ matches: false, recordIntact: false });
  });

  it("signs the SHA-256 of the canonical record: entry, share, topics and comments as stored", async () => {
    const s = await completed();
    const entry = await h.deps.prisma.entry.findUniqueOrThrow({ where: { id: s.entryId } });
    const share = await h.deps.prisma.supervisionShare.findUniqueOrThrow({ where: { id: s.shareId } });
    const topics = await h.deps.prisma.supervisionTopic.findMany({
      where: { entryId: s.entryId },
      include: { comments: true },
    });
    const record = {
      entry: { id: entry.id, type: entry.type, formId: entry.formId, values: entry.values },
      share: {
        id: share.id,
        revieweeType: share.revieweeType,
        revieweeName: share.revieweeName,
        revieweeEmail: share.revieweeEmail,
      },
      topics: topics
        .sort((a, b) => a.position - b.position || a.id.localeCompare(b.id))
        .map((t) => ({
          id: t.id,
          position: t.position,
          title: t.title,
          actions: t.actions,
          completed: t.completed,
          comments: t.comments
            .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
            .map((c) => ({
              id: c.id,
              body: c.body,
              authorName: c.authorName,
              byReviewee: c.byReviewee,
              createdAt: c.createdAt.toISOString(),
            })),
        })),
    };
    expect(topics.flatMap((t) => t.comments)).toHaveLength(2);
    expect(createHash("sha256").update(canonical(record)).digest("hex")).toBe(s.hash);
    const rows = await h.deps.prisma.supervisionSignature.findMany({ where: { shareId: s.shareId } });
    expect(rows.map((r) => r.contentHash)).toEqual([s.hash, s.hash]);
  });

  it("an unsigned record: verifyUnsigned; an unknown share: 404; a malformed hash: 400", async () => {
    const s = await guestSession(h);
    const unsigned = await verify(s.shareId, "a".repeat(64));
    expect(unsigned.status).toBe(200);
    expect(unsigned.body).toMatchObject({
      matches: false,
      completed: false,
      signatures: [],
      message: M.verifyUnsigned,
    });
    const unknown = await verify(randomUUID(), "a".repeat(64));
    expect([unknown.status, unknown.body.code]).toEqual([404, "SUPERVISION_NOT_FOUND"]);
    for (const hash of ["a".repeat(63), "g".repeat(64), `${"a".repeat(63)}%00`, ""]) {
      expect((await verify(s.shareId, hash)).status, hash).toBe(400);
    }
  });

  it("a reset voids the signing: the revoked share's hash no longer matches", async () => {
    const s = await guestSession(h, { role: "Supervisor" });
    const hash = must(await sign(h, { token: s.owner.token, guest: false }, s.entryId)).body.reviewee
      .Signature.contentHash as string;
    expect((await verify(s.shareId, hash)).body.matches).toBe(true);
    must(
      await call(h.app, "POST", "/supervision/reset", {
        token: s.owner.token,
        ip: randomIp(),
        body: { entryId: s.entryId },
      }),
    );
    const res = await verify(s.shareId, hash);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ matches: false, message: M.verifyDiffers });
  });
});

describe("the PDF and the completed e-mail", () => {
  it("GET supervision/:id/pdf (guest by ?token=, owner by header) and the entry PDF print the hash and the verify link", async () => {
    const s = await completed();
    const verifyUrl = `${h.deps.config.publicUrl}/verify/supervision/${s.shareId}?hash=${s.hash}`;
    const byGuest = await call(h.app, "GET", `/supervision/${s.shareId}/pdf?token=${s.guest}`);
    expect(byGuest.status).toBe(200);
    expect(byGuest.res.headers["content-type"]).toContain("application/pdf");
    expect(byGuest.res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = squeeze(await pdfText(byGuest.res.rawPayload));
    expect(text).toContain(`SHA-256:${s.hash}`);
    expect(text).toContain(squeeze(`Verify at ${verifyUrl}`));
    expect(text).toContain(squeeze(s.reviewee.name));
    expect(text).toContain("Caseload");
    expect(text).toContain(squeeze("Said by the reviewee"));

    const byOwner = await call(h.app, "GET", `/supervision/${s.shareId}/pdf`, { token: s.owner.token });
    expect(byOwner.status).toBe(200);
    expect(squeeze(await pdfText(byOwner.res.rawPayload))).toContain(`SHA-256:${s.hash}`);
    const entryPdf = await call(h.app, "GET", `/entries/${s.entryId}/pdf`, { token: s.owner.token });
    expect(entryPdf.status).toBe(200);
    expect(squeeze(await pdfText(entryPdf.res.rawPayload))).toContain(`SHA-256:${s.hash}`);

    const mail = await waitForNewMail(s.owner.email, (m) =>
      `${m.subject}\n${m.text}`.includes("Supervision record completed"),
    );
    expect(mail.text).toContain(s.hash);
    expect(mail.text).toContain(verifyUrl);
  });
});
