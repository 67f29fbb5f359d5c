// A supervision share is read live (ADR 0022): the owner changes the entry, its topics and its
// evidence after sharing, and the reviewee reads them as they are now. The identifier gate (ADR
// 0029, ADR 0031) therefore holds on every read by the reviewee, not only when sharing: evidence
// with a patient identifier in its name or text, or still being read, is withheld (said so in the
// view, refused on download, left out of the PDF); the record itself is refused while its text
// holds an unresolved finding (view, form read, PDF, files, signature); topics typed after sharing
// are refused as at sharing. The owner reads everything and is told what the reviewee cannot. An
// attestation's covered records are read live by the attester too: refused the same way.
import { randomBytes } from "node:crypto";
import { IDENTIFIER_FINDING_MESSAGES as F, SUPERVISION_MESSAGES as M } from "@cpd/contract";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { sha256 } from "../src/lib/crypto.js";
import { checkFileText, PENDING_BLOCKS_MINUTES } from "../src/modules/files/text-check.js";
import { openAttestation } from "./attestation-fixtures.js";
import { ATTESTER_DETAILS, uploaded } from "./factories.js";
import { call, createUser, randomIp, refusal, useApp } from "./harness.js";
import { nhsNumber, pdfOf, spaced } from "./identifier-fixtures.js";
import { guestSession, sign, signature, signaturePng, TOPICS } from "./supervision-fixtures.js";

const h = useApp({ worker: true });

/** An NHS number written 3-3-4 (first digit 4: never a CHI date nor an H&C number). */
const NHS = spaced(nhsNumber());

type Session = Awaited<ReturnType<typeof guestSession>>;

const env = () => ({ db: h.deps.prisma, storage: h.deps.storage, log: h.deps.log });
const attach = (fileId: string, entryId: string) =>
  h.deps.prisma.storedFile.update({ where: { id: fileId }, data: { entryId } });
const textCheck = async (id: string) =>
  (await h.deps.prisma.storedFile.findUniqueOrThrow({ where: { id } })).textCheck;

/** A PDF of the owner's with these lines, read as the evidence-text job reads it, attached to the shared entry. */
async function evidencePdf(s: Session, filename: string, lines: string[]) {
  const id = await uploaded(h, s.owner, filename, await pdfOf(lines));
  // The worker runs in this file too: read it here, whichever comes first.
  await checkFileText(env(), id);
  expect(await textCheck(id)).toBe("done");
  await attach(id, s.entryId);
  return id;
}

async function evidencePng(s: Session, filename: string) {
  const id = await uploaded(h, s.owner, filename, await signaturePng(40, 40));
  await attach(id, s.entryId);
  return id;
}

const view = (s: Session, token: string) => call(h.app, "GET", `/supervision/${s.shareId}`, { token });
const file = (s: Session, token: string, fileId: string) =>
  call(h.app, "GET", `/supervision/${s.shareId}/files/${fileId}`, { token });
const pdf = (s: Session, token: string) => call(h.app, "GET", `/supervision/${s.shareId}/pdf`, { token });
const formRead = (s: Session) => call(h.app, "GET", `/form/entry/${s.entryId}`, { token: s.guest });

async function pdfText(res: Awaited<ReturnType<typeof call>>) {
  expect(res.status).toBe(200);
  const doc = await getDocumentProxy(new Uint8Array(res.res.rawPayload));
  return (await extractText(doc, { mergePages: true })).text.replace(/\s+/g, " ");
}

const fileIdsOf = (body: { form: { files: { id: string }[] } }) => body.form.files.map((f) => f.id);

/** The supervision entry's answers as the owner saves them (supervisionEntry's, Topics changed). */
const saveEntry = (s: Session, topics: string) =>
  call(h.app, "POST", `/entries/${s.entryId}/update`, {
    token: s.owner.token,
    ip: randomIp(),
    body: {
      Field4: "Monthly clinical supervision",
      SupervisionDate: "2026-11-02",
      SupervisionHours: "1",
      SupervisionRole: s.ownerSide,
      OtherPartyName: "Dr Rhiannon Reviewee",
      Topics: topics,
    },
  });

describe("evidence attached after sharing", () => {
  it("a file with an NHS number in its text or name is withheld from the reviewee, who is told; the owner is told too", async () => {
    const s = await guestSession(h);
    const clean = await evidencePng(s, "Reflection notes.png");
    const letter = await evidencePdf(s, "Clinic letter Quarry.pdf", [`Patient NHS ${NHS} reviewed.`]);
    const named = await evidencePng(s, `Referral ${NHS}.png`);

    const guest = await view(s, s.guest);
    expect(guest.status, JSON.stringify(guest.body)).toBe(200);
    expect(fileIdsOf(guest.body)).toEqual([clean]);
    expect(guest.body.withheld).toEqual({ record: false, files: 2, message: F.withheldFiles(2) });
    const answer = JSON.stringify(guest.body);
    for (const hidden of [letter, named, "Quarry", NHS]) expect(answer).not.toContain(hidden);

    // Asked for by id, the file is refused; the clean one opens.
    expect(refusal(await file(s, s.guest, letter))).toEqual([409, "IDENTIFIERS_FOUND", F.fileWithheld]);
    expect(refusal(await file(s, s.guest, named))).toEqual([409, "IDENTIFIERS_FOUND", F.fileWithheld]);
    expect((await file(s, s.guest, clean)).status).toBe(200);

    // The reviewee's PDF does not name the withheld files; the owner's names them.
    const guestPdf = await pdfText(await pdf(s, s.guest));
    expect(guestPdf).not.toContain("Quarry");
    expect(await pdfText(await pdf(s, s.owner.token))).toContain("Quarry");

    const owner = await view(s, s.owner.token);
    expect(owner.status).toBe(200);
    expect(fileIdsOf(owner.body)).toEqual([clean, letter, named]);
    expect(owner.body.withheld).toEqual({
      record: false,
      files: 2,
      message: F.withheldFromReviewer(false, 2),
    });
    expect((await file(s, s.owner.token, letter)).status).toBe(200);

    // Removed from the entry and renamed, the reviewee sees what is left and nothing is withheld.
    must200(await call(h.app, "DELETE", `/entries/${s.entryId}/file/${letter}`, { token: s.owner.token }));
    must200(
      await call(h.app, "PUT", `/file/${named}`, { token: s.owner.token, body: { newFilename: "Referral" } }),
    );
    const after = await view(s, s.guest);
    expect(fileIdsOf(after.body)).toEqual([clean, named]);
    expect(after.body.withheld).toBeUndefined();
    expect((await file(s, s.guest, named)).status).toBe(200);
    // Reads a PDF (pdf.js loads on first use) and waits for the share's e-mails: slow on a busy machine.
  }, 90_000);

  it("a file still being read is withheld until it is read; one pending past the limit (its job lost) is not", async () => {
    const s = await guestSession(h);
    const id = await evidencePng(s, "Audit.png");
    // As a PDF just uploaded whose reading has not ended.
    await h.deps.prisma.storedFile.update({ where: { id }, data: { textCheck: "pending" } });
    const guest = await view(s, s.guest);
    expect(fileIdsOf(guest.body)).toEqual([]);
    expect(guest.body.withheld).toMatchObject({ record: false, files: 1 });
    expect(refusal(await file(s, s.guest, id))).toEqual([409, "IDENTIFIERS_FOUND", F.fileWithheld]);

    const old = new Date(Date.now() - (PENDING_BLOCKS_MINUTES + 1) * 60_000);
    await h.deps.prisma.storedFile.update({ where: { id }, data: { createdAt: old } });
    expect(fileIdsOf((await view(s, s.guest)).body)).toEqual([id]);
    // Could not be read: its name alone is judged.
    await h.deps.prisma.storedFile.update({
      where: { id },
      data: { textCheck: "failed", createdAt: new Date() },
    });
    expect(fileIdsOf((await view(s, s.guest)).body)).toEqual([id]);
  });
});

describe("the record changed after sharing", () => {
  it("an NHS number saved into the entry stops every read by the reviewee until it is redacted", async () => {
    // The owner is the Supervisee, so the reviewee (Supervisor) signs first.
    const s = await guestSession(h, { role: "Supervisee" });
    const saved = await saveEntry(s, `Discussed the patient NHS ${NHS}`);
    // A save is never refused for its findings (REQ-IDENT-06): it stands, counted.
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.unresolvedFindings).toBe(1);

    const refused = await view(s, s.guest);
    expect(refusal(refused)).toEqual([409, "IDENTIFIERS_FOUND", F.sharedBlocked]);
    expect(refused.body.details.total).toBe(1);
    expect(refused.body.details.findings).toEqual([
      expect.objectContaining({
        recordType: "supervision",
        recordId: s.entryId,
        recordTitle: "",
        kind: "nhs-number",
      }),
    ]);
    expect(JSON.stringify(refused.body)).not.toContain(NHS);
    expect(refusal(await formRead(s))).toEqual([409, "IDENTIFIERS_FOUND", F.sharedBlocked]);
    expect(refusal(await pdf(s, s.guest))).toEqual([409, "IDENTIFIERS_FOUND", F.sharedBlocked]);
    const signed = await sign(h, { token: s.guest, guest: true }, s.entryId);
    expect(refusal(signed)).toEqual([409, "IDENTIFIERS_FOUND", F.sharedBlocked]);
    expect(await h.deps.prisma.supervisionSignature.count({ where: { shareId: s.shareId } })).toBe(0);

    // The owner still reads it, and is told why the reviewee cannot.
    const owner = await view(s, s.owner.token);
    expect(owner.status).toBe(200);
    expect(owner.body.withheld).toEqual({ record: true, files: 0, message: F.withheldFromReviewer(true, 0) });

    // Redacted: the reviewee reads and signs again.
    expect((await saveEntry(s, "Discussed the patient [redacted]")).body.unresolvedFindings).toBe(0);
    const back = await view(s, s.guest);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.withheld).toBeUndefined();
    expect((await formRead(s)).status).toBe(200);
    expect((await sign(h, { token: s.guest, guest: true }, s.entryId)).status).toBe(200);
  });

  it("a topic added or changed after sharing with an NHS number is refused, as at sharing", async () => {
    const s = await guestSession(h);
    const url = (topicId?: string) => `/supervision/${s.shareId}/topics${topicId ? `/${topicId}` : ""}`;
    const asOwner = (method: "POST" | "PUT", u: string, body: unknown) =>
      call(h.app, method, u, { token: s.owner.token, body, ip: randomIp() });

    const added = await asOwner("POST", url(), { title: "Audit", actions: `Ring about NHS ${NHS}` });
    expect(refusal(added)).toEqual([409, "IDENTIFIERS_FOUND", F.blocked]);
    expect(added.body.details.findings).toEqual([
      expect.objectContaining({ field: "topicActions", recordType: "supervision", recordId: s.entryId }),
    ]);
    const changed = await asOwner("PUT", url(s.topicIds[0]), { title: `Caseload ${NHS}` });
    expect(refusal(changed)).toEqual([409, "IDENTIFIERS_FOUND", F.blocked]);

    const topics = (await view(s, s.guest)).body.form.reviewee.Topics as { TopicTitle: string }[];
    expect(topics.map((t) => t.TopicTitle)).toEqual(TOPICS.map((t) => t.title));
    // Without it, the change is made.
    expect((await asOwner("POST", url(), { title: "Audit", actions: "Ring the team" })).body.message).toBe(
      M.topicAdded,
    );
  });
});

describe("comments on a shared record's topics", () => {
  it("a comment with an NHS number is refused for either party and nothing is saved; one without is added", async () => {
    const s = await guestSession(h);
    const url = `/supervision/${s.shareId}/${s.topicIds[0]}/comment`;
    const commentsOnFirst = async () =>
      ((await view(s, s.owner.token)).body.form.reviewee.Topics as { Comments: unknown[] }[])[0]?.Comments
        .length;
    const before = await commentsOnFirst();
    for (const token of [s.owner.token, s.guest]) {
      const res = await call(h.app, "POST", url, {
        token,
        body: { comment: `Call back on ${NHS}` },
        ip: randomIp(),
      });
      expect(refusal(res)).toEqual([409, "IDENTIFIERS_FOUND", F.blocked]);
      expect(res.body.details.findings).toEqual([
        expect.objectContaining({ field: "topicComment", recordType: "supervision", recordId: s.entryId }),
      ]);
    }
    expect(await commentsOnFirst()).toBe(before);
    const ok = await call(h.app, "POST", url, { token: s.guest, body: { comment: "Call back on Tuesday" } });
    expect(ok.status).toBe(200);
    expect(await commentsOnFirst()).toBe((before ?? 0) + 1);
  });
});

describe("an attestation request, read live by its attester", () => {
  it("an NHS number saved into a covered record after the request stops the attester's read and signature", async () => {
    const u = await createUser(h.deps);
    const a = await openAttestation(h.deps, u.id);
    // The attester's guest token, as the code step gives it.
    const token = `ag_${randomBytes(32).toString("base64url")}`;
    await h.deps.prisma.attestationGuestSession.create({
      data: { attestationId: a.id, tokenHash: sha256(token), ipAddress: "127.0.0.1" },
    });
    const read = () => call(h.app, "GET", `/attestation/${a.id}`, { token });
    const signIt = async () =>
      call(h.app, "POST", `/attestation/${a.id}/sign`, {
        token,
        ip: randomIp(),
        body: {
          details: ATTESTER_DETAILS,
          signature: await signature(),
        },
      });
    const setDetails = (experience: string) =>
      h.deps.prisma.revalidationRecord.update({
        where: { id: a.recordId },
        data: { details: { experience } },
      });

    expect((await read()).status).toBe(200);
    await setDetails(`A night shift; NHS ${NHS}`);
    const refused = await read();
    expect(refusal(refused)).toEqual([409, "IDENTIFIERS_FOUND", F.sharedBlocked]);
    expect(refused.body.details.findings).toEqual([
      expect.objectContaining({
        recordType: "record",
        recordId: a.recordId,
        field: "experience",
        recordTitle: "",
      }),
    ]);
    expect(JSON.stringify(refused.body)).not.toContain(NHS);
    expect(refusal(await signIt())).toEqual([409, "IDENTIFIERS_FOUND", F.sharedBlocked]);

    await setDetails("A night shift");
    expect((await read()).status).toBe(200);
    const signed = await signIt();
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  });
});

function must200(res: Awaited<ReturnType<typeof call>>) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
