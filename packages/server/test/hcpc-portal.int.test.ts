import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  addMonths,
  HCPC_ACCESS_REQUESTED_MESSAGE,
  HCPC_LINK_EXPIRED_MESSAGE,
  HCPC_STATEMENT_WORDS_MESSAGE,
  HCPC_SUMMARY_WORDS_MESSAGE,
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

/** The PDF's text, pages joined, runs of white space as one space. */
async function pdfText(payload: Buffer) {
  const pages = (await extractText(await getDocumentProxy(new Uint8Array(payload)), { mergePages: false }))
    .text;
  return pages.join("\n").replace(/\s+/g, " ");
}

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

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
      for (const path of ["info", "summary", "statement", "gaps", "entries", "evidence"]) {
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

  it("keep HCPC's word limits: 500 words of summary, 1,500 of statement in all (ADR 0027)", async () => {
    const u = await createUser(h.deps);
    const token = await link(u, "2026-01-01", "2026-06-30");
    const ok = await call(h.app, "PUT", `/hcpc-portal/${token}/summary`, { body: { summary: words(500) } });
    expect(ok.status).toBe(200);
    const over = await call(h.app, "PUT", `/hcpc-portal/${token}/summary`, { body: { summary: words(501) } });
    expect([over.status, over.body.code, over.body.message]).toEqual([
      422,
      "HCPC_WORD_LIMIT",
      HCPC_SUMMARY_WORDS_MESSAGE,
    ]);
    expect((await call(h.app, "GET", `/hcpc-portal/${token}/summary`)).body.summary).toBe(words(500));

    const statement = (last: number) => ({
      standard1: words(500),
      standard2: words(500),
      standard3: words(400),
      standard4: words(last),
    });
    expect(
      (await call(h.app, "PUT", `/hcpc-portal/${token}/statement`, { body: statement(100) })).status,
    ).toBe(200);
    const long = await call(h.app, "PUT", `/hcpc-portal/${token}/statement`, { body: statement(101) });
    expect([long.status, long.body.code, long.body.message]).toEqual([
      422,
      "HCPC_WORD_LIMIT",
      HCPC_STATEMENT_WORDS_MESSAGE,
    ]);
    expect((await call(h.app, "GET", `/hcpc-portal/${token}/statement`)).body.standard4).toBe(words(100));
  });
});

describe("gap explanations", () => {
  it("round-trip per link, replace the link's set, and keep the last of a gap named twice", async () => {
    const u = await createUser(h.deps);
    const token = await link(u, "2026-01-01", "2026-12-31");
    const other = await link(u, "2026-01-01", "2026-12-31");
    expect((await call(h.app, "GET", `/hcpc-portal/${token}/gaps`)).body).toEqual({ gaps: [] });
    const gaps = [
      { from: "2026-06-10", to: "2026-09-10", explanation: "Sick leave" },
      { from: "2026-01-10", to: "2026-05-10", explanation: "Parental leave (Zoë)" },
      { from: "2026-01-10", to: "2026-05-10", explanation: "  Parental leave  " },
    ];
    const put = await call(h.app, "PUT", `/hcpc-portal/${token}/gaps`, { body: { gaps } });
    expect([put.status, put.body]).toEqual([
      200,
      {
        gaps: [
          { from: "2026-01-10", to: "2026-05-10", explanation: "Parental leave" },
          { from: "2026-06-10", to: "2026-09-10", explanation: "Sick leave" },
        ],
      },
    ]);
    expect((await call(h.app, "GET", `/hcpc-portal/${token}/gaps`)).body).toEqual(put.body);
    expect((await call(h.app, "GET", `/hcpc-portal/${other}/gaps`)).body).toEqual({ gaps: [] });

    const replaced = await call(h.app, "PUT", `/hcpc-portal/${token}/gaps`, {
      body: { gaps: [gaps[0]] },
    });
    expect(replaced.body.gaps).toEqual([gaps[0]]);
  });

  it("answers concurrent saves of the same link with 200, one set winning whole", async () => {
    const u = await createUser(h.deps);
    const token = await link(u, "2026-01-01", "2026-12-31");
    const sets = Array.from({ length: 5 }, (_, i) => [
      { from: "2026-01-10", to: "2026-05-10", explanation: `Leave ${i}` },
      { from: "2026-06-10", to: "2026-09-10", explanation: `Illness ${i}` },
    ]);
    const answers = await Promise.all(
      sets.map((gaps) => call(h.app, "PUT", `/hcpc-portal/${token}/gaps`, { body: { gaps } })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const now = (await call(h.app, "GET", `/hcpc-portal/${token}/gaps`)).body.gaps;
    expect(sets).toContainEqual(now);
  });

  it("refuses a blank, too long or hostile explanation and a gap that ends before it starts", async () => {
    const u = await createUser(h.deps);
    const token = await link(u, "2026-01-01", "2026-12-31");
    const put = (explanation: unknown, from = "2026-01-10", to = "2026-05-10") =>
      call(h.app, "PUT", `/hcpc-portal/${token}/gaps`, { body: { gaps: [{ from, to, explanation }] } });
    for (const blank of ["", "   \n\t"]) {
      const res = await put(blank);
      expect([res.status, res.body.message], JSON.stringify(blank)).toEqual([
        400,
        "Write an explanation for the gap.",
      ]);
    }
    for (const bad of ["x".repeat(2001), "a\u0000b", "a\ud800b", null, 1e308]) {
      expect((await put(bad)).status, String(bad).slice(0, 12)).toBe(400);
    }
    expect((await put("x".repeat(2000))).status).toBe(200);
    const backwards = await put("Leave", "2026-05-10", "2026-01-10");
    expect([backwards.status, backwards.body.code]).toEqual([400, "RANGE_ORDER"]);
    const stale = await link(u, "2026-01-01", "2026-12-31", new Date(Date.now() - 1000));
    const expired = await call(h.app, "PUT", `/hcpc-portal/${stale}/gaps`, { body: { gaps: [] } });
    expect(expired.status).toBe(410);
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
  it("renders 1, 11, 12, 50 and 51 activities: the count only warns (entryId[] or entryId)", async () => {
    const u = await createUser(h.deps);
    const ids = await weekly(u, 51);
    const token = await link(u, "2026-01-01", "2026-12-31");

    for (const n of [1, 11, 50, 51]) {
      const res = await pdf(token, ids.slice(0, n));
      expect([res.status, res.res.headers["content-type"]], `${n}`).toEqual([200, "application/pdf"]);
    }
    const twelve = await pdf(token, ids.slice(0, 12));
    expect(twelve.status).toBe(200);
    expect(twelve.res.headers["content-disposition"]).toMatch(/^inline;/);
    expect(twelve.res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(await pdfText(twelve.res.rawPayload)).toContain("12 activities");

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
  });

  it("refuses an entry of another user or outside the range with 404", async () => {
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

  it("prints the texts and evidence: 3 or 4 pieces accepted, another entry's evidence 404", async () => {
    const u = await createUser(h.deps);
    const ids = await weekly(u, 13);
    const files = await Promise.all(ids.map((id, i) => evidence(u, id, `cert-${i}.png`)));
    const token = await link(u, "2026-01-01", "2026-12-31");
    const chosen = ids.slice(0, 12);
    const three = await pdf(token, chosen, files.slice(0, 3));
    expect(three.status).toBe(200);
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
    const text = await pdfText(four.res.rawPayload);
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

  it("refuses a gap of 3 months until the link explains it, then prints the explanation", async () => {
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

    // Another gap's explanation, or another link's, does not explain this one.
    const other = await link(u, "2026-01-01", "2026-12-31");
    const gap = {
      from: "2026-06-10",
      to: "2026-09-10",
      explanation: "Parental leave from June to September",
    };
    await call(h.app, "PUT", `/hcpc-portal/${other}/gaps`, { body: { gaps: [gap] } });
    await call(h.app, "PUT", `/hcpc-portal/${token}/gaps`, {
      body: { gaps: [{ ...gap, from: "2026-06-11" }] },
    });
    expect((await pdf(token, ids)).body.code).toBe("HCPC_GAP");

    const saved = await call(h.app, "PUT", `/hcpc-portal/${token}/gaps`, { body: { gaps: [gap] } });
    expect(saved.status).toBe(200);
    const ok = await pdf(token, ids);
    expect([ok.status, ok.res.headers["content-type"]]).toEqual([200, "application/pdf"]);
    const text = await pdfText(ok.res.rawPayload);
    // Between the two activities either side of the gap.
    expect(text).toContain(
      "Łukasz taught me triage Gap from 10/06/2026 to 10/09/2026: explanation " +
        "Parental leave from June to September Resuscitation update CPD diary entry · Date: 10/09/2026",
    );
  });

  it("refuses an expired link before anything else", async () => {
    const u = await createUser(h.deps);
    const ids = await weekly(u, 12);
    const token = await link(u, "2026-01-01", "2026-12-31", new Date(Date.now() - 1));
    expect((await pdf(token, ids)).status).toBe(410);
  });
});
