// Patient identifiers in saved entries (REQ-IDENT-02/03, ADR 0029): a save keeps the text and
// answers its findings, the entries list shows the unresolved count, and "not a patient
// identifier" is remembered per entry by a hash of the text, never the text, which no log holds.
import { createHash, randomUUID } from "node:crypto";
import { IDENTIFIER_FINDING_MESSAGES, IDENTIFIER_MESSAGES, resolutionKey } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { entryFindingsHandler } from "../src/jobs/handlers/entry-findings.js";
import { call, createUser, jobContext, randomIp, refusal, type TestUser, useApp } from "./harness.js";
import { appWithLogs, nhsNumber, spaced } from "./identifier-fixtures.js";

const h = useApp();

const sha256 = (text: string) => createHash("sha256").update(resolutionKey(text), "utf8").digest("hex");

const diary = (over: Record<string, unknown> = {}) => ({
  Field222: "Deteriorating patient review",
  DiaryDate: "2026-10-14",
  DiaryHours: "1",
  ActivityType: "Formal and educational",
  Field116: "Clinical Skills",
  ...over,
});

const save = (app: FastifyInstance, u: TestUser, body: object) =>
  call(app, "POST", "/entries/diary", { token: u.token, body, ip: randomIp() });
const update = (u: TestUser, id: string, body: object) =>
  call(h.app, "POST", `/entries/${id}/update`, { token: u.token, body, ip: randomIp() });
const resolve = (app: FastifyInstance, u: TestUser, id: string, text: unknown) =>
  call(app, "POST", `/entries/${id}/identifier-resolutions`, {
    token: u.token,
    body: { text },
    ip: randomIp(),
  });
async function listed(u: TestUser, id: string) {
  const res = await call(h.app, "GET", "/entries/limit/100/page/1", { token: u.token });
  expect(res.status).toBe(200);
  return res.body.items.find((i: { id: string }) => i.id === id);
}
const rows = (entryId: string) => h.deps.prisma.entryIdentifierResolution.findMany({ where: { entryId } });

describe("saving an entry with a patient identifier", () => {
  it("keeps the text, answers the finding with its field and position, and lists the count", async () => {
    const u = await createUser(h.deps);
    const nhs = spaced(nhsNumber());
    const description = `Reviewed the notes of ${nhs} with the registrar.`;

    const res = await save(h.app, u, diary({ Field113: description }));

    expect(res.status).toBe(200);
    expect(res.body.unresolvedFindings).toBe(1);
    expect(res.body.identifierFindings).toEqual([
      {
        field: "Field113",
        kind: "nhs-number",
        severity: "identifier",
        start: description.indexOf(nhs),
        end: description.indexOf(nhs) + nhs.length,
        reason: IDENTIFIER_MESSAGES["nhs-number"],
      },
    ]);
    const stored = await h.deps.prisma.entry.findUniqueOrThrow({ where: { id: res.body.entryId } });
    expect(stored.description).toBe(description);
    expect(stored.unresolvedFindings).toBe(1);
    expect((await listed(u, res.body.entryId)).unresolvedFindings).toBe(1);
  });

  it("answers no findings for an entry without any, and leaves the writer's own e-mail out", async () => {
    const u = await createUser(h.deps);
    const res = await save(h.app, u, diary({ Field113: `Questions to ${u.email} please` }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ entryId: res.body.entryId, identifierFindings: [], unresolvedFindings: 0 });
    expect((await listed(u, res.body.entryId)).unresolvedFindings).toBe(0);
  });

  it("finds text in rich text by its plain-text position, and in the title", async () => {
    const u = await createUser(h.deps);
    const nhs = nhsNumber();
    const res = await save(
      h.app,
      u,
      diary({ Field222: `Review ${nhs}`, Field113: "<p>Ask <strong>ward.7@nhs.example</strong></p>" }),
    );
    expect(res.status).toBe(200);
    const found = res.body.identifierFindings.map(
      (f: { field: string; kind: string; start: number; end: number }) => [f.field, f.kind, f.start, f.end],
    );
    expect(found).toEqual([
      ["Field222", "nhs-number", 7, 17],
      ["Field113", "email", 4, 22],
    ]);
    expect(res.body.unresolvedFindings).toBe(2);
  });
});

describe("entries written before the check", () => {
  it("are counted by the entry-findings job; until then the list shows 0 and the export treats them as flagged", async () => {
    const u = await createUser(h.deps);
    const nhs = spaced(nhsNumber());
    // Written straight to the table, as every entry before the check was: no count (null).
    const [old, clean] = await Promise.all(
      [`Handover for ${nhs} on the ward`, "Handover teaching on the ward"].map((description) =>
        h.deps.prisma.entry.create({
          data: { userId: u.id, type: "diary", title: "Handover", description },
          select: { id: true, unresolvedFindings: true },
        }),
      ),
    );
    expect(old?.unresolvedFindings).toBeNull();
    expect((await listed(u, old?.id as string)).unresolvedFindings).toBe(0);
    const exported = await call(h.app, "POST", "/user-account/me/export", { token: u.token, ip: randomIp() });
    expect([exported.status, exported.body.code]).toEqual([409, "IDENTIFIERS_FOUND"]);
    expect(exported.body.details.findings.map((f: { recordId: string }) => f.recordId)).toEqual([old?.id]);

    await entryFindingsHandler.handle({ batch: 500 }, jobContext(h));

    const counts = await h.deps.prisma.entry.findMany({
      where: { id: { in: [old?.id as string, clean?.id as string] } },
      select: { id: true, unresolvedFindings: true },
    });
    expect(new Map(counts.map((c) => [c.id, c.unresolvedFindings]))).toEqual(
      new Map([
        [old?.id, 1],
        [clean?.id, 0],
      ]),
    );
    expect((await listed(u, old?.id as string)).unresolvedFindings).toBe(1);
  });
});

describe("marking a finding as not a patient identifier", () => {
  it("stores a hash, not the text, answers 0 and lists 0; the editor's form gets the hash; a later save keeps it resolved", async () => {
    const u = await createUser(h.deps);
    const nhs = spaced(nhsNumber());
    const { entryId } = (await save(h.app, u, diary({ Field113: `Notes ${nhs}` }))).body;

    // Written with other spacing and case: the same finding.
    const res = await resolve(h.app, u, entryId, `  ${nhs.replace(/ /g, "  ")} `);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ identifierFindings: [], unresolvedFindings: 0 });
    expect((await listed(u, entryId)).unresolvedFindings).toBe(0);
    const stored = await rows(entryId);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.textHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.textHash).toBe(sha256(nhs));
    expect(stored[0]?.userId).toBe(u.id);
    expect(stored[0]?.resolvedAt).toBeInstanceOf(Date);
    expect(JSON.stringify(stored)).not.toContain(nhs.slice(0, 3) + nhs.slice(4, 7));

    const form = await call(h.app, "GET", `/form/entry/${entryId}`, { token: u.token });
    expect(form.status).toBe(200);
    expect(form.body.identifierResolutions).toEqual([sha256(nhs)]);

    // Saved again with the same number and a new one: only the new one is unresolved.
    const other = spaced(nhsNumber());
    const again = await update(u, entryId, diary({ Field113: `Notes ${nhs}, then ${other}` }));
    expect(again.status).toBe(200);
    expect(again.body.unresolvedFindings).toBe(1);
    expect(again.body.identifierFindings.map((f: { start: number }) => f.start)).toEqual([
      `Notes ${nhs}, then `.length,
    ]);
    expect((await listed(u, entryId)).unresolvedFindings).toBe(1);
    // The finding removed by an edit: nothing unresolved.
    const cleaned = await update(u, entryId, diary({ Field113: "Notes redacted" }));
    expect(cleaned.body).toEqual({ entryId, identifierFindings: [], unresolvedFindings: 0 });
    expect((await listed(u, entryId)).unresolvedFindings).toBe(0);
  });

  it("refuses a text that is not flagged in the entry with 400 and stores nothing", async () => {
    const u = await createUser(h.deps);
    const nhs = nhsNumber();
    const { entryId } = (await save(h.app, u, diary({ Field113: `Seen ${nhs}` }))).body;
    const elsewhere = nhsNumber();
    for (const text of ["Seen", elsewhere, nhs.slice(0, 9)]) {
      expect(refusal(await resolve(h.app, u, entryId, text))).toEqual([
        400,
        "IDENTIFIER_NOT_FLAGGED",
        IDENTIFIER_FINDING_MESSAGES.notFlagged,
      ]);
    }
    expect(await rows(entryId)).toEqual([]);
    expect((await listed(u, entryId)).unresolvedFindings).toBe(1);
  });

  it("answers 404 for another user's entry and an unknown one, and stores nothing", async () => {
    const owner = await createUser(h.deps);
    const other = await createUser(h.deps);
    const nhs = nhsNumber();
    const { entryId } = (await save(h.app, owner, diary({ Field113: `Seen ${nhs}` }))).body;
    expect(refusal(await resolve(h.app, other, entryId, nhs))[0]).toBe(404);
    expect(refusal(await resolve(h.app, other, entryId, nhs))[1]).toBe("ENTRY_NOT_FOUND");
    expect(refusal(await resolve(h.app, owner, randomUUID(), nhs))[1]).toBe("ENTRY_NOT_FOUND");
    expect(await rows(entryId)).toEqual([]);
    expect((await listed(owner, entryId)).unresolvedFindings).toBe(1);
  });

  it("answers 4xx, never 5xx, to hostile input", async () => {
    const u = await createUser(h.deps);
    const nhs = nhsNumber();
    const { entryId } = (await save(h.app, u, diary({ Field113: `Seen ${nhs}` }))).body;
    const statuses = [
      (await resolve(h.app, u, entryId, `${nhs}\u0000`)).status,
      (await resolve(h.app, u, entryId, "\u0000")).status,
      (await resolve(h.app, u, entryId, `${nhs}\ud800`)).status,
      (await resolve(h.app, u, entryId, "\udc00")).status,
      (await resolve(h.app, u, entryId, "")).status,
      (await resolve(h.app, u, entryId, "9".repeat(100_000))).status,
      (await resolve(h.app, u, entryId, 12345)).status,
      (await resolve(h.app, u, entryId, null)).status,
      (await resolve(h.app, u, "not-a-uuid", nhs)).status,
      (await resolve(h.app, u, `${entryId}\u0000`, nhs)).status,
      (await call(h.app, "POST", `/entries/${entryId}/identifier-resolutions`, { token: u.token, body: {} }))
        .status,
      (await call(h.app, "POST", `/entries/${entryId}/identifier-resolutions`, { body: { text: nhs } }))
        .status,
    ];
    for (const s of statuses) {
      expect(s).toBeGreaterThanOrEqual(400);
      expect(s).toBeLessThan(500);
    }
    expect(statuses.at(-1)).toBe(401);
    expect(await rows(entryId)).toEqual([]);

    // A save with a NUL byte or a lone surrogate in its text is refused or saved, never a 5xx.
    for (const text of [`Seen\u0000 ${nhs}`, `Seen \ud800 ${nhs} \udc00`]) {
      const res = await save(h.app, u, diary({ Field113: text }));
      expect(res.status).toBeLessThan(500);
    }
  });

  it("keeps one row for ten racing resolutions of the same text", async () => {
    const u = await createUser(h.deps);
    const nhs = nhsNumber();
    const { entryId } = (await save(h.app, u, diary({ Field113: `Seen ${nhs} and ${nhsNumber()}` }))).body;
    const answers = await Promise.all(Array.from({ length: 10 }, () => resolve(h.app, u, entryId, nhs)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.map((a) => a.body.unresolvedFindings)).toEqual(Array(10).fill(1));
    expect(await rows(entryId)).toHaveLength(1);
    expect((await listed(u, entryId)).unresolvedFindings).toBe(1);
  });
});

describe("entry text never reaches the logs", () => {
  it("logs neither a saved text nor a resolved or refused one, at the most verbose level", async () => {
    const u = await createUser(h.deps);
    const marker = `entry-text-${randomUUID()}`;
    const email = `${marker}@example.org`;
    const { app, logs } = await appWithLogs(h.deps);
    try {
      const saved = await save(app, u, diary({ Field113: `Ask ${email}` }));
      expect(saved.status).toBe(200);
      expect(saved.body.unresolvedFindings).toBe(1);
      const refused = await resolve(app, u, saved.body.entryId, `${marker}-not-flagged`);
      expect(refused.status).toBe(400);
      expect(refused.res.body).not.toContain(marker);
      const done = await resolve(app, u, saved.body.entryId, email);
      expect(done.status).toBe(200);
      expect(logs()).toContain("identifier-resolutions");
      expect(logs()).not.toContain(marker);
    } finally {
      await app.close();
    }
  });
});
