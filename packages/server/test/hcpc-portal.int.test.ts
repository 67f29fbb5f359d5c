import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  addMonths,
  HCPC_ACCESS_REQUESTED_MESSAGE,
  HCPC_ENTRY_COUNT_MESSAGE,
  HCPC_LINK_EXPIRED_MESSAGE,
} from "@cpd/contract";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { startWorkers } from "../src/worker.js";
import { call, createUser, randomIp, type TestUser, testConfig, useApp } from "./harness.js";
import { waitForMail } from "./mail.js";

const h = useApp();

const day = (d: string) => new Date(`${d}T00:00:00Z`);
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** A portal link for `u` over the range, made as the job makes it (only the hash is stored). */
async function link(
  u: TestUser,
  dateFrom: string,
  dateTo: string,
  expiresAt = new Date(Date.now() + 86_400_000),
) {
  const token = randomBytes(32).toString("base64url");
  await h.deps.prisma.hcpcAccess.create({
    data: { tokenHash: sha256(token), userId: u.id, dateFrom: day(dateFrom), dateTo: day(dateTo), expiresAt },
  });
  return token;
}

/** A diary (or reflective) entry stored directly, with answers the PDF prints. */
async function entry(u: TestUser, date: string, title = `Activity ${date}`, type = "diary") {
  const values =
    type === "diary"
      ? {
          Field222: title,
          DiaryDate: date,
          DiaryHours: "1.5",
          ActivityType: "Other",
          Field116: "Other",
          LearningOutcomes: "<p>Łukasz taught me <b>triage</b></p>",
        }
      : { Field4: title, ReflectionDate: date, Feelings: "Nervous at first" };
  const row = await h.deps.prisma.entry.create({
    data: { userId: u.id, type, title, date: day(date), hours: 1.5, category: "Other", values },
  });
  return row.id;
}

async function evidence(u: TestUser, entryId: string | null, name = "evidence.png") {
  const key = `files/${randomUUID()}`;
  const bytes = Buffer.from("\x89PNG\r\n\x1a\nportal evidence", "binary");
  await h.deps.storage.put(key, bytes, "image/png", bytes.length);
  const f = await h.deps.prisma.storedFile.create({
    data: {
      userId: u.id,
      storageKey: key,
      filename: name,
      contentType: "image/png",
      size: bytes.length,
      entryId,
    },
  });
  return f.id;
}

/** `n` entries a week apart from 2026-01-05. */
async function weekly(u: TestUser, n: number, from = Date.UTC(2026, 0, 5)) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++)
    ids.push(await entry(u, new Date(from + i * 7 * 86_400_000).toISOString().slice(0, 10)));
  return ids;
}

const pdf = (token: string, entryIds: string[], evidenceIds: string[] = [], extra = "") =>
  call(
    h.app,
    "GET",
    `/hcpc-portal/${token}/entries-pdf?${[...entryIds.map((id) => `entryId=${id}`), ...evidenceIds.map((id) => `evidenceId=${id}`)].join("&")}${extra}`,
    { ip: randomIp() },
  );

describe("POST hcpc-portal/request-access", () => {
  it("e-mails a working link bound to the user and the range", async () => {
    const u = await createUser(h.deps, { firstName: "Portal" });
    const body = { dateFrom: "2026-01-01", dateTo: "2026-12-31" };
    const res = await call(h.app, "POST", "/hcpc-portal/request-access", {
      token: u.token,
      body,
      ip: randomIp(),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: HCPC_ACCESS_REQUESTED_MESSAGE });
    // The request only queued ids: no link exists until the job sends the e-mail.
    expect(await h.deps.prisma.hcpcAccess.count({ where: { userId: u.id } })).toBe(0);

    const worker = startWorkers(testConfig());
    try {
      const mail = await waitForMail(u.email);
      expect(mail.subject).toBe("Your HCPC audit portal link");
      const token = mail.text.match(/\/hcpc-portal\/access\/([A-Za-z0-9_-]{43})\s/)?.[1] as string;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const stored = await h.deps.prisma.hcpcAccess.findMany({ where: { userId: u.id } });
      expect(stored.map((r) => r.tokenHash)).toEqual([sha256(token)]);

      const info = await call(h.app, "GET", `/hcpc-portal/${token}/info`);
      expect(info.status).toBe(200);
      expect(info.body).toMatchObject({ name: "Portal User", ...body });
      const days = (Date.parse(info.body.expiresAt) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThanOrEqual(7);
    } finally {
      await worker.close();
    }
  });

  it("refuses a range that ends before it starts, and a missing date", async () => {
    const u = await createUser(h.deps);
    const back = await call(h.app, "POST", "/hcpc-portal/request-access", {
      token: u.token,
      body: { dateFrom: "2026-02-01", dateTo: "2026-01-01" },
      ip: randomIp(),
    });
    expect([back.status, back.body.code]).toEqual([400, "RANGE_ORDER"]);
    const missing = await call(h.app, "POST", "/hcpc-portal/request-access", {
      token: u.token,
      body: { dateFrom: "2026-02-01" },
      ip: randomIp(),
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Date to is required");
  });
});

describe("the link", () => {
  it("answers 404 LINK_INVALID for an unknown token and 410 LINK_EXPIRED once expired", async () => {
    const u = await createUser(h.deps);
    const unknown = await call(h.app, "GET", `/hcpc-portal/${randomBytes(32).toString("base64url")}/info`);
    expect([unknown.status, unknown.body.code]).toEqual([404, "LINK_INVALID"]);

    const token = await link(u, "2026-01-01", "2026-12-31", new Date(Date.now() + 3600_000));
    expect((await call(h.app, "GET", `/hcpc-portal/${token}/summary`)).status).toBe(200);
    const realNow = h.deps.now;
    h.deps.now = () => new Date(Date.now() + 3600_000);
    try {
      for (const path of ["info", "summary", "statement", "entries", "evidence"]) {
        const res = await call(h.app, "GET", `/hcpc-portal/${token}/${path}`);
        expect([res.status, res.body.code, res.body.message], path).toEqual([
          410,
          "LINK_EXPIRED",
          HCPC_LINK_EXPIRED_MESSAGE,
        ]);
      }
    } finally {
      h.deps.now = realNow;
    }
    const stale = await link(u, "2026-01-01", "2026-12-31", new Date(Date.now() - 1000));
    expect(
      (await call(h.app, "PUT", `/hcpc-portal/${stale}/summary`, { body: { summary: "x" } })).status,
    ).toBe(410);
  });
});

describe("summary and statement", () => {
  it("round-trip on the personal profile, so a new link keeps the work", async () => {
    const u = await createUser(h.deps);
    const first = await link(u, "2026-01-01", "2026-06-30");
    expect((await call(h.app, "GET", `/hcpc-portal/${first}/summary`)).body).toEqual({ summary: "" });
    const summary = "I am a paramedic in a busy urban ambulance service. Ŵyn joined us.";
    const put = await call(h.app, "PUT", `/hcpc-portal/${first}/summary`, { body: { summary } });
    expect([put.status, put.body]).toEqual([200, { summary }]);
    const statement = { standard1: "One", standard2: "Two", standard3: "Three", standard4: "Four" };
    expect((await call(h.app, "PUT", `/hcpc-portal/${first}/statement`, { body: statement })).body).toEqual(
      statement,
    );

    const second = await link(u, "2025-01-01", "2026-12-31");
    expect((await call(h.app, "GET", `/hcpc-portal/${second}/summary`)).body).toEqual({ summary });
    expect((await call(h.app, "GET", `/hcpc-portal/${second}/statement`)).body).toEqual(statement);
    const profile = await h.deps.prisma.personalProfile.findUniqueOrThrow({ where: { userId: u.id } });
    expect([profile.hcpcSummary, profile.hcpcStandard4]).toEqual([summary, "Four"]);

    const missing = await call(h.app, "PUT", `/hcpc-portal/${second}/statement`, {
      body: { standard1: "Only" },
    });
    expect([missing.status, missing.body.message]).toEqual([400, "Standard2 is required"]);
  });
});

describe("entries and evidence", () => {
  it("lists only the user's diary and reflective entries inside the range, oldest first", async () => {
    const u = await createUser(h.deps);
    const other = await createUser(h.deps);
    const march = await entry(u, "2026-03-01", "March");
    const jan = await entry(u, "2026-01-01", "New year", "reflection");
    const last = await entry(u, "2026-06-30", "Last day");
    await entry(u, "2025-12-31", "Before");
    await entry(u, "2026-07-01", "After");
    await h.deps.prisma.entry.create({
      data: { userId: u.id, type: "supervision", title: "Supervision", date: day("2026-03-02"), values: {} },
    });
    await entry(other, "2026-03-01", "Someone else's");
    const f = await evidence(u, march, "march.png");
    const token = await link(u, "2026-01-01", "2026-06-30");

    const res = await call(h.app, "GET", `/hcpc-portal/${token}/entries`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((e: { id: string }) => e.id)).toEqual([jan, march, last]);
    expect(res.body.items[1]).toEqual({
      id: march,
      type: "diary",
      title: "March",
      date: "2026-03-01",
      hours: 1.5,
      tags: [],
      evidenceCount: 1,
    });

    const ev = await call(h.app, "GET", `/hcpc-portal/${token}/evidence?entryId=${march}`);
    expect(ev.body.items).toEqual([
      { id: f, name: "march.png", contentType: "image/png", size: 23, entryId: march, entryTitle: "March" },
    ]);
    expect((await call(h.app, "GET", `/hcpc-portal/${token}/evidence?entryId[]=${jan}`)).body.items).toEqual(
      [],
    );
    expect((await call(h.app, "GET", `/hcpc-portal/${token}/evidence`)).body.items).toHaveLength(1);

    const file = await call(h.app, "GET", `/hcpc-portal/${token}/evidence/${f}`);
    expect(file.status).toBe(200);
    expect(file.res.headers["content-type"]).toBe("image/png");
    expect(file.res.headers["content-disposition"]).toContain('inline; filename="march.png"');
    expect(file.res.headers["content-security-policy"]).toContain("sandbox");
    expect(file.res.rawPayload.subarray(0, 4).toString("latin1")).toBe("\x89PNG");
    const download = await call(h.app, "GET", `/hcpc-portal/${token}/evidence/${f}?download=true`);
    expect(download.res.headers["content-disposition"]).toContain("attachment;");
  });

  it("refuses other users' evidence, out-of-range evidence and loose files with 404", async () => {
    const u = await createUser(h.deps);
    const other = await createUser(h.deps);
    const token = await link(u, "2026-01-01", "2026-06-30");
    const theirs = await evidence(other, await entry(other, "2026-03-01"));
    const outside = await evidence(u, await entry(u, "2027-03-01"));
    const loose = await evidence(u, null);
    for (const id of [theirs, outside, loose, randomUUID()]) {
      const res = await call(h.app, "GET", `/hcpc-portal/${token}/evidence/${id}`);
      expect([res.status, res.body.code]).toEqual([404, "EVIDENCE_NOT_FOUND"]);
    }
    const list = await call(
      h.app,
      "GET",
      `/hcpc-portal/${token}/evidence?entryId=${(await h.deps.prisma.storedFile.findUniqueOrThrow({ where: { id: theirs } })).entryId}`,
    );
    expect(list.body.items).toEqual([]);
  });
});

describe("GET hcpc-portal/:id/entries-pdf", () => {
  it("refuses 11 activities, renders 12 (entryId[] or entryId), refuses 51", async () => {
    const u = await createUser(h.deps);
    const ids = await weekly(u, 51);
    const token = await link(u, "2026-01-01", "2026-12-31");

    const eleven = await pdf(token, ids.slice(0, 11));
    expect([eleven.status, eleven.body.code, eleven.body.message]).toEqual([
      422,
      "HCPC_ENTRY_COUNT",
      HCPC_ENTRY_COUNT_MESSAGE,
    ]);

    const twelve = await pdf(token, ids.slice(0, 12));
    expect(twelve.status).toBe(200);
    expect(twelve.res.headers["content-type"]).toBe("application/pdf");
    expect(twelve.res.headers["content-disposition"]).toMatch(/^inline;/);
    expect(twelve.res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    const bracketed = await call(
      h.app,
      "GET",
      `/hcpc-portal/${token}/entries-pdf?${ids
        .slice(0, 12)
        .map((id) => `entryId[]=${id}`)
        .join("&")}&download=true`,
    );
    expect(bracketed.status).toBe(200);
    expect(bracketed.res.headers["content-disposition"]).toMatch(/^attachment;/);

    const fifty = await pdf(token, ids.slice(0, 50));
    expect(fifty.status).toBe(200);
    const fiftyOne = await pdf(token, ids);
    expect([fiftyOne.status, fiftyOne.body.code]).toEqual([422, "HCPC_ENTRY_COUNT"]);
  });

  it("refuses an entry of another user or outside the range with 404 before counting", async () => {
    const u = await createUser(h.deps);
    const other = await createUser(h.deps);
    const ids = await weekly(u, 12);
    const token = await link(u, "2026-01-01", "2026-12-31");
    const theirs = await entry(other, "2026-05-01");
    const outside = await entry(u, "2027-05-01");
    for (const id of [theirs, outside]) {
      const res = await pdf(token, [...ids.slice(0, 11), id]);
      expect([res.status, res.body.code]).toEqual([404, "ENTRY_NOT_FOUND"]);
    }
  });

  it("checks the evidence: 3 refused, 4 accepted, another entry's evidence 404", async () => {
    const u = await createUser(h.deps);
    const ids = await weekly(u, 13);
    const files = await Promise.all(ids.map((id, i) => evidence(u, id, `cert-${i}.png`)));
    const token = await link(u, "2026-01-01", "2026-12-31");
    const chosen = ids.slice(0, 12);
    const three = await pdf(token, chosen, files.slice(0, 3));
    expect([three.status, three.body.code]).toEqual([422, "HCPC_EVIDENCE_COUNT"]);
    await call(h.app, "PUT", `/hcpc-portal/${token}/summary`, { body: { summary: "Ward sister in Zürich" } });
    const statement = {
      standard1: "Kept records",
      standard2: "Mixed learning",
      standard3: "Better care",
      standard4: "Safer patients",
    };
    await call(h.app, "PUT", `/hcpc-portal/${token}/statement`, { body: statement });
    const four = await pdf(token, chosen, files.slice(0, 4));
    expect(four.status).toBe(200);
    expect(four.res.headers["content-type"]).toBe("application/pdf");
    const pages = (
      await extractText(await getDocumentProxy(new Uint8Array(four.res.rawPayload)), { mergePages: false })
    ).text;
    const text = pages.join("\n").replace(/\s+/g, " ");
    for (const expected of [
      "Test User",
      "CPD activities from 01/01/2026 to 31/12/2026",
      "Ward sister in Zürich",
      "Standard 4: seek to ensure that your CPD benefits the service user",
      "Safer patients",
      "Activity 2026-01-05",
      "Łukasz taught me triage",
      "cert-3.png (Activity 2026-01-26)",
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain("cert-4.png");
    expect(text).not.toContain("Activity 2026-03-30");
    const notSelected = await pdf(token, chosen, [...files.slice(0, 3), files[12] as string]);
    expect([notSelected.status, notSelected.body.code]).toEqual([404, "EVIDENCE_NOT_FOUND"]);
  });

  it("refuses a gap of 3 months, naming both activities and their dates", async () => {
    const u = await createUser(h.deps);
    const ids: string[] = [];
    for (let i = 0; i < 11; i++) ids.push(await entry(u, addMonths("2026-01-10", i % 6), `Course ${i}`));
    ids.push(await entry(u, "2026-09-10", "Resuscitation update"));
    const token = await link(u, "2026-01-01", "2026-12-31");
    const res = await pdf(token, ids);
    expect([res.status, res.body.code]).toEqual([422, "HCPC_GAP"]);
    expect(res.body.message).toContain('"Course 5" (10/06/2026)');
    expect(res.body.message).toContain('"Resuscitation update" (10/09/2026)');
    expect(res.body.message).toContain("3 months");
  });

  it("refuses an expired link before anything else", async () => {
    const u = await createUser(h.deps);
    const ids = await weekly(u, 12);
    const token = await link(u, "2026-01-01", "2026-12-31", new Date(Date.now() - 1));
    expect((await pdf(token, ids)).status).toBe(410);
  });
});
