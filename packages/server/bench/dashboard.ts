// Benchmark of issue 4 on the seeded cpd_bench (bench/seed.ts): for the user
// with 2,000 entries among 200,000, GET /api/statistics/12 and /api/graphs/12
// against bare Fastify routes running the same aggregate SQL through pg, 50
// connections each; prints req/s, p50, p99, the ratios (target >= 0.4 each)
// and the SQL statements each call runs (constant, whatever the entries).
import type { ChildProcess } from "node:child_process";
import pg from "pg";
import { loadConfig } from "../src/config.js";
import { addMonths, todayInLondon } from "../src/lib/dates.js";
import { load, row, start, stop } from "./harness.js";
import { ensureBenchDatabase, tokenFor } from "./seed.js";

const config = loadConfig({ ...process.env, LOG_LEVEL: "silent" });
const userId = await ensureBenchDatabase();
const token = tokenFor(userId, config.jwtSecret);

// A CPD target, so the countdown is computed as for a real professional.
const client = new pg.Client({ connectionString: config.databaseUrl });
await client.connect();
await client.query(
  `INSERT INTO personal_profiles (user_id, hours_per_year, start_date, report_interval, updated_at)
   VALUES ($1, 35, $2, 3, now())
   ON CONFLICT (user_id) DO UPDATE SET hours_per_year = 35, start_date = $2, report_interval = 3`,
  [userId, addMonths(todayInLondon(), -20)],
);
await client.end();

const askQueries = (child: ChildProcess) =>
  new Promise<number>((resolve) => {
    child.once("message", (m) => resolve((m as { queries: number }).queries));
    child.send("queries");
  });

const results: string[] = [];
for (const name of ["statistics", "graphs"] as const) {
  const bare = await start("bare", 3921);
  const ref = await load(`http://127.0.0.1:3921/bare/${name}/${userId}/12`);
  await stop(bare);
  const app = await start("app", 3922);
  const url = `http://127.0.0.1:3922/api/${name}/12`;
  const headers = { authorization: `Bearer ${token}` };
  await askQueries(app);
  const sample = await (await fetch(url, { headers })).json();
  const perCall = await askQueries(app);
  const ours = await load(url, headers);
  await stop(app);
  const ratio = ours.rps / ref.rps;
  results.push(
    [
      `GET /api/${name}/12 for the user with 2,000 entries: ${JSON.stringify(sample).slice(0, 160)}`,
      row(`bare Fastify + pg (${name})`, ref),
      row(`GET /api/${name}/12`, ours),
      `ratio ${ratio.toFixed(2)} (target >= 0.40) ${ratio >= 0.4 ? "OK" : "BELOW TARGET"}; SQL statements per call: ${perCall} (session check included)`,
    ].join("\n"),
  );
}
console.log(results.join("\n\n"));
