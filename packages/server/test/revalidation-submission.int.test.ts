// Revalidation submission packs (REQ-SUBMIT-01..06) through the real app, worker, database and S3:
// an NMC pack from request to Completed with every section in the PDF's text, the unmet
// requirements and the confidentiality reminder on page 1, the online form's text with its limits,
// the other regulators' layouts, ownership, hostile ids and a racing double request.
import { randomUUID } from "node:crypto";
import {
  HCPC,
  ONLINE_FORMS,
  SUBMISSION,
  SUBMISSION_MESSAGES,
  SUBMISSION_RECORD_FIELDS,
  ukDate,
} from "@cpd/contract";
import { Queue } from "bullmq";
import { describe, expect, it, vi } from "vitest";
import { submissionHandler } from "../src/jobs/handlers/submission.js";
import { submissionRetentionHandler } from "../src/jobs/handlers/submission-retention.js";
import { addDays, todayInLondon } from "../src/lib/dates.js";
import { inspectPdf } from "../src/lib/pdf/inspect.js";
import { storageKeysOf } from "../src/modules/account-deletion/repository.js";
import { packAndCycleFor } from "../src/modules/revalidation/packs.js";
import { call, createUser, jobContext, type TestUser, useApp } from "./harness.js";

const h = useApp({ worker: true });

const today = todayInLondon();
/** A renewal date half a year away: the cycle holds the last few months. */
const renewalDate = addDays(today, 180);

async function register(
  u: TestUser,
  regulator: string,
  registers: string[],
  extra: Record<string, unknown> = {},
) {
  const res = await call(h.app, "PUT", "/profile/registrations", {
    token: u.token,
    body: { items: [{ regulator, registers, registrationNumber: "12A3456E", renewalDate, ...extra }] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items[0] as {
    id: string;
    regulator: "NMC" | "GPhC" | "HCPC" | "GDC" | "GOC";
    registers: string[];
  };
}

/** A tagged diary entry `daysAgo` days back (written straight to the table; the form is not under test). */
async function entry(
  u: TestUser,
  title: string,
  hours: number,
  tags: Record<string, unknown> = {},
  daysAgo = 10,
) {
  const e = await h.deps.prisma.entry.create({
    data: {
      userId: u.id,
      type: "diary",
      title,
      date: new Date(`${addDays(today, -daysAgo)}T00:00:00Z`),
      hours,
      description: `What I learnt from ${title}`,
    },
  });
  const res = await call(h.app, "PUT", `/revalidation/entries/${e.id}`, {
    token: u.token,
    body: { participatory: false, planned: false, verifiable: false, method: "course", themes: [], ...tags },
  });
  expect(res.status).toBe(200);
  return e.id;
}

async function record(u: TestUser, kind: string, title: string, details: Record<string, string>, extra = {}) {
  const res = await call(h.app, "POST", "/revalidation/records", {
    token: u.token,
    body: { kind, title, date: addDays(today, -20), details, themes: [], ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

const request = (u: TestUser, registrationId: string) =>
  call(h.app, "POST", `/revalidation/${registrationId}/submission`, { token: u.token });

async function completed(u: TestUser, id: string) {
  const res = await vi.waitFor(
    async () => {
      const res = await call(h.app, "GET", `/revalidation/submission/${id}`, { token: u.token });
      if (res.status === 200 && (res.body.state === "Pending" || res.body.state === "Processing"))
        throw new Error(`submission still ${res.body.state}`);
      return res;
    },
    { timeout: 30_000, interval: 100 },
  );
  expect(res.status).toBe(200);
  expect(res.body.state, res.body.reason).toBe("Completed");
  return res.body;
}

async function pdfOf(link: string) {
  const url = new URL(link);
  const res = await h.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toContain("application/pdf");
  const pdf = await inspectPdf(res.rawPayload);
  const pageText = (n: number) =>
    pdf.items
      .filter((i) => i.page === n)
      .map((i) => i.text)
      .join(" ")
      .replace(/\s+/g, " ");
  const all = Array.from({ length: pdf.pages }, (_, i) => pageText(i + 1)).join(" ");
  return { pdf, pageText, all };
}

const squash = (s: string) => s.replace(/\s+/g, "");

/** Makes `u`'s pack for `registrationId` and reads its PDF: the status and the text without spaces. */
async function packText(u: TestUser, registrationId: string) {
  const done = await completed(u, (await request(u, registrationId)).body.id);
  const pdf = await pdfOf(done.downloadLink);
  const contains = (titles: string[]) => {
    for (const t of titles) expect(squash(pdf.all)).toContain(squash(t));
  };
  return { done, text: squash(pdf.all), page1: squash(pdf.pageText(1)), contains };
}

describe("an NMC submission pack", () => {
  it("is made by the worker with every section in the NMC's order, the unmet requirements and the reminder on page 1", async () => {
    const u = await createUser(h.deps);
    const reg = await register(u, "NMC", ["nurse"]);
    const { pack } = packAndCycleFor({ regulator: "NMC", renewalDate, cycleMonths: null });
    await record(
      u,
      "practiceHours",
      "Ward 7, City Hospital",
      { setting: "Hospital ward", scope: "Adult nursing" },
      {
        hours: 460,
        endDate: addDays(today, -15),
      },
    );
    for (let i = 0; i < 4; i++) await entry(u, `Course ${i + 1}`, 10, { participatory: i < 2 });
    for (let i = 0; i < 5; i++)
      await record(u, "feedback", `Feedback ${i + 1}`, {
        source: "A patient's relative",
        said: `Thanks ${i}`,
      });
    for (let i = 0; i < 5; i++)
      await record(u, "reflectiveAccount", `Account ${i + 1}`, {
        nature: `Nature ${i}`,
        learned: `Learnt ${i}`,
        changed: `Changed ${i}`,
        codeRelevance: "Prioritise people",
      });
    const discussion = await record(u, "reflectiveDiscussion", "Discussion with Sam", {
      withName: "Sam Ode",
      withNumber: "98B7654C",
    });
    await record(u, "confirmation", "Confirmation by my manager", {
      confirmerName: "Ada Line",
      confirmerEmail: "ada@example.org",
    });
    // No health and character or indemnity declaration: both must be listed as unmet.
    // The discussion partner signed (an attestation, ADR 0028); the confirmer has not yet.
    const hash = "5e".repeat(32);
    await h.deps.prisma.attestation.create({
      data: {
        userId: u.id,
        registrationId: reg.id,
        regulator: "NMC",
        registrationNumber: "12A3456E",
        kind: "nmcReflectiveDiscussion",
        attesterName: "Sam Ode",
        attesterEmail: "sam@example.org",
        recordIds: [discussion],
        expiresAt: new Date(Date.now() + 86_400_000),
        signedAt: new Date(),
        signedHash: hash,
        signer: {
          name: "Samuel Ode",
          registrationNumber: "98B7654C",
          regulator: "NMC",
          email: "sam@example.org",
          address: "Ward 7",
          postcode: "AB1 2CD",
          date: addDays(today, -2),
        },
      },
    });

    const res = await request(u, reg.id);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), state: "Pending" });
    const done = await completed(u, res.body.id);

    const progress = await call(h.app, "GET", "/revalidation", { token: u.token });
    const unmet = progress.body.items[0].requirements.filter((r: { met: boolean }) => !r.met);
    expect(unmet.map((r: { id: string }) => r.id).sort()).toEqual(["health-character", "indemnity"]);
    expect(done.unmet.map((r: { id: string }) => r.id).sort()).toEqual(["health-character", "indemnity"]);
    expect(done).toMatchObject({ registrationId: reg.id, regulator: "NMC", packId: pack.id });

    const { pdf, pageText, all } = await pdfOf(done.downloadLink);
    expect(done.pages).toBe(pdf.pages);
    const first = squash(pageText(1));
    expect(first).toContain(squash(SUBMISSION_MESSAGES.unmetHeading));
    for (const r of unmet) expect(first).toContain(squash(r.title));
    expect(first).toContain(squash(SUBMISSION_MESSAGES.confidentiality));
    // Met requirements are not listed as unmet.
    const met = pack.requirements.find((r) => r.id === "cpd-hours");
    expect(first.split(squash("Sections"))[0]).not.toContain(squash(met?.title ?? "?"));

    const text = squash(all);
    const order = [
      "Practice hours log",
      "CPD log",
      "Practice-related feedback log",
      "Reflective accounts form",
      "Reflective discussion form",
      "Confirmation form",
    ].map((t) => text.lastIndexOf(squash(t)));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // Each section says which requirement it meets.
    for (const r of pack.requirements) expect(text).toContain(squash(`Meets: ${r.title}`));
    // The reflective accounts on the NMC form's four prompts, five of them.
    for (const f of SUBMISSION_RECORD_FIELDS.NMC?.reflectiveAccount ?? [])
      expect(text).toContain(squash(f.label));
    for (let i = 0; i < 5; i++)
      expect(text).toContain(squash(`Reflective account ${i + 1}: Account ${i + 1}`));
    for (let i = 1; i <= 4; i++) expect(text).toContain(squash(`Course ${i}`));
    expect(text).toContain("SamOde");
    // The discussion form carries the attester's name, date and the signature's hash; the
    // confirmation is not yet signed. The stored hash is not the content's: the record reads as changed.
    expect(text).toContain(
      squash(`Signed by Samuel Ode on ${ukDate(addDays(today, -2))}. Signature hash: ${hash}`),
    );
    expect(text).toContain(squash("(a covered record has changed since signing)"));
    expect(all.split(SUBMISSION_MESSAGES.notYetSigned).length - 1).toBe(1);

    // The online form's text: the figures and the discussion partner, with the form's limits.
    const fields = done.onlineForm.fields as {
      key: string;
      text: string;
      limit: number;
      overLimit: boolean;
    }[];
    expect(done.onlineForm.name).toBe(ONLINE_FORMS.NMC?.name);
    const byKey = Object.fromEntries(fields.map((f) => [f.key, f]));
    expect([byKey.practiceHours?.text, byKey.cpdHours?.text, byKey.participatoryHours?.text]).toEqual([
      "460",
      "40",
      "20",
    ]);
    expect(byKey.withName).toMatchObject({ text: "Sam Ode", overLimit: false });
    expect(byKey.confirmerEmail?.text).toBe("ada@example.org");
  });
});

describe("the other regulators' packs", () => {
  it("prints the HCPC profile parts and flags a summary over HCPC's word limit without cutting it", async () => {
    const u = await createUser(h.deps);
    const reg = await register(u, "HCPC", ["paramedic"]);
    const summary = `${"practice ".repeat(HCPC.summaryWords)}ends here`;
    await h.deps.prisma.personalProfile.upsert({
      where: { userId: u.id },
      create: { userId: u.id, hcpcSummary: summary, hcpcStandard1: "Standard one text" },
      update: { hcpcSummary: summary, hcpcStandard1: "Standard one text" },
    });
    await entry(u, "Airway workshop", 3);
    const { done, text, contains } = await packText(u, reg.id);
    const field = done.onlineForm.fields.find((f: { key: string }) => f.key === "summary");
    expect(field).toMatchObject({
      unit: "words",
      limit: HCPC.summaryWords,
      length: HCPC.summaryWords + 2,
      overLimit: true,
    });
    expect(field.text).toBe(summary);
    contains([
      "Summary of practice history",
      "Statement of how you have met our standards",
      "CPD activities",
    ]);
    expect(text).toContain("Airwayworkshop");
    expect(text).toContain("endshere");
    expect(text).toContain(squash("Standard one text"));
  });

  it("prints the GDC activity log with outcomes, the development plan and the annual figures", async () => {
    const u = await createUser(h.deps);
    const reg = await register(u, "GDC", ["dentist"]);
    await entry(u, "Radiography update", 5, {
      verifiable: true,
      planned: true,
      themes: ["A: Effective communication"],
    });
    const { done, text, contains } = await packText(u, reg.id);
    expect(done.onlineForm).toBeNull();
    contains([
      "Activity log with development outcomes",
      "Personal development plan",
      "Annual statement figures",
    ]);
    expect(text).toContain(squash("Development outcomes: A: Effective communication"));
    expect(text).toContain(squash(`${today.slice(0, 4)}: 5 verifiable CPD hours`));
  });

  it("lists each requirement and what counts for a pack without its own layout (GOC)", async () => {
    const u = await createUser(h.deps);
    const reg = await register(u, "GOC", ["optometrist"]);
    await entry(u, "Contact lens course", 4, { participatory: true });
    const { done, text, page1, contains } = await packText(u, reg.id);
    const { pack } = packAndCycleFor({ regulator: "GOC", renewalDate, cycleMonths: null });
    const judged = pack.requirements.filter((r) => !r.registers || r.registers.includes("optometrist"));
    contains(judged.map((r) => `Meets: ${r.title}`));
    expect(text).toContain("Contactlenscourse");
    // Nothing is met but the hours of the one course: every other requirement is on page 1.
    for (const r of done.unmet) expect(page1).toContain(squash(r.title));
    expect(done.unmet.length).toBeGreaterThan(0);
  });
});

describe("patient confidentiality", () => {
  it("refuses the request (409, naming the record) while a record holds a patient identifier", async () => {
    const u = await createUser(h.deps);
    const reg = await register(u, "NMC", ["nurse"]);
    const flagged = await record(u, "feedback", "Feedback from a ward round", {
      said: "Patient NHS number 943 476 5919 said thanks",
    });
    await record(u, "feedback", "Clean feedback", { said: "Thanks from a relative" });
    const res = await request(u, reg.id);
    expect([res.status, res.body.code]).toEqual([409, "IDENTIFIERS_FOUND"]);
    expect(res.body.details.findings).toEqual([
      expect.objectContaining({ recordType: "record", recordId: flagged, field: "said", kind: "nhs-number" }),
    ]);
    expect(await h.deps.prisma.revalidationSubmission.count({ where: { userId: u.id } })).toBe(0);
  });

  it("still refuses at build time a pack whose record gained an identifier after the request", async () => {
    const u = await createUser(h.deps);
    const reg = await register(u, "NMC", ["nurse"]);
    const flagged = await record(u, "feedback", "Feedback from a ward round", { said: "Thanks" });
    const res = await request(u, reg.id);
    expect(res.status).toBe(202);
    await completed(u, res.body.id);
    // The record changed while the job waited in the queue (written straight to the table, past
    // the request's check): the same job run again on the row made Pending again.
    await h.deps.prisma.revalidationRecord.update({
      where: { id: flagged },
      data: { details: { said: "Patient NHS number 943 476 5919 said thanks" } },
    });
    await h.deps.prisma.revalidationSubmission.update({
      where: { id: res.body.id },
      data: { state: "Pending", failureReason: null, storageKey: null, completedAt: null },
    });
    await submissionHandler.handle({ submissionId: res.body.id }, jobContext(h));
    const failed = (await call(h.app, "GET", `/revalidation/submission/${res.body.id}`, { token: u.token }))
      .body;
    expect(failed).toMatchObject({
      state: "Failed",
      downloadLink: null,
      reason: SUBMISSION_MESSAGES.identifiersFound(["Feedback from a ward round"]),
    });
  });
});

describe("who may see a submission", () => {
  it("answers 404 for another user's registration or submission, and makes nothing", async () => {
    const [me, other] = await Promise.all([createUser(h.deps), createUser(h.deps)]);
    const mine = await register(me, "NMC", ["nurse"]);
    const theirs = await register(other, "NMC", ["nurse"]);
    const refused = await request(me, theirs.id);
    expect([refused.status, refused.body.code]).toEqual([404, "REGISTRATION_NOT_FOUND"]);
    expect(await h.deps.prisma.revalidationSubmission.count({ where: { registrationId: theirs.id } })).toBe(
      0,
    );

    const made = await request(me, mine.id);
    expect(made.status).toBe(202);
    const peek = await call(h.app, "GET", `/revalidation/submission/${made.body.id}`, { token: other.token });
    expect([peek.status, peek.body.code]).toEqual([404, "SUBMISSION_NOT_FOUND"]);
    await completed(me, made.body.id);
    // The pack's PDF is the owner's: deleting their account deletes it (account-deletion's key list).
    const key = `submissions/${made.body.id}.pdf`;
    expect(await h.deps.storage.get(key)).not.toBeNull();
    expect(await storageKeysOf(h.deps.prisma, me.id)).toContain(key);
    expect(await storageKeysOf(h.deps.prisma, other.id)).not.toContain(key);
  });

  it("refuses a tampered or expired file link", async () => {
    const u = await createUser(h.deps);
    const reg = await register(u, "GPhC", ["pharmacist"]);
    const done = await completed(u, (await request(u, reg.id)).body.id);
    const url = new URL(done.downloadLink);
    const signature = url.searchParams.get("signature") ?? "";
    const tampered = `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
    const bad = await call(
      h.app,
      "GET",
      `${url.pathname.replace(/^\/api/, "")}?expires=${url.searchParams.get("expires")}&signature=${tampered}`,
    );
    expect([bad.status, bad.body.code]).toEqual([404, "LINK_INVALID"]);
    const later = Number(url.searchParams.get("expires")) + 60;
    const stretched = await call(
      h.app,
      "GET",
      `${url.pathname.replace(/^\/api/, "")}?expires=${later}&signature=${signature}`,
    );
    expect(stretched.status).toBe(404);
  });
});

describe("a pack's life after the request", () => {
  it("stops a pack lost in the making after SUBMISSION.staleMinutes, and a new request makes a new one", async () => {
    const u = await createUser(h.deps);
    const reg = await register(u, "GPhC", ["pharmacist"]);
    // A Pending row whose job is gone (a flushed Redis): nothing will ever take it.
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    const lost = await h.deps.prisma.revalidationSubmission.create({
      data: {
        userId: u.id,
        registrationId: reg.id,
        regulator: "GPhC",
        packId: "gphc-2025",
        cycleStart: new Date("2026-01-01"),
        cycleEnd: new Date("2026-12-31"),
        createdAt: minutesAgo(SUBMISSION.staleMinutes - 5),
      },
    });
    // Younger than the limit: still the one being made.
    const young = await request(u, reg.id);
    expect([young.status, young.body]).toEqual([202, { id: lost.id, state: "Pending" }]);

    await h.deps.prisma.revalidationSubmission.update({
      where: { id: lost.id },
      data: { createdAt: minutesAgo(SUBMISSION.staleMinutes + 1) },
    });
    const fresh = await request(u, reg.id);
    expect(fresh.status).toBe(202);
    expect(fresh.body.id).not.toBe(lost.id);
    const stopped = await call(h.app, "GET", `/revalidation/submission/${lost.id}`, { token: u.token });
    expect([stopped.body.state, stopped.body.reason, stopped.body.downloadLink]).toEqual([
      "Failed",
      SUBMISSION_MESSAGES.stale,
      null,
    ]);
    await completed(u, fresh.body.id);
  });

  it("deletes a made pack's file after SUBMISSION.retentionHours and says Expired", async () => {
    const u = await createUser(h.deps);
    const reg = await register(u, "GPhC", ["pharmacist"]);
    const done = await completed(u, (await request(u, reg.id)).body.id);
    const key = `submissions/${done.id}.pdf`;
    const expiresAt = new Date(new Date(done.completedAt).getTime() + SUBMISSION.retentionHours * 3_600_000);
    const at = (ms: number) => jobContext(h, { now: () => new Date(expiresAt.getTime() + ms) });

    await submissionRetentionHandler.handle({ batch: 10 }, at(-60_000));
    expect(await h.deps.storage.get(key)).not.toBeNull();

    await submissionRetentionHandler.handle({ batch: 10 }, at(60_000));
    expect(await h.deps.storage.get(key)).toBeNull();
    const after = await call(h.app, "GET", `/revalidation/submission/${done.id}`, { token: u.token });
    expect([after.status, after.body.state, after.body.downloadLink]).toEqual([200, "Expired", null]);
    // The link handed out before now finds no file.
    const url = new URL(done.downloadLink);
    const late = await h.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    expect(late.statusCode).toBe(404);
  });
});

describe("hostile requests", () => {
  it("answer 4xx for ids that are not UUIDs, NUL bytes and lone surrogates, and 404 for an unknown id", async () => {
    const u = await createUser(h.deps);
    for (const id of [
      "not-a-uuid",
      "%00",
      "%ED%A0%80",
      "1".repeat(5_000),
      "00000000-0000-0000-0000-00000000000%00",
    ]) {
      const post = await call(h.app, "POST", `/revalidation/${id}/submission`, { token: u.token });
      expect(post.status, id).toBeGreaterThanOrEqual(400);
      expect(post.status, id).toBeLessThan(500);
      const get = await call(h.app, "GET", `/revalidation/submission/${id}`, { token: u.token });
      expect(get.status, id).toBeGreaterThanOrEqual(400);
      expect(get.status, id).toBeLessThan(500);
    }
    const unknown = await call(h.app, "GET", `/revalidation/submission/${randomUUID()}`, { token: u.token });
    expect([unknown.status, unknown.body.code]).toEqual([404, "SUBMISSION_NOT_FOUND"]);
    const body = await call(h.app, "POST", `/revalidation/${randomUUID()}/submission`, {
      token: u.token,
      body: { anything: "\u0000" },
    });
    expect(body.status).toBeGreaterThanOrEqual(400);
    expect(body.status).toBeLessThan(500);
  });

  it("gives racing requests for one registration the one submission being made", async () => {
    const u = await createUser(h.deps);
    const reg = await register(u, "NMC", ["nurse"]);
    // The worker takes nothing meanwhile, so every request meets the first one still Pending.
    const pdf = new Queue("pdf", { connection: h.deps.redis, prefix: h.deps.config.redisPrefix });
    await pdf.pause();
    let answers: Awaited<ReturnType<typeof request>>[];
    try {
      answers = await Promise.all(Array.from({ length: 8 }, () => request(u, reg.id)));
    } finally {
      await pdf.resume();
      await pdf.close();
    }
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(202));
    const ids = new Set(answers.map((a) => a.body.id));
    expect(ids.size).toBe(1);
    expect(await h.deps.prisma.revalidationSubmission.count({ where: { registrationId: reg.id } })).toBe(1);
    const [id] = ids;
    await completed(u, id as string);
    // Once made, a new request makes a new pack (the records may have changed).
    const again = await request(u, reg.id);
    expect(again.body.id).not.toBe(id);
    await completed(u, again.body.id);
  });
});
