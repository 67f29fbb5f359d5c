#!/usr/bin/env node
// Fault: kill -9 the worker rendering a portfolio PDF, twice in a row (a new worker started each
// time). Expected: the job is taken over once its lock lapses and completes exactly once: one
// completion in the queue, the request Completed, one stored PDF.
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import * as f from "./lib.mjs";

const require = createRequire(path.join(f.root, "packages/server/package.json"));
const { Queue } = require("bullmq");
const { Redis } = require("ioredis");
const PORT = 3985;
const ENTRIES = 90; // under 100 estimated pages: a download, not an e-mail
const LOCK_MS = "3000";

await f.guard("kill-worker", async () => {
  const db = await f.database();
  f.startApi(PORT);
  const base = `http://127.0.0.1:${PORT}`;
  await f.waitHttp(`${base}/api/health/live`);
  const user = await f.createUser(db);
  const token = await f.login(base, user);
  const long = `<p>${"A long reflection on practice, written to make the page heavier. ".repeat(60)}</p>`;
  const ids = [];
  for (let i = 0; i < ENTRIES; i++) {
    const id = randomUUID();
    ids.push(id);
    await db.query(
      `INSERT INTO entries (id, user_id, type, title, date, hours, category, description, search_text)
       VALUES ($1, $2, 'diary', $3, current_date - $4::int, 1.5, 'Clinical practice', $5, lower($3))`,
      [id, user.id, `Fault entry ${i}`, i, long],
    );
  }
  const res = await fetch(`${base}/api/portfolio/v2/download`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: f.portfolioBody(ids, "Worker"),
  });
  if (!res.ok) throw new Error(`portfolio request answered ${res.status}: ${await res.text()}`);
  const { uuid } = await res.json();

  const redis = new Redis(process.env.REDIS_URL || "redis://127.0.0.1:6379", { maxRetriesPerRequest: null });
  const queue = new Queue("pdf", { connection: redis, prefix: f.PREFIX });
  const jobId = `portfolio-${uuid}`;
  const job = () => queue.getJob(jobId);
  /** Waits until a worker started the job after `since` (its processedOn moves). */
  async function startedAfter(since, seconds = 60) {
    for (let i = 0; i < seconds * 20; i++) {
      const j = await job();
      if (j?.processedOn && j.processedOn > since && !j.finishedOn) return j.processedOn;
      if (j?.finishedOn) throw new Error("the job finished before it could be interrupted: make it heavier");
      await f.sleep(50);
    }
    throw new Error("no worker started the job");
  }
  const kills = [];
  let since = 0;
  for (let round = 0; round < 2; round++) {
    const worker = f.startWorker({ PDF_JOB_LOCK_MS: LOCK_MS });
    const started = await startedAfter(since);
    await f.sleep(150);
    await f.kill9(worker);
    kills.push({ round: round + 1, startedAt: started, killedAt: Date.now() });
    since = started;
  }
  f.startWorker({ PDF_JOB_LOCK_MS: LOCK_MS });
  let state = "";
  for (let i = 0; i < 240 && state !== "Completed" && state !== "Failed"; i++) {
    await f.sleep(500);
    const poll = await fetch(`${base}/api/portfolio/v2/download/${uuid}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    state = (await poll.json()).state;
  }
  const final = await job();
  const completed = (await queue.getCompleted(0, 1000)).filter((j) => j.id === jobId).length;
  const { rows } = await db.query("SELECT state, storage_key FROM portfolio_requests WHERE id = $1", [uuid]);
  await queue.obliterate({ force: true }).catch(() => undefined);
  await queue.close();
  redis.disconnect();
  await db.end();
  const ok =
    state === "Completed" &&
    completed === 1 &&
    rows.length === 1 &&
    rows[0].state === "Completed" &&
    kills.length === 2;
  await f.finish("kill-worker", ok, {
    state,
    completions: completed,
    attemptsStarted: final?.attemptsStarted,
    stalledCounter: final?.stalledCounter,
    kills: kills.length,
  });
});
