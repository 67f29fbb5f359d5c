// A worker killed with SIGKILL in the middle of a portfolio: once another worker takes the job
// over (after the lock lapses), the portfolio completes exactly once: one file, one e-mail.
// The worker runs as a real child process, on a Redis prefix of its own so that the in-process
// workers of other test files cannot take the job.
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Queue } from "bullmq";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, describe, expect, it } from "vitest";
import { Queues } from "../src/jobs/queues.js";
import { addDays, todayInLondon } from "../src/lib/dates.js";
import { bulkDiary, createUser, jobsSettled, testConfig, useApp } from "./harness.js";
import { mailsTo, waitForMail } from "./mail.js";

const h = useApp();
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const prefix = `cpd_crash_${randomUUID().slice(0, 8)}`;
const LOCK_MS = 5_000;
const children: ChildProcess[] = [];

function startWorker(): ChildProcess {
  const config = testConfig();
  // The node process itself (not a tsx launcher), so SIGKILL reaches the worker.
  const child = spawn(process.execPath, ["--import", "tsx", "src/worker.ts"], {
    cwd: serverDir,
    env: {
      ...process.env,
      JWT_SECRET: config.jwtSecret,
      SUPPORT_CHAT_SECRET: config.supportChatSecret,
      REDIS_PREFIX: prefix,
      PDF_JOB_LOCK_MS: String(LOCK_MS),
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  children.push(child);
  return child;
}

afterAll(async () => {
  await Promise.all(
    children
      .filter((c) => c.exitCode === null && c.signalCode === null)
      .map((c) => new Promise((resolve) => c.once("exit", resolve).kill("SIGKILL"))),
  );
  for (const name of ["pdf", "maintenance"]) {
    const queue = new Queue(name, { connection: h.deps.redis, prefix });
    await queue.removeJobScheduler("portfolio-retention").catch(() => {});
    await queue.obliterate({ force: true }).catch(() => {});
    await queue.close();
  }
});

describe("a worker killed mid-portfolio", () => {
  it("leaves a job another worker completes exactly once: one file, one e-mail", async () => {
    const me = await createUser(h.deps);
    const today = todayInLondon();
    // Enough pages to take a few seconds and to be e-mailed (100 estimated pages or more).
    const ids = await bulkDiary(
      h.deps,
      me.id,
      250,
      today,
      "Crash entry",
      "A paragraph of notes. ".repeat(40),
    );
    const real = h.deps.queues;
    h.deps.queues = new Queues(h.deps.redis, prefix);
    let uuid: string;
    try {
      const res = await h.app.inject({
        method: "POST",
        url: "/api/portfolio/v2/download",
        headers: { authorization: `Bearer ${me.token}` },
        payload: {
          dateFrom: addDays(today, -365),
          dateTo: today,
          include: ["FRONT_PAGE", "CONTENTS_PAGE"],
          title: { line1: "Crash test", line2: "" },
          diaryEntries: ids,
          reflectiveEntries: [],
          evidenceIds: [],
          includeBranding: false,
          selectedPortfolioCover: "classic",
          background: 2,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      uuid = res.json().uuid;
      expect(res.json().delivery).toBe("email");
    } finally {
      await h.deps.queues.close();
      h.deps.queues = real;
    }
    const row = () => h.deps.prisma.portfolioRequest.findUniqueOrThrow({ where: { id: uuid } });

    const first = startWorker();
    await expect
      .poll(async () => (await row()).progress, {
        message: "the first worker to be part-way through",
        timeout: 60_000,
      })
      .toBeGreaterThan(0);
    expect((await row()).state).toBe("Processing");
    first.kill("SIGKILL");
    await new Promise((r) => first.once("exit", r));
    expect((await row()).state).toBe("Processing");
    expect(await h.deps.storage.get(`portfolios/${uuid}.pdf`)).toBeNull();

    startWorker();
    await expect
      .poll(async () => (await row()).state, { message: "the portfolio to complete", timeout: 90_000 })
      .toBe("Completed");
    const done = await row();
    const mail = await waitForMail(me.email, 15_000);
    expect(mail.subject).toBe("Your CPD portfolio is ready");
    // Before counting: the job is done in the queue too, so a duplicate run has shown itself or never will.
    await jobsSettled(h, (data) => data.portfolioId === uuid, { prefix, timeoutMs: LOCK_MS * 6 });
    expect(await mailsTo(me.email)).toHaveLength(1);
    expect((await row()).completedAt?.getTime()).toBe(done.completedAt?.getTime());

    const stored = await h.deps.storage.get(`portfolios/${uuid}.pdf`);
    expect(stored).not.toBeNull();
    const chunks: Buffer[] = [];
    for await (const c of stored?.body ?? []) chunks.push(c as Buffer);
    const pdf = await getDocumentProxy(new Uint8Array(Buffer.concat(chunks)));
    const { totalPages } = await extractText(pdf, { mergePages: false });
    expect(totalPages).toBe(done.pageCount);

    const queue = new Queue("pdf", { connection: h.deps.redis, prefix });
    try {
      const job = await queue.getJob(`portfolio-${uuid}`);
      expect(await job?.getState()).toBe("completed");
    } finally {
      await queue.close();
    }
  }, 180_000);
});
