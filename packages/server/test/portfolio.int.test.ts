// The portfolio builder end to end: request validation against the user's own records, the real
// worker rendering a PDF into S3, its state and signed link, the 100-page e-mail rule, a Redis
// outage, duplicate submissions and retention.
import pino from "pino";
import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it, vi } from "vitest";
import { portfolioRetentionHandler } from "../src/jobs/handlers/portfolio-retention.js";
import { addDays, todayInLondon } from "../src/lib/dates.js";
import { diary, uploaded } from "./factories.js";
import {
  bulkDiary,
  call,
  createOrganisation,
  createUser,
  randomIp,
  type TestUser,
  useApp,
  whileRedisDown,
} from "./harness.js";
import { mailsTo, waitForMail } from "./mail.js";

const h = useApp({ worker: true });

const today = todayInLondon();
const yearAgo = addDays(today, -365);

/** This file's diary entries: today, 1.5 hours, "Other" (with the title and fields each test gives). */
const ENTRY = { DiaryDate: today, DiaryHours: "1.5", ActivityType: "Other", Field116: "Other" };
async function reflection(u: TestUser, title: string, text: string) {
  const res = await call(h.app, "POST", "/entries/reflection", {
    token: u.token,
    ip: randomIp(),
    body: { Field4: title, ReflectionDate: today, ReflectionHours: "1", Field113: text },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.entryId as string;
}
const body = (o: Record<string, unknown> = {}) => ({
  dateFrom: yearAgo,
  dateTo: today,
  include: ["FRONT_PAGE", "CONTENTS_PAGE", "PROFESSIONAL_INFORMATION", "HCPC_PROFILE", "CPD_INFOGRAPHIC"],
  title: { line1: "My CPD portfolio", line2: "Zoë Łukasz" },
  diaryEntries: [],
  reflectiveEntries: [],
  evidenceIds: [],
  includeBranding: true,
  selectedPortfolioCover: "modern",
  background: 3,
  ...o,
});

async function requestPortfolio(u: TestUser, b: unknown) {
  return call(h.app, "POST", "/portfolio/v2/download", { token: u.token, body: b, ip: randomIp() });
}
async function waitForState(u: TestUser, id: string, timeoutMs = 30_000) {
  const res = await vi.waitFor(
    async () => {
      const res = await call(h.app, "GET", `/portfolio/v2/download/${id}`, { token: u.token });
      // Anything but 200 ends the wait and fails below.
      if (res.status === 200 && res.body.state !== "Completed" && res.body.state !== "Failed") {
        throw new Error(`portfolio still ${res.body.state} after ${timeoutMs} ms`);
      }
      return res;
    },
    { timeout: timeoutMs, interval: 150 },
  );
  expect(res.status).toBe(200);
  return res.body;
}
async function download(link: string) {
  const url = new URL(link);
  const res = await h.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
  return res;
}
async function pdfPages(buf: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(buf));
  const { totalPages, text } = await extractText(pdf, { mergePages: false });
  return { totalPages, pages: text as string[] };
}

describe("POST portfolio/v2/download: what a request may name", () => {
  it("answers 404 for another user's entry or evidence, and queues nothing", async () => {
    const [me, other] = await Promise.all([createUser(h.deps), createUser(h.deps)]);
    const theirs = await diary(h, other, { ...ENTRY, Field222: "Not mine" });
    const theirFile = await uploaded(
      h,
      other,
      "x.png",
      await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } })
        .png()
        .toBuffer(),
    );
    const mine = await diary(h, me, { ...ENTRY, Field222: "Mine" });
    const before = await h.deps.prisma.portfolioRequest.count({ where: { userId: me.id } });

    const entry = await requestPortfolio(me, body({ diaryEntries: [mine, theirs] }));
    expect([entry.status, entry.body.code]).toEqual([404, "ENTRY_NOT_FOUND"]);
    const evidence = await requestPortfolio(me, body({ diaryEntries: [mine], evidenceIds: [theirFile] }));
    expect([evidence.status, evidence.body.code]).toEqual([404, "EVIDENCE_NOT_FOUND"]);
    expect(await h.deps.prisma.portfolioRequest.count({ where: { userId: me.id } })).toBe(before);
  });

  it("refuses a governing body's page the user is not offered, a title line over 24 characters and a background of 11", async () => {
    const me = await createUser(h.deps); // governing body HCPC
    const page = await requestPortfolio(me, body({ include: ["NMC_STANDARDS"] }));
    expect([page.status, page.body.code]).toEqual([400, "PAGE_NOT_OFFERED"]);
    const title = await requestPortfolio(me, body({ title: { line1: "x".repeat(25), line2: "" } }));
    expect(title.status).toBe(400);
    const background = await requestPortfolio(me, body({ background: 11 }));
    expect(background.status).toBe(400);
  });

  it("does not show one user's portfolio state to another", async () => {
    const [me, other] = await Promise.all([createUser(h.deps), createUser(h.deps)]);
    const res = await requestPortfolio(me, body());
    expect(res.status).toBe(200);
    const theirs = await call(h.app, "GET", `/portfolio/v2/download/${res.body.uuid}`, {
      token: other.token,
    });
    expect([theirs.status, theirs.body.code]).toEqual([404, "PORTFOLIO_NOT_FOUND"]);
  });
});

describe("a portfolio built by the worker", () => {
  it("holds the selected entries and evidence and not the others, with non-Latin text intact", async () => {
    const me = await createUser(h.deps, { firstName: "Zoë Siân" });
    await h.deps.prisma.profile.update({ where: { userId: me.id }, data: { lastName: "Łukasz-Ŵyn" } });
    const image = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#3366aa" } })
      .jpeg()
      .toBuffer();
    const photo = await uploaded(h, me, "ward-round.jpg", image);
    const notes = await uploaded(h, me, "notes.txt", Buffer.from("plain notes"));
    const first = await diary(h, me, {
      ...ENTRY,
      Field222: "Sepsis recognition workshop",
      Evidence: [photo, notes],
    });
    const second = await diary(h, me, { ...ENTRY, Field222: "Ethics café — Σωκράτης" });
    const skipped = await diary(h, me, { ...ENTRY, Field222: "Entry that was not selected" });
    const reflected = await reflection(me, "Reflecting on handover", "Κάθε μέρα μαθαίνω κάτι νέο. مرحبا");

    const res = await requestPortfolio(
      me,
      body({ diaryEntries: [first, second], reflectiveEntries: [reflected], evidenceIds: [photo, notes] }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ estimatedPages: 11, delivery: "download" });

    const done = await waitForState(me, res.body.uuid);
    expect(done.state, done.reason).toBe("Completed");
    expect(done.downloadLink).toMatch(
      /\/api\/portfolio\/v2\/download\/[0-9a-f-]{36}\/file\?expires=\d+&signature=/,
    );

    const file = await download(done.downloadLink);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["content-disposition"]).toMatch(/^attachment;/);
    const { totalPages, pages } = await pdfPages(file.rawPayload);
    expect(totalPages).toBe(done.pages);
    const all = pages.join("\n");
    for (const text of [
      "Sepsis recognition workshop",
      "Ethics café — Σωκράτης",
      "Reflecting on handover",
      "Κάθε μέρα μαθαίνω κάτι νέο",
      "Zoë Siân Łukasz-Ŵyn",
      "ward-round.jpg",
      "notes.txt",
    ]) {
      expect(all).toContain(text);
    }
    expect(all).not.toContain("Entry that was not selected");
    // Only the owner's entries: exactly one portfolio object in storage for this request.
    const stored = await h.deps.prisma.portfolioRequest.findUniqueOrThrow({ where: { id: res.body.uuid } });
    expect(stored.storageKey).toBe(`portfolios/${res.body.uuid}.pdf`);
    expect(Number(stored.size)).toBe(file.rawPayload.length);
    void skipped;
  });

  it("prints contents page numbers that match the pages the entries are on", async () => {
    const me = await createUser(h.deps);
    const ids = [];
    for (const t of ["Alpha course", "Bravo seminar", "Charlie audit"])
      ids.push(await diary(h, me, { ...ENTRY, Field222: t, Field113: "word ".repeat(900) }));
    const res = await requestPortfolio(me, body({ diaryEntries: ids }));
    const done = await waitForState(me, res.body.uuid);
    expect(done.state, done.reason).toBe("Completed");
    const { pages } = await pdfPages((await download(done.downloadLink)).rawPayload);
    const contents = pages.findIndex((p) => /contents/i.test(p));
    expect(contents).toBeGreaterThanOrEqual(0);
    for (const title of ["Alpha course", "Bravo seminar", "Charlie audit"]) {
      const printed = (pages[contents] ?? "").match(new RegExp(`${title}[ .]*?(\\d+)`));
      expect(printed, `${title} in the contents`).not.toBeNull();
      const onPage = pages.findIndex((p, i) => i !== contents && p.includes(title)) + 1;
      expect(Number(printed?.[1])).toBe(onPage);
    }
  });

  it("e-mails a portfolio of 100 estimated pages or more, with a link that downloads it", async () => {
    const me = await createUser(h.deps);
    const ids = await bulkDiary(h.deps, me.id, 92, today, "Bulk entry");
    const res = await requestPortfolio(me, body({ include: ["FRONT_PAGE"], diaryEntries: ids }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ estimatedPages: 100, delivery: "email" });
    const done = await waitForState(me, res.body.uuid, 60_000);
    expect(done.state, done.reason).toBe("Completed");
    expect(done.downloadLink).toBeNull();
    const mail = await waitForMail(me.email);
    expect(mail.subject).toBe("Your CPD portfolio is ready");
    const link = mail.text.match(/https?:\/\/\S+\/file\?expires=\d+&signature=[A-Za-z0-9_-]{43}/)?.[0];
    expect(link).toMatch(new RegExp(`/api/portfolio/v2/download/${res.body.uuid}/file\\?`));
    const file = await download(link as string);
    expect(file.statusCode).toBe(200);
    expect((await pdfPages(file.rawPayload)).totalPages).toBe(done.pages);
    expect(await mailsTo(me.email)).toHaveLength(1);
  });

  it("answers the same uuid to identical requests racing, and builds one file", async () => {
    const me = await createUser(h.deps);
    const id = await diary(h, me, { ...ENTRY, Field222: "Raced entry" });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => requestPortfolio(me, body({ diaryEntries: [id] }))),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.uuid)).size).toBe(1);
    expect(await h.deps.prisma.portfolioRequest.count({ where: { userId: me.id } })).toBe(1);
  });
});

describe("a signed download link", () => {
  it("is refused when forged or expired", async () => {
    const me = await createUser(h.deps);
    const res = await requestPortfolio(me, body());
    const done = await waitForState(me, res.body.uuid);
    const url = new URL(done.downloadLink);
    const forged = await h.app.inject({
      method: "GET",
      url: `${url.pathname}?expires=${url.searchParams.get("expires")}&signature=${"A".repeat(43)}`,
    });
    expect([forged.statusCode, forged.json().code]).toEqual([404, "LINK_INVALID"]);
    const later = Number(url.searchParams.get("expires")) + 1;
    const stretched = await h.app.inject({
      method: "GET",
      url: `${url.pathname}?expires=${later}&signature=${url.searchParams.get("signature")}`,
    });
    expect(stretched.statusCode).toBe(404);
    const realNow = h.deps.now;
    h.deps.now = () => new Date(Date.now() + 11 * 60_000);
    try {
      const expired = await h.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
      expect([expired.statusCode, expired.json().code]).toEqual([410, "LINK_EXPIRED"]);
    } finally {
      h.deps.now = realNow;
    }
  });
});

describe("Redis unavailable", () => {
  it("answers 503 with Retry-After and leaves no request behind", async () => {
    const me = await createUser(h.deps);
    const id = await diary(h, me, { ...ENTRY, Field222: "While Redis is down" });
    await whileRedisDown(h, async () => {
      const res = await requestPortfolio(me, body({ diaryEntries: [id] }));
      expect([res.status, res.body.code]).toEqual([503, "SERVICE_UNAVAILABLE"]);
      expect(res.res.headers["retry-after"]).toBe("1");
    });
    expect(await h.deps.prisma.portfolioRequest.count({ where: { userId: me.id } })).toBe(0);
    const again = await requestPortfolio(me, body({ diaryEntries: [id] }));
    expect(again.status).toBe(200);
  });
});

describe("retention", () => {
  it("deletes the file of a portfolio past its retention and marks it Expired", async () => {
    const me = await createUser(h.deps);
    const res = await requestPortfolio(me, body());
    const done = await waitForState(me, res.body.uuid);
    expect(done.state).toBe("Completed");
    const key = `portfolios/${res.body.uuid}.pdf`;
    expect(await h.deps.storage.get(key)).not.toBeNull();
    await h.deps.prisma.portfolioRequest.update({
      where: { id: res.body.uuid },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await portfolioRetentionHandler.handle(
      { batch: 10 },
      {
        db: h.deps.prisma,
        pool: h.deps.pool,
        config: h.deps.config,
        sendMail: async () => {},
        redis: h.deps.redis,
        prefix: h.deps.config.redisPrefix,
        log: pino({ level: "silent" }),
        storage: h.deps.storage,
        sms: null,
        now: () => new Date(),
        jobId: "retention-test",
        attempt: 1,
        attempts: 1,
        progress: async () => {},
      },
    );
    expect(await h.deps.storage.get(key)).toBeNull();
    const after = await call(h.app, "GET", `/portfolio/v2/download/${res.body.uuid}`, { token: me.token });
    expect(after.body).toMatchObject({ state: "Expired", downloadLink: null });
    const file = await download(done.downloadLink);
    expect(file.statusCode).toBe(404);
  });
});

describe("POST organisations/user-review/portfolio", () => {
  /** A manager's review portfolio of a new member of their organisation who wrote `entry`. */
  async function reviewOf(entry: Record<string, unknown>) {
    const org = await createOrganisation(h.deps);
    const member = await createUser(h.deps, { tier: "CORPORATE", organisationId: org.id, firstName: "Siân" });
    await diary(h, member, { ...ENTRY, ...entry });
    const manager = await createUser(h.deps, {
      tier: "CORPORATE",
      organisationId: org.id,
      roles: ["User-Basic", "Organisation-Manager"],
    });
    const res = await call(h.app, "POST", "/organisations/user-review/portfolio", {
      token: manager.token,
      body: { user: member.id, dateFrom: yearAgo, dateTo: today },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.res.headers["content-type"]).toBe("application/pdf");
    return (await pdfPages(res.res.rawPayload)).pages.join("\n");
  }

  it("answers a member's portfolio PDF to a manager of their organisation", async () => {
    expect(await reviewOf({ Field222: "Reviewed entry" })).toContain("Reviewed entry");
  });

  // Only a patient identifier stops a manager's portfolio (identifier-gates-evidence.int.test.ts):
  // a near-identifier is the member's to judge and mark, as the member's own portfolio asks them to.
  it("is not stopped by an e-mail address (a near-identifier) in the member's entry", async () => {
    const text = await reviewOf({ Field222: "Asked the ward", Field113: "Ask ward.sister@example.org" });
    expect(text).toContain("Asked the ward");
  });
});
