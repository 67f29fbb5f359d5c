// Nothing leaves the record while what would leave holds an unresolved patient identifier (ADR
// 0029): sharing to Shared CPD, a supervision share, an attestation request, a portfolio, the HCPC
// pack, a revalidation submission and the account export each answer 409 IDENTIFIERS_FOUND naming
// the record and field, create and queue nothing, and go through once the finding is resolved
// ("not a patient identifier") or the text redacted.
import { randomBytes } from "node:crypto";
import { BLOCKING_FINDINGS_MAX, IDENTIFIER_FINDING_MESSAGES } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { addDays, todayInLondon } from "../src/lib/dates.js";
import {
  diary,
  hcpcPortalToken,
  portfolioRequest,
  SHARE_CARD,
  savedNmcRegistration,
  shareEntry,
} from "./factories.js";
import { call, createUser, randomIp, type TestUser, useApp } from "./harness.js";
import { nhsNumber, spaced } from "./identifier-fixtures.js";
import { revieweeFor, shareCall, supervisionEntry } from "./supervision-fixtures.js";

const h = useApp();

/** An NHS number written 3-3-4 (first digit 4: never a CHI date nor an H&C number). */
const NHS = spaced(nhsNumber());
const flaggedText = `Saw the patient (NHS ${NHS}) on the ward`;
const cleanText = "Saw the patient on the ward";

/** The 409 and its findings, each naming where it is. */
function refused(res: Awaited<ReturnType<typeof call>>) {
  expect(res.status, JSON.stringify(res.body)).toBe(409);
  expect(res.body.code).toBe("IDENTIFIERS_FOUND");
  expect(res.body.message).toBe(IDENTIFIER_FINDING_MESSAGES.blocked);
  // The refusal names where the finding is, never the flagged text itself.
  expect(JSON.stringify(res.body)).not.toContain(NHS);
  expect(res.body.details.total).toBe(res.body.details.findings.length);
  return res.body.details.findings as Array<Record<string, unknown>>;
}

/** `ask` is refused with `expected` and `made` stays 0; after `clear`, it answers `status` and `made` is 1. */
async function refusedUntilCleared(
  ask: () => ReturnType<typeof call>,
  made: () => Promise<number>,
  expected: unknown[],
  clear: () => Promise<unknown>,
  status: number,
) {
  expect(refused(await ask())).toEqual(expected);
  expect(await made()).toBe(0);
  await clear();
  const res = await ask();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(await made()).toBe(1);
}

const finding = (recordType: string, recordId: string, field: string) =>
  expect.objectContaining({ recordType, recordId, field, kind: "nhs-number", severity: "identifier" });

const resolve = async (u: TestUser, entryId: string, text = NHS) => {
  const res = await call(h.app, "POST", `/entries/${entryId}/identifier-resolutions`, {
    token: u.token,
    body: { text },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.unresolvedFindings).toBe(0);
};

/** A diary entry of `u`'s saved through the API with the NHS number in its learning outcomes. */
const flaggedDiary = (u: TestUser, over: Record<string, unknown> = {}) =>
  diary(h, u, { LearningOutcomes: `<p>${flaggedText}</p>`, ...over });

describe("sharing to Shared CPD", () => {
  const card = SHARE_CARD;
  const share = (u: TestUser, entryId: string, body: object = card) => shareEntry(h, u, entryId, body);
  const shares = (u: TestUser) => h.deps.prisma.sharedCpd.count({ where: { userId: u.id } });

  it("refuses while the entry holds an unresolved finding, and shares once it is resolved", async () => {
    const u = await createUser(h.deps);
    const entryId = await flaggedDiary(u);
    expect(refused(await share(u, entryId))).toEqual([finding("diary", entryId, "LearningOutcomes")]);
    expect(await shares(u)).toBe(0);
    await resolve(u, entryId);
    expect((await share(u, entryId)).status).toBe(200);
    expect(await shares(u)).toBe(1);
  });

  it("refuses a patient identifier typed into the share itself, and shares it redacted", async () => {
    const u = await createUser(h.deps);
    const entryId = await diary(h, u);
    const typed = { ...card, description: `Learnt from ${NHS}` };
    expect(refused(await share(u, entryId, typed))).toEqual([finding("diary", entryId, "sharedDescription")]);
    expect(await shares(u)).toBe(0);
    expect((await share(u, entryId)).status).toBe(200);
  });
});

describe("sharing a supervision record", () => {
  it("refuses while the record holds an unresolved finding, then shares once it is resolved", async () => {
    const owner = await createUser(h.deps);
    const entryId = await supervisionEntry(h, owner, "Supervisor", { Topics: flaggedText });
    const body = { entryId, reviewee: revieweeFor("Supervisor").reviewee, topics: [] };
    const shares = () => h.deps.prisma.supervisionShare.count({ where: { entryId } });
    expect(refused(await shareCall(h, owner, body))).toEqual([finding("supervision", entryId, "Topics")]);
    expect(await shares()).toBe(0);
    // A topic typed for the share is what the reviewee reads too.
    const topics = [{ title: "Caseload", actions: `Follow up ${NHS}` }];
    expect(refused(await shareCall(h, owner, { ...body, topics }))).toEqual([
      finding("supervision", entryId, "Topics"),
      finding("supervision", entryId, "topicActions"),
    ]);
    await resolve(owner, entryId);
    expect(refused(await shareCall(h, owner, { ...body, topics }))).toEqual([
      finding("supervision", entryId, "topicActions"),
    ]);
    expect(await shares()).toBe(0);
    const res = await shareCall(h, owner, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await shares()).toBe(1);
  });
});

const recordBody = (said: string) => ({
  kind: "feedback",
  title: "Feedback from a ward round",
  date: addDays(todayInLondon(), -20),
  details: { source: "A relative", said },
  themes: [],
});

async function record(u: TestUser, said: string) {
  const res = await call(h.app, "POST", "/revalidation/records", { token: u.token, body: recordBody(said) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

const redactRecord = async (u: TestUser, id: string) => {
  const res = await call(h.app, "PUT", `/revalidation/records/${id}`, {
    token: u.token,
    body: recordBody(cleanText),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

describe("asking for an attestation", () => {
  it("refuses while a covered record or entry holds a finding, naming both; asks once cleared", async () => {
    const u = await createUser(h.deps);
    const registrationId = await savedNmcRegistration(h, u);
    const recordId = await record(u, flaggedText);
    const entryId = await flaggedDiary(u);
    const body = {
      kind: "nmcReflectiveDiscussion",
      registrationId,
      attester: { name: "Sam Colleague", email: `attester-${randomBytes(6).toString("hex")}@test.example` },
      recordIds: [recordId],
      entryIds: [entryId],
    };
    const ask = () =>
      call(h.app, "POST", "/revalidation/attestations", { token: u.token, ip: randomIp(), body });
    const asked = () => h.deps.prisma.attestation.count({ where: { userId: u.id } });
    expect(refused(await ask())).toEqual([
      finding("record", recordId, "said"),
      finding("diary", entryId, "LearningOutcomes"),
    ]);
    await redactRecord(u, recordId);
    expect(refused(await ask())).toEqual([finding("diary", entryId, "LearningOutcomes")]);
    expect(await asked()).toBe(0);
    await resolve(u, entryId);
    expect((await ask()).status).toBe(201);
    expect(await asked()).toBe(1);
  });
});

describe("asking for a portfolio", () => {
  it("refuses while a selected entry holds a finding; queues once it is resolved", async () => {
    const u = await createUser(h.deps);
    const date = addDays(todayInLondon(), -30);
    const flagged = await flaggedDiary(u, { DiaryDate: date });
    const clean = await diary(h, u, { DiaryDate: date });
    const ask = () =>
      call(h.app, "POST", "/portfolio/v2/download", {
        token: u.token,
        ip: randomIp(),
        body: portfolioRequest({ diaryEntries: [clean, flagged] }),
      });
    const made = () => h.deps.prisma.portfolioRequest.count({ where: { userId: u.id } });
    const expected = [finding("diary", flagged, "LearningOutcomes")];
    await refusedUntilCleared(ask, made, expected, () => resolve(u, flagged), 200);
  });
});

describe("the HCPC pack", () => {
  it("refuses the PDF while a selected entry holds a finding; makes it once resolved", async () => {
    const u = await createUser(h.deps);
    const entryId = await flaggedDiary(u, { DiaryDate: "2026-10-01" });
    const token = await hcpcPortalToken(h, u.id);
    const pdf = () =>
      call(h.app, "GET", `/hcpc-portal/${token}/entries-pdf?entryId=${entryId}`, { ip: randomIp() });
    expect(refused(await pdf())).toEqual([finding("diary", entryId, "LearningOutcomes")]);
    await resolve(u, entryId);
    const res = await pdf();
    expect(res.status).toBe(200);
    expect(res.res.headers["content-type"]).toContain("application/pdf");
  });
});

describe("asking for a revalidation submission pack", () => {
  it("refuses while a counted record holds a patient identifier; queues once redacted", async () => {
    const u = await createUser(h.deps);
    const registrationId = await savedNmcRegistration(h, u);
    const recordId = await record(u, flaggedText);
    const ask = () =>
      call(h.app, "POST", `/revalidation/${registrationId}/submission`, { token: u.token, ip: randomIp() });
    const made = () => h.deps.prisma.revalidationSubmission.count({ where: { userId: u.id } });
    const expected = [finding("record", recordId, "said")];
    await refusedUntilCleared(ask, made, expected, () => redactRecord(u, recordId), 202);
  });
});

describe("the account export", () => {
  const ask = (u: TestUser) =>
    call(h.app, "POST", "/user-account/me/export", { token: u.token, ip: randomIp() });
  const exports = (u: TestUser) => h.deps.prisma.accountExport.count({ where: { userId: u.id } });

  it("refuses while any entry holds an unresolved finding; asks once it is resolved", async () => {
    const u = await createUser(h.deps);
    await diary(h, u);
    const entryId = await flaggedDiary(u);
    expect(refused(await ask(u))).toEqual([finding("diary", entryId, "LearningOutcomes")]);
    expect(await exports(u)).toBe(0);
    await resolve(u, entryId);
    expect((await ask(u)).status).toBe(201);
    expect(await exports(u)).toBe(1);
  });

  it("lists at most BLOCKING_FINDINGS_MAX findings and counts them all", async () => {
    const u = await createUser(h.deps);
    const first = await flaggedDiary(u);
    // More flagged entries than a refusal lists, stored as a save stores them (its count beside).
    const { values, formId } = await h.deps.prisma.entry.findUniqueOrThrow({ where: { id: first } });
    await h.deps.prisma.entry.createMany({
      data: Array.from({ length: BLOCKING_FINDINGS_MAX + 4 }, () => ({
        userId: u.id,
        type: "diary",
        formId,
        title: "Sepsis",
        date: new Date("2026-10-01T00:00:00Z"),
        values: values ?? {},
        unresolvedFindings: 1,
      })),
    });
    const res = await ask(u);
    expect(res.status).toBe(409);
    expect(res.body.details.findings).toHaveLength(BLOCKING_FINDINGS_MAX);
    expect(res.body.details.total).toBe(BLOCKING_FINDINGS_MAX + 5);
    expect(await exports(u)).toBe(0);
  });
});
