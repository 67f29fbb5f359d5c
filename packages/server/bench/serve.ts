// Child process for the benchmark: serves either the real app or the bare
// reference (the same SQL through pg in plain Fastify routes) on a port.
// Asked "rss" over IPC, it reports its peak RSS since the previous question,
// sampled every 20 ms (bench/uploads.ts).
import Fastify from "fastify";
import pg from "pg";
import { buildApp } from "../src/app.js";
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
const config = loadConfig({ ...process.env, LOG_LEVEL: "silent" });

let peak = 0;
setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20).unref();
// Asked "queries", the app child reports the SQL statements run since the last question.
let queries = 0;
process.on("message", (m) => {
  if (m === "queries") {
    process.send?.({ queries });
    queries = 0;
    return;
  }
  if (m !== "rss") return;
  const rss = process.memoryUsage().rss;
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
  const app = await buildApp(deps);
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
process.send?.("ready");
