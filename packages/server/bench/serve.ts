// Child process for the benchmark: serves either the real app or the bare
// reference (the same SQL through pg in plain Fastify routes) on a port.
// Asked "rss" over IPC, it reports its peak RSS since the previous question,
// sampled every 20 ms (bench/uploads.ts).
import { mkdirSync, writeFileSync } from "node:fs";
import inspector from "node:inspector";
import path from "node:path";
import Fastify from "fastify";
import pg from "pg";
import pino from "pino";
import { buildApp, loggerOptions } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { todayInLondon } from "../src/lib/dates.js";
import { ACCOUNT_SQL } from "../src/modules/account/repository.js";
import { SESSION_SQL } from "../src/modules/account/session.js";
import { buildListQuery, EVIDENCE_SQL, FACETS_SQL } from "../src/modules/entries/repository.js";
import { packAndCycleFor } from "../src/modules/revalidation/packs.js";
import {
  CYCLE_TOTALS_SQL,
  cycleTotalsValues,
  REGISTRATIONS_SQL,
} from "../src/modules/revalidation/repository.js";
import { totalsOptions } from "../src/modules/revalidation/service.js";
import { GRAPHS_SQL, SETTINGS_SQL, type Settings, TOTALS_SQL } from "../src/modules/statistics/repository.js";
import { currentCycle, periodRange } from "../src/modules/statistics/rules.js";
import { EARLIEST, targetOf, totalsValues } from "../src/modules/statistics/service.js";
import { createResources } from "../src/resources.js";

const [mode, port] = [process.argv[2], Number(process.argv[3])];
// BENCH_CPU_PROF=dir: each child profiles its CPU from listening until stopped (SIGTERM), then
// writes dir/<mode>-<pid>.cpuprofile (bench/cpu-summary.mjs summarises it); start-up is left out.
async function profileUntilStopped(dir: string) {
  const session = new inspector.Session();
  session.connect();
  const post = (method: string) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, (err, res) => (err ? reject(err) : resolve(res))),
    );
  await post("Profiler.enable");
  await post("Profiler.start");
  process.once("SIGTERM", async () => {
    const { profile } = (await post("Profiler.stop")) as { profile: object };
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${mode}-${process.pid}.cpuprofile`), JSON.stringify(profile));
    process.exit(0);
  });
}
// Never the test environment: its answer check (plugins/response-check.ts) is not what production runs.
const env = process.env.NODE_ENV === "test" ? "development" : process.env.NODE_ENV;
const config = loadConfig({ ...process.env, NODE_ENV: env, LOG_LEVEL: "silent" });

let peak = 0;
setInterval(() => {
  // rss() alone: memoryUsage() walks the heap's spaces, which costs the app's thread more.
  peak = Math.max(peak, process.memoryUsage.rss());
}, 20).unref();
// Asked "queries", the app child reports the SQL statements run since the last question.
let queries = 0;
process.on("message", (m) => {
  if (m === "queries") {
    process.send?.({ queries });
    queries = 0;
    return;
  }
  // Asked "cpu", either child reports its CPU time so far (user + system, µs): bench/harness.ts, compare.
  if (m === "cpu") {
    const { user, system } = process.cpuUsage();
    process.send?.({ cpu: user + system });
    return;
  }
  if (m !== "rss") return;
  const rss = process.memoryUsage.rss();
  process.send?.({ rss, peak: Math.max(peak, rss) });
  peak = rss;
});

if (mode === "app") {
  const { deps } = await createResources(config);
  // The uploads benchmark's bucket; the other benchmarks run without S3.
  await deps.storage.ensureBucket().catch(() => undefined);
  const query = deps.pool.query.bind(deps.pool);
  (deps.pool as unknown as { query: (...a: unknown[]) => unknown }).query = (...args: unknown[]) => {
    queries++;
    return (query as (...a: unknown[]) => unknown)(...args);
  };
  // BENCH_LOG_LEVEL=info: log as main.ts does (a line per request in and out), into /dev/null.
  const level = process.env.BENCH_LOG_LEVEL;
  const logger = level
    ? { ...(loggerOptions(level) as object), stream: pino.destination("/dev/null") }
    : undefined;
  const app = await buildApp(deps, { logger });
  await app.listen({ port, host: "127.0.0.1" });
} else {
  // The ceiling for our stack: what GET /api/profile runs, with nothing around it.
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.databasePoolSize });
  const app = Fastify();
  app.get("/bare/profile/:id", async (req) => {
    const { id } = req.params as { id: string };
    await pool.query({ name: "session-facts", text: SESSION_SQL, values: [id] });
    const { rows } = await pool.query({ name: "load-account", text: ACCOUNT_SQL, values: [id] });
    return rows[0];
  });
  // What GET /api/entries/limit/:perPage/page/:page runs: the session check,
  // the page and the facets side by side, then the page's evidence.
  app.get("/bare/entries/:id/limit/:perPage/page/:page", async (req) => {
    const { id, perPage, page } = req.params as { id: string; perPage: string; page: string };
    const q = req.query as { filter?: string; type?: "diary" | "reflection" | "supervision" };
    await pool.query({ name: "session-facts", text: SESSION_SQL, values: [id] });
    const [list, facets] = await Promise.all([
      pool.query(buildListQuery(id, q, Number(perPage), Number(page))),
      pool.query({ name: "entry-facets", text: FACETS_SQL, values: [id] }),
    ]);
    const ids = list.rows.map((r) => r.id);
    const files = ids.length
      ? (await pool.query({ name: "entry-evidence", text: EVIDENCE_SQL, values: [ids] })).rows
      : [];
    return { items: list.rows, files, facets: facets.rows[0] };
  });
  // What GET /api/statistics/12 and /api/graphs/12 run, with the same parameters.
  app.get("/bare/statistics/:id/12", async (req) => {
    const { id } = req.params as { id: string };
    await pool.query({ name: "session-facts", text: SESSION_SQL, values: [id] });
    const today = todayInLondon();
    const s = (await pool.query<Settings>({ name: "stats-settings", text: SETTINGS_SQL, values: [id] }))
      .rows[0];
    const cycle = s ? currentCycle(targetOf(s), today) : null;
    const values = totalsValues(id, periodRange("12", today), cycle, today);
    return (await pool.query({ name: "stats-totals", text: TOTALS_SQL, values })).rows[0];
  });
  app.get("/bare/graphs/:id/12", async (req) => {
    const { id } = req.params as { id: string };
    await pool.query({ name: "session-facts", text: SESSION_SQL, values: [id] });
    const r = periodRange("12", todayInLondon());
    return (await pool.query({ name: "graphs", text: GRAPHS_SQL, values: [id, r.from ?? EARLIEST, r.to] }))
      .rows[0];
  });
  // What GET /api/revalidation runs: the session check, the registrations, then each one's totals.
  app.get("/bare/revalidation/:id", async (req) => {
    const { id } = req.params as { id: string };
    await pool.query({ name: "session-facts", text: SESSION_SQL, values: [id] });
    const today = todayInLondon();
    const regs = (
      await pool.query({ name: "revalidation-registrations", text: REGISTRATIONS_SQL, values: [id] })
    ).rows;
    return Promise.all(
      regs.map(async (r) => {
        const { pack, cycle } = packAndCycleFor(r);
        const values = cycleTotalsValues(id, cycle, today, totalsOptions(pack));
        return (await pool.query({ name: "revalidation-totals", text: CYCLE_TOTALS_SQL, values })).rows[0];
      }),
    );
  });
  await app.listen({ port, host: "127.0.0.1" });
}
if (process.env.BENCH_CPU_PROF) await profileUntilStopped(process.env.BENCH_CPU_PROF);
process.send?.("ready");
