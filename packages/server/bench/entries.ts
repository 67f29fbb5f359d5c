// Benchmark of the entries list on a seeded cpd_bench (bench/seed.ts):
// GET /api/entries/limit/10/page/1?filter=<word>&type=diary for the user with
// 2,000 entries, against a bare Fastify route running the same SQL through pg
// (bench/serve.ts), 50 connections each. Prints req/s, p50, p99 and the ratio
// (target >= 0.4), then EXPLAIN (ANALYZE, BUFFERS) of the page and facets queries.
import pg from "pg";
import { loadConfig } from "../src/config.js";
import { buildListQuery, FACETS_SQL } from "../src/modules/entries/repository.js";
import { figure, load, row, start, stop } from "./harness.js";
import { ensureBenchDatabase, tokenFor } from "./seed.js";

const FILTER = process.env.BENCH_FILTER ?? "palliative";
const config = loadConfig({ ...process.env, LOG_LEVEL: "silent" });
const userId = await ensureBenchDatabase();
const token = tokenFor(userId, config.jwtSecret);
const query = `limit/10/page/1?filter=${encodeURIComponent(FILTER)}&type=diary`;

const bare = await start("bare", 3911);
const ref = await load(`http://127.0.0.1:3911/bare/entries/${userId}/${query}`);
await stop(bare);
const app = await start("app", 3912);
const url = `http://127.0.0.1:3912/api/entries/${query}`;
const headers = { authorization: `Bearer ${token}` };
const sample = (await (await fetch(url, { headers })).json()) as { total: number; items: unknown[] };
const ours = await load(url, headers);
await stop(app);

console.log(`user with 2,000 entries, filter "${FILTER}", type diary: ${sample.total} matches`);
console.log(row("bare Fastify + pg (same SQL)", ref));
console.log(row("GET /api/entries (list)", ours));
const ratio = ours.rps / ref.rps;
console.log(`ratio ${ratio.toFixed(2)} (target >= 0.40) ${ratio >= 0.4 ? "OK" : "BELOW TARGET"}`);
figure("entries-list-rps", ratio, ">=", 0.4);

// The plans the app gets: the page is an unnamed statement (planned with its
// values every time); the facets are a named one, so after five executions
// PostgreSQL may switch to a generic plan: explain it as a prepared statement.
const client = new pg.Client({ connectionString: config.databaseUrl });
await client.connect();
const list = buildListQuery(userId, { filter: FILTER, type: "diary" }, 10, 1);
const plans: [string, string][] = [];
const explain = async (sql: string, values: unknown[] = []) =>
  (await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, values)).rows
    .map((r) => r["QUERY PLAN"])
    .join("\n");
plans.push(["list query", await explain(list.text, list.values)]);
await client.query(`PREPARE facets(uuid) AS ${FACETS_SQL}`);
for (let i = 0; i < 6; i++) await client.query(`EXECUTE facets('${userId}')`);
plans.push(["facets query (prepared, 7th execution)", await explain(`EXECUTE facets('${userId}')`)]);
await client.end();

let allOk = true;
for (const [name, plan] of plans) {
  const indexes = [
    ...new Set(
      [...plan.matchAll(/(?:Index(?: Only)? Scan using|Bitmap Index Scan on) (entries_\w+)/g)].map(
        (m) => m[1],
      ),
    ),
  ];
  const seq = /Seq Scan on entries\b/.test(plan);
  const ok = indexes.length > 0 && !seq;
  allOk &&= ok;
  console.log(`\n--- ${name}\n${plan}`);
  console.log(
    `${name}: entries indexes used: ${indexes.join(", ") || "none"}; Seq Scan on entries: ${seq ? "yes" : "no"} -> ${ok ? "OK" : "NOT OK"}`,
  );
}
console.log(`\nplans ${allOk ? "OK" : "NOT OK"}`);
