// Submission pack benchmark (issue 27, REQ-SUBMIT-01). A worker runs as a child process on a Redis
// prefix of its own; this process requests packs through the service and polls their row until
// Completed, on the seeded cpd_bench (bench/seed.ts: 200,000 entries in the table).
//
//  1. An NMC registration with 60 tagged CPD entries, 5 reflective accounts on the NMC prompts,
//     5 pieces of feedback, practice hours, a discussion and a confirmation: wall time from request
//     to Completed (target < 3 s) and the worker's peak RSS (VmHWM, target < 300 MB).
//  2. Pages per second of (1) beside bare pdfkit (standard font, one page of the same text per page,
//     no font fallback) in this process in the same run: the ratio is the figure to compare across
//     machines, the times only make sense here.
import { randomUUID } from "node:crypto";
import { addDays, todayInLondon } from "../src/lib/dates.js";
import { requestSubmission } from "../src/modules/submission/service.js";
import { figure } from "./harness.js";
import { ensureBenchDatabase } from "./seed.js";
import {
  barePagesPerSecond,
  benchResources,
  createDiaryEntries,
  peakRssMb,
  startWorker,
  workerReady,
} from "./worker.js";

const prefix = `cpd_bench_submission_${randomUUID().slice(0, 6)}`;
await ensureBenchDatabase();
const res = await benchResources(prefix);
const deps = res.deps;
const today = todayInLondon();
const NOTES = "Reflected on the session and how it changes my practice on the ward. ".repeat(8);
const ENTRIES = 60;
const ACCOUNTS = 5;

async function makeUser() {
  const user = await deps.prisma.user.create({
    data: {
      email: `bench-submission-${randomUUID()}@bench.example`,
      profile: { create: { firstName: "Zoë", lastName: "Łukasz", governingBodies: ["NMC"] } },
    },
  });
  const registration = await deps.prisma.registration.create({
    data: {
      userId: user.id,
      regulator: "NMC",
      registers: ["nurse"],
      registrationNumber: "12A3456E",
      renewalDate: new Date(`${addDays(today, 180)}T00:00:00Z`),
    },
  });
  const ids = await createDiaryEntries(deps.prisma, user.id, ENTRIES, (i) => ({
    title: `Bench CPD ${i + 1}`,
    date: new Date(`${addDays(today, -(i * 7))}T00:00:00Z`),
    description: NOTES,
  }));
  await deps.prisma.entryRevalidation.createMany({
    data: ids.map((entryId, i) => ({
      entryId,
      userId: user.id,
      participatory: i % 2 === 0,
      method: "course",
      themes: ["Prioritise people"],
    })),
  });
  const record = (kind: string, title: string, details: Record<string, string>, hours?: number) => ({
    userId: user.id,
    kind,
    title,
    date: new Date(`${addDays(today, -30)}T00:00:00Z`),
    hours: hours ?? null,
    details,
    themes: ["Practise effectively"],
  });
  await deps.prisma.revalidationRecord.createMany({
    data: [
      record(
        "practiceHours",
        "Ward 7",
        { setting: "Hospital ward", scope: "Adult nursing", description: NOTES },
        900,
      ),
      ...Array.from({ length: 5 }, (_, i) =>
        record("feedback", `Feedback ${i + 1}`, { source: "A relative", said: NOTES, used: NOTES }),
      ),
      ...Array.from({ length: ACCOUNTS }, (_, i) =>
        record("reflectiveAccount", `Account ${i + 1}`, {
          nature: NOTES,
          learned: NOTES,
          changed: NOTES,
          codeRelevance: NOTES,
        }),
      ),
      record("reflectiveDiscussion", "Discussion", { withName: "Sam Ode", withNumber: "98B7654C" }),
      record("confirmation", "Confirmation", {
        confirmerName: "Ada Line",
        confirmerEmail: "ada@example.org",
      }),
    ],
  });
  return { userId: user.id, registrationId: registration.id };
}

async function run(userId: string, registrationId: string) {
  const t0 = performance.now();
  const { id } = await requestSubmission(deps, userId, registrationId);
  for (;;) {
    const row = await deps.prisma.revalidationSubmission.findUniqueOrThrow({ where: { id } });
    if (row.state === "Completed") {
      const ms = (a: Date | null, b: Date | null) => (a && b ? b.getTime() - a.getTime() : Number.NaN);
      return {
        id,
        key: row.storageKey,
        seconds: (performance.now() - t0) / 1000,
        pages: row.pageCount ?? 0,
        buildMs: ms(row.startedAt, row.completedAt),
      };
    }
    if (row.state === "Failed") throw new Error(`submission failed: ${row.failureReason}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const worker = startWorker(prefix);
const made: { userId: string; keys: string[] } = { userId: "", keys: [] };
try {
  // The worker's start-up (tsx compiling its modules) is not the pack's time.
  await workerReady(deps.redis, prefix);
  // What the worker holds before any pack: its modules, Prisma, the queues' connections.
  const started = peakRssMb(worker.pid as number);
  const u = await makeUser();
  made.userId = u.userId;
  const warm = await run(u.userId, u.registrationId); // warm-up: fonts, pdfkit, JIT
  const first = await run(u.userId, u.registrationId);
  made.keys = [warm.key, first.key].filter((k): k is string => k !== null);
  const rss = peakRssMb(worker.pid as number);
  const bareRate = await barePagesPerSecond(first.pages, (i) => `Section ${i + 1}`, NOTES.repeat(3));
  const oursRate = first.pages / first.seconds;
  const ok = (b: boolean) => (b ? "ok" : "MISSED");
  console.log("submission pack benchmark (worker in a child process; peak RSS = the worker's VmHWM)");
  console.log(
    `  NMC, ${ENTRIES} entries, ${ACCOUNTS} reflective accounts: ${first.pages} pages in ${first.seconds.toFixed(2)} s (target < 3 s: ${ok(first.seconds < 3)})`,
  );
  console.log(`    of which load + render + upload ${first.buildMs} ms`);
  console.log(
    `  worker peak RSS: ${rss.toFixed(0)} MB (target < 300 MB: ${ok(rss < 300)}; ${started.toFixed(0)} MB after start-up, before any pack)`,
  );
  console.log(
    `  pages/s: ours ${oursRate.toFixed(0)} (request to Completed), bare pdfkit ${bareRate.toFixed(0)}, ratio ${(oursRate / bareRate).toFixed(3)}`,
  );
  figure("submission-seconds", first.seconds, "<=", 3);
  figure("submission-rss-mb", rss, "<=", 300);
} finally {
  worker.kill("SIGKILL");
  for (const key of made.keys) await deps.storage.delete(key);
  if (made.userId) await deps.prisma.user.deleteMany({ where: { id: made.userId } });
  await res.close();
}
