// Shared by the PDF benchmarks (portfolio, submission): the worker as a child process on its own
// Redis prefix, its peak RSS, and bare pdfkit drawing the same number of pages for the ratio.
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Redis } from "ioredis";
import PDFDocument from "pdfkit";
import pino from "pino";
import { loadConfig } from "../src/config.js";
import type { Prisma } from "../src/generated/prisma/client.js";
import { Queues } from "../src/jobs/queues.js";
import type { Db as PrismaClient } from "../src/lib/db.js";
import { heartbeatAge } from "../src/lib/heartbeat.js";
import { createResources } from "../src/resources.js";
import { median } from "./harness.js";

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The compiled worker (dist/worker.js, what the image runs: the bench scripts build it first), or
 * the sources through tsx when it is absent. tsx holds every compiled module and its source map:
 * about 100 MB more resident before any job, which is not the product's.
 */
export function startWorker(prefix: string): ChildProcess {
  const compiled = existsSync(path.join(here, "..", "dist", "worker.js"));
  const args = compiled ? ["--enable-source-maps", "dist/worker.js"] : ["--import", "tsx", "src/worker.ts"];
  return spawn(process.execPath, args, {
    cwd: path.join(here, ".."),
    // As the image runs it (infra/Dockerfile): glibc's malloc with two arenas (ADR 0037).
    env: { MALLOC_ARENA_MAX: "2", ...process.env, REDIS_PREFIX: prefix, LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

/** Waits until the worker's first heartbeat: its modules are loaded and its queues consumed. */
export async function workerReady(redis: Redis, prefix: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while ((await heartbeatAge(redis, prefix)) === null) {
    if (Date.now() > until) throw new Error("the worker did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Peak resident set of a process so far (Linux). */
export const peakRssMb = (pid: number) => {
  const m = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmHWM:\s+(\d+) kB/);
  return m ? Number(m[1]) / 1024 : Number.NaN;
};

/**
 * Pages per second of bare pdfkit: `pages` pages of a title and `body` each, in the standard font
 * unless `make` gives another document (the embedded fonts, say). Warmed up once, then the median
 * of three runs: a cold run read 1,270 pages/s where the three after it read 2,250-3,740 (the
 * JIT's warm-up), and the one cold run this used to be made the ratio a draw.
 */
export async function barePagesPerSecond(
  pages: number,
  title: (i: number) => string,
  body: string,
  make: () => PDFKit.PDFDocument = () => new PDFDocument({ size: "A4", margin: 56 }),
) {
  const once = async () => {
    const t0 = performance.now();
    const doc = make();
    doc.on("data", () => {});
    const done = new Promise((r) => doc.on("end", r));
    for (let i = 0; i < pages; i++) {
      if (i) doc.addPage();
      doc.fontSize(16).text(title(i)).fontSize(11).text(body);
    }
    doc.end();
    await done;
    return pages / ((performance.now() - t0) / 1000);
  };
  await once();
  return median([await once(), await once(), await once()]);
}

/** `count` diary entries of 1.5 hours for `userId`, `fields(i)` giving each its title, date and the rest; their ids. */
export async function createDiaryEntries(
  prisma: PrismaClient,
  userId: string,
  count: number,
  fields: (i: number) => Omit<Prisma.EntryCreateManyInput, "id" | "userId" | "type">,
): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await prisma.entry.createMany({
    data: ids.map((id, i) => ({ id, userId, type: "diary", hours: 1.5, ...fields(i) })),
  });
  return ids;
}

/** The app's resources for a benchmark: silent, the bucket made, queues and worker on `prefix`. */
export async function benchResources(prefix: string) {
  const res = await createResources(
    loadConfig({ ...process.env, LOG_LEVEL: "silent", REDIS_PREFIX: prefix }),
  );
  res.deps.log = pino({ level: "silent" });
  await res.deps.storage.ensureBucket();
  res.deps.queues = new Queues(res.deps.redis, prefix);
  return res;
}
