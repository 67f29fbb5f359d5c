// The identifier gates (ADR 0029) over what else leaves with the entries: evidence files (their
// name and the text the evidence-text job read, ADR 0031), the HCPC profile text, a manager's
// annual-review portfolio of a member, and a finding resolved on a signed-off (locked) entry.
import { createHash, randomBytes } from "node:crypto";
import { IDENTIFIER_FINDING_MESSAGES, resolutionKey } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { addDays, todayInLondon } from "../src/lib/dates.js";
import { checkFileText, PENDING_BLOCKS_MINUTES, queueUnreadFiles } from "../src/modules/files/text-check.js";
import { diary, hcpcPortalToken, portfolioRequest, savedNmcRegistration, uploaded } from "./factories.js";
import { call, createOrganisation, createUser, randomIp, refusal, type TestUser, useApp } from "./harness.js";
import { nhsNumber, pdfOf, spaced } from "./identifier-fixtures.js";
import { revieweeFor, shareCall, signaturePng, supervisionEntry } from "./supervision-fixtures.js";

const h = useApp();

/** An NHS number written 3-3-4 (first digit 4: never a CHI date nor an H&C number). */
const NHS = spaced(nhsNumber());

const env = () => ({ db: h.deps.prisma, storage: h.deps.storage, log: h.deps.log });

/** A PDF of `u`'s with these lines, read as the evidence-text job reads it; its id. */
async function readPdf(u: TestUser, filename: string, lines: string[]) {
  const id = await uploaded(h, u, filename, await pdfOf(lines));
  await checkFileText(env(), id);
  const row = await h.deps.prisma.storedFile.findUniqueOrThrow({ where: { id } });
  expect(row.textCheck).toBe("done");
  return id;
}

const attach = (fileId: string, entryId: string) =>
  h.deps.prisma.storedFile.update({ where: { id: fileId }, data: { entryId } });

type Finding = Record<string, unknown>;

/** The 409 with `message`; its findings. */
function refused(res: Awaited<ReturnType<typeof call>>, message: string): Finding[] {
  expect(res.status, JSON.stringify(res.body)).toBe(409);
  expect([res.body.code, res.body.message]).toEqual(["IDENTIFIERS_FOUND", message]);
  return res.body.details.findings as Finding[];
}

const inFile = (recordId: string, recordTitle: string, field: "filename" | "text") =>
  expect.objectContaining({
    recordType: "file",
    recordId,
    recordTitle,
    field,
    kind: "nhs-number",
    severity: "identifier",
  });

const ask = {
  portfolio: (u: TestUser, body: object) =>
    call(h.app, "POST", "/portfolio/v2/download", { token: u.token, ip: randomIp(), body }),
  export: (u: TestUser) => call(h.app, "POST", "/user-account/me/export", { token: u.token, ip: randomIp() }),
};

describe("evidence files in the gates", () => {
  it("a selected evidence file whose text holds an NHS number stops a portfolio; its e-mail address does not", async () => {
    const u = await createUser(h.deps);
    const date = addDays(todayInLondon(), -30);
    const entryId = await diary(h, u, { DiaryDate: date });
    // A certificate's contact line (a near-identifier) alone never stops it.
    const certificate = await readPdf(u, "Certificate.pdf", ["Issued by training@provider.example.org"]);
    const scan = await readPdf(u, "Clinic letter.pdf", [
      "Copy to training@provider.example.org",
      `Patient NHS ${NHS} reviewed.`,
    ]);
    await attach(certificate, entryId);
    await attach(scan, entryId);
    const made = () => h.deps.prisma.portfolioRequest.count({ where: { userId: u.id } });
    const body = (evidenceIds: string[]) => portfolioRequest({ diaryEntries: [entryId], evidenceIds });

    const res = await ask.portfolio(u, body([certificate, scan]));
    expect(refused(res, IDENTIFIER_FINDING_MESSAGES.blockedFile)).toEqual([
      inFile(scan, "Clinic letter.pdf", "text"),
    ]);
    expect(res.body.details.total).toBe(1);
    expect(JSON.stringify(res.body)).not.toContain(NHS.replace(/ /g, ""));
    expect(await made()).toBe(0);
    // Evidence not selected does not leave, so it stops nothing.
    const without = await ask.portfolio(u, body([certificate]));
    expect(without.status, JSON.stringify(without.body)).toBe(200);
    expect(await made()).toBe(1);
  });

  it("a file name holding an NHS number stops the HCPC pack until the file is renamed", async () => {
    const u = await createUser(h.deps);
    const entryId = await diary(h, u, { DiaryDate: "2026-10-01" });
    const name = `Referral ${NHS}.pdf`;
    const fileId = await readPdf(u, name, ["Referral letter"]);
    await attach(fileId, entryId);
    const token = await hcpcPortalToken(h, u.id);
    const pdf = () =>
      call(h.app, "GET", `/hcpc-portal/${token}/entries-pdf?entryId=${entryId}&evidenceId=${fileId}`, {
        ip: randomIp(),
      });
    expect(refused(await pdf(), IDENTIFIER_FINDING_MESSAGES.blockedFile)).toEqual([
      inFile(fileId, name, "filename"),
    ]);
    const renamed = await call(h.app, "PUT", `/file/${fileId}`, {
      token: u.token,
      body: { newFilename: "Referral.pdf" },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const res = await pdf();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.res.headers["content-type"]).toContain("application/pdf");
  });

  it("a supervision share refuses while the entry's evidence holds an identifier; shares once it is removed", async () => {
    const owner = await createUser(h.deps);
    const entryId = await supervisionEntry(h, owner, "Supervisor");
    const fileId = await readPdf(owner, "Case notes.pdf", [`NHS ${NHS}`]);
    await attach(fileId, entryId);
    const body = { entryId, reviewee: revieweeFor("Supervisor").reviewee, topics: [] };
    const shares = () => h.deps.prisma.supervisionShare.count({ where: { entryId } });
    expect(refused(await shareCall(h, owner, body), IDENTIFIER_FINDING_MESSAGES.blockedFile)).toEqual([
      inFile(fileId, "Case notes.pdf", "text"),
    ]);
    expect(await shares()).toBe(0);
    const removed = await call(h.app, "DELETE", `/file/${fileId}`, { token: owner.token });
    expect(removed.status).toBe(200);
    const res = await shareCall(h, owner, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await shares()).toBe(1);
  });

  it("the account export counts identifiers beyond those a file keeps, and goes once the file is gone", async () => {
    const u = await createUser(h.deps);
    await diary(h, u);
    const fileId = await readPdf(u, "Audit.pdf", [`NHS ${NHS}`]);
    // As the job keeps a text with more findings than EVIDENCE_MAX_FINDINGS: three identifiers, one kept.
    const row = await h.deps.prisma.storedFile.findUniqueOrThrow({ where: { id: fileId } });
    const kept = row.identifierFindings as { findings: unknown[]; total: number; identifiers: number };
    expect(kept.identifiers).toBe(1);
    await h.deps.prisma.storedFile.update({
      where: { id: fileId },
      data: { identifierFindings: { ...(row.identifierFindings as object), total: 40, identifiers: 3 } },
    });
    const exports = () => h.deps.prisma.accountExport.count({ where: { userId: u.id } });
    const res = await ask.export(u);
    expect(refused(res, IDENTIFIER_FINDING_MESSAGES.blockedFile)).toEqual([
      inFile(fileId, "Audit.pdf", "text"),
    ]);
    expect(res.body.details.total).toBe(3);
    expect(await exports()).toBe(0);
    expect((await call(h.app, "DELETE", `/file/${fileId}`, { token: u.token })).status).toBe(200);
    expect((await ask.export(u)).status).toBe(201);
    expect(await exports()).toBe(1);
  });

  it("evidence uploaded before the check is marked pending and queued by the sweep, then read", async () => {
    const u = await createUser(h.deps);
    const fileId = await uploaded(h, u, "Old letter.pdf", await pdfOf([`NHS ${NHS}`]));
    // As an upload from before ADR 0031: never read.
    await h.deps.prisma.storedFile.update({ where: { id: fileId }, data: { textCheck: null } });
    const state = async () =>
      (await h.deps.prisma.storedFile.findUniqueOrThrow({ where: { id: fileId } })).textCheck;

    // The queue away: left unread for the next sweep.
    await expect(
      queueUnreadFiles(h.deps.prisma, 10_000, async () => {
        throw new Error("queue away");
      }),
    ).rejects.toThrow("queue away");
    expect(await state()).toBeNull();

    const queued: string[] = [];
    await queueUnreadFiles(h.deps.prisma, 10_000, async (ids) => {
      queued.push(...ids);
    });
    expect(queued).toContain(fileId);
    expect(await state()).toBe("pending");
    await checkFileText(env(), fileId);
    expect(await state()).toBe("done");
    expect(refused(await ask.export(u), IDENTIFIER_FINDING_MESSAGES.blockedFile)).toEqual([
      inFile(fileId, "Old letter.pdf", "text"),
    ]);
  });
});

describe("evidence still being read", () => {
  /**
   * A file of `u`'s attached to the entry and marked as a PDF just uploaded whose reading has not
   * ended. A PNG: no evidence-text job is queued for it, so a worker running for another test file
   * (they share the queues) cannot read it meanwhile.
   */
  async function beingRead(u: TestUser, entryId: string, createdAt = new Date()) {
    const id = await uploaded(h, u, "Clinic letter.png", await signaturePng(40, 40));
    await h.deps.prisma.storedFile.update({
      where: { id },
      data: { entryId, textCheck: "pending", createdAt },
    });
    return id;
  }
  const setCheck = (id: string, textCheck: string, createdAt = new Date()) =>
    h.deps.prisma.storedFile.update({ where: { id }, data: { textCheck, createdAt } });

  it("a file uploaded moments ago and still being read stops a portfolio and the export until it is read", async () => {
    const u = await createUser(h.deps);
    const entryId = await diary(h, u, { DiaryDate: addDays(todayInLondon(), -30) });
    const fileId = await beingRead(u, entryId);
    const body = portfolioRequest({ diaryEntries: [entryId], evidenceIds: [fileId] });
    const checking = [409, "IDENTIFIER_CHECK_PENDING", IDENTIFIER_FINDING_MESSAGES.checking];
    expect(refusal(await ask.portfolio(u, body))).toEqual(checking);
    expect(refusal(await ask.export(u))).toEqual(checking);
    expect(await h.deps.prisma.portfolioRequest.count({ where: { userId: u.id } })).toBe(0);
    expect(await h.deps.prisma.accountExport.count({ where: { userId: u.id } })).toBe(0);
    // Not selected, it stops no portfolio.
    const without = await ask.portfolio(u, portfolioRequest({ diaryEntries: [entryId], evidenceIds: [] }));
    expect(without.status, JSON.stringify(without.body)).toBe(200);

    // Read, with nothing found: both go.
    await setCheck(fileId, "done");
    const res = await ask.portfolio(u, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await ask.export(u)).status).toBe(201);
  });

  it("a file pending past the limit (its job lost) or that could not be read stops nothing; the sweep queues the first again", async () => {
    const u = await createUser(h.deps);
    const entryId = await diary(h, u, { DiaryDate: addDays(todayInLondon(), -30) });
    const fileId = await beingRead(u, entryId);
    const body = portfolioRequest({ diaryEntries: [entryId], evidenceIds: [fileId] });
    expect((await ask.portfolio(u, body)).status).toBe(409);

    await setCheck(fileId, "pending", new Date(Date.now() - (PENDING_BLOCKS_MINUTES + 1) * 60_000));
    const res = await ask.portfolio(u, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const queued: string[] = [];
    await queueUnreadFiles(h.deps.prisma, 10_000, async (ids) => {
      queued.push(...ids);
    });
    expect(queued).toContain(fileId);

    await setCheck(fileId, "failed");
    expect((await ask.portfolio(u, body)).status).toBe(200);
  });
});

describe("the HCPC profile text", () => {
  const setProfile = (u: TestUser, data: Record<string, string>) =>
    h.deps.prisma.personalProfile.upsert({
      where: { userId: u.id },
      create: { userId: u.id, ...data },
      update: data,
    });
  const inProfile = (u: TestUser, field: string) =>
    expect.objectContaining({ recordType: "profile", recordId: u.id, field, kind: "nhs-number" });

  it("stops the HCPC pack naming the field, until it is redacted", async () => {
    const u = await createUser(h.deps);
    const entryId = await diary(h, u, { DiaryDate: "2026-10-01" });
    await setProfile(u, {
      hcpcSummary: `I run a clinic; last week NHS ${NHS}.`,
      hcpcStandard3: `Saw ${NHS}`,
    });
    const token = await hcpcPortalToken(h, u.id);
    const pdf = () =>
      call(h.app, "GET", `/hcpc-portal/${token}/entries-pdf?entryId=${entryId}`, { ip: randomIp() });
    const res = await pdf();
    expect(refused(res, IDENTIFIER_FINDING_MESSAGES.blocked)).toEqual([
      inProfile(u, "hcpcSummary"),
      inProfile(u, "hcpcStandard3"),
    ]);
    expect(JSON.stringify(res.body)).not.toContain(NHS);
    await setProfile(u, { hcpcSummary: "I run a clinic.", hcpcStandard3: "Saw a patient" });
    expect((await pdf()).status).toBe(200);
  });

  it("stops a submission pack request naming the field, until it is redacted", async () => {
    const u = await createUser(h.deps);
    const registrationId = await savedNmcRegistration(h, u);
    await setProfile(u, { hcpcStandard2: `Follow-up for ${NHS}` });
    const request = () =>
      call(h.app, "POST", `/revalidation/${registrationId}/submission`, { token: u.token, ip: randomIp() });
    const made = () => h.deps.prisma.revalidationSubmission.count({ where: { userId: u.id } });
    expect(refused(await request(), IDENTIFIER_FINDING_MESSAGES.blocked)).toEqual([
      inProfile(u, "hcpcStandard2"),
    ]);
    expect(await made()).toBe(0);
    await setProfile(u, { hcpcStandard2: "Follow-up booked" });
    expect((await request()).status).toBe(202);
    expect(await made()).toBe(1);
  });
});

describe("a manager's annual-review portfolio", () => {
  it("is refused on the member's findings, naming where without the member's titles or names", async () => {
    const org = await createOrganisation(h.deps, {});
    const manager = await createUser(h.deps, {
      organisationId: org.id,
      tier: "CORPORATE",
      roles: ["User-Basic", "Organisation-Manager"],
    });
    const member = await createUser(h.deps, { organisationId: org.id, tier: "CORPORATE" });
    const date = addDays(todayInLondon(), -20);
    const title = `Ward round ${randomBytes(4).toString("hex")}`;
    const entryId = await diary(h, member, {
      DiaryDate: date,
      Field222: title,
      LearningOutcomes: `<p>Saw NHS ${NHS}</p>`,
    });
    const fileName = `Letter ${NHS}.pdf`;
    const fileId = await uploaded(h, member, fileName, await pdfOf(["A letter"]));
    await attach(fileId, entryId);
    const res = await call(h.app, "POST", "/organisations/user-review/portfolio", {
      token: manager.token,
      ip: randomIp(),
      body: { user: member.id, dateFrom: addDays(date, -1), dateTo: todayInLondon() },
    });
    const findings = refused(res, IDENTIFIER_FINDING_MESSAGES.memberBlocked);
    expect(findings).toEqual([
      expect.objectContaining({
        recordType: "diary",
        recordId: entryId,
        field: "LearningOutcomes",
        recordTitle: "",
      }),
      expect.objectContaining({ recordType: "file", recordId: fileId, field: "filename", recordTitle: "" }),
    ]);
    // Kind, field, positions and reason only: nothing the member wrote.
    const text = JSON.stringify(res.body);
    for (const theirs of [title, "Letter", NHS, "Saw"]) expect(text).not.toContain(theirs);
    expect(await h.deps.prisma.portfolioRequest.count({ where: { userId: member.id } })).toBe(0);
  });
});

describe("a finding on a signed-off entry", () => {
  it("is resolved although the entry is locked against edits, and the resolution is recorded", async () => {
    const u = await createUser(h.deps);
    const entryId = await supervisionEntry(h, u, "Supervisor", { Topics: `Caseload, NHS ${NHS}` });
    // As a completed sign-off leaves it (supervision-signoff.int.test.ts).
    await h.deps.prisma.entry.update({
      where: { id: entryId },
      data: { supervisionLocked: true, supervisionCompleted: true },
    });
    const before = await h.deps.prisma.entry.findUniqueOrThrow({ where: { id: entryId } });
    const edit = await call(h.app, "POST", `/entries/${entryId}/update`, {
      token: u.token,
      ip: randomIp(),
      body: { Field4: "Edited", Topics: "Caseload" },
    });
    expect([edit.status, edit.body.code]).toEqual([409, "ENTRY_LOCKED"]);
    expect(refused(await ask.export(u), IDENTIFIER_FINDING_MESSAGES.blocked)).toEqual([
      expect.objectContaining({ recordType: "supervision", recordId: entryId, field: "Topics" }),
    ]);

    // Marking a finding changes no text of the record: the sign-off stands, the history records it.
    const res = await call(h.app, "POST", `/entries/${entryId}/identifier-resolutions`, {
      token: u.token,
      body: { text: NHS },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.unresolvedFindings).toBe(0);
    const after = await h.deps.prisma.entry.findUniqueOrThrow({ where: { id: entryId } });
    expect([after.values, after.title, after.supervisionLocked]).toEqual([before.values, before.title, true]);
    const history = await h.deps.prisma.entryIdentifierResolution.findMany({ where: { entryId } });
    expect(history.map((r) => [r.userId, r.textHash])).toEqual([
      [u.id, createHash("sha256").update(resolutionKey(NHS)).digest("hex")],
    ]);
    expect((await ask.export(u)).status).toBe(201);
  });
});
