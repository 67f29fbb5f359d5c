// Benchmark of issue 26 on the seeded cpd_bench (bench/seed.ts): for the user with 2,000 entries
// among 200,000, holding 3 registrations (NMC nurse and midwife, HCPC, GDC), a third of their diary
// entries tagged and a few records, GET /api/revalidation against a bare Fastify route running the
// same SQL through pg, 50 connections each; prints req/s, p50, p99, the ratio (target >= 0.8) and
// the SQL statements per call (constant, whatever the entries).
import type { ChildProcess } from "node:child_process";
import pg from "pg";
import { loadConfig } from "../src/config.js";
import { addDays, addMonths, todayInLondon } from "../src/lib/dates.js";
import { figure, load, row, start, stop } from "./harness.js";
import { ensureBenchDatabase, tokenFor } from "./seed.js";

const TARGET = 0.8;
const config = loadConfig({ ...process.env, LOG_LEVEL: "silent" });
const userId = await ensureBenchDatabase();
const token = tokenFor(userId, config.jwtSecret);
const today = todayInLondon();

// The user's revalidation, made afresh each run (the seed predates it).
const client = new pg.Client({ connectionString: config.databaseUrl });
await client.connect();
await client.query("BEGIN");
await client.query("DELETE FROM registrations WHERE user_id = $1", [userId]);
await client.query("DELETE FROM revalidation_records WHERE user_id = $1", [userId]);
await client.query("DELETE FROM entry_revalidation WHERE user_id = $1", [userId]);
const registrations: [string, string[], string][] = [
  ["NMC", ["nurse", "midwife"], addMonths(today, 14)],
  ["HCPC", ["paramedic"], addMonths(today, 8)],
  ["GDC", ["dentist"], addMonths(today, 30)],
];
for (const [i, [regulator, registers, renewal]] of registrations.entries())
  await client.query(
    `INSERT INTO registrations (id, user_id, regulator, registers, registration_number, renewal_date, position)
     VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6)`,
    [userId, regulator, registers, `BENCH${i}`, renewal, i],
  );
await client.query(
  `INSERT INTO entry_revalidation (entry_id, user_id, participatory, planned, verifiable, method, themes)
   SELECT id, user_id, random() < 0.6, random() < 0.5, random() < 0.5, 'course',
          CASE WHEN random() < 0.5 THEN '{"Prioritise people"}'::text[] ELSE '{"Practise effectively"}' END
     FROM entries WHERE user_id = $1 AND type = 'diary' AND random() < 0.34`,
  [userId],
);
await client.query(
  `INSERT INTO revalidation_records (id, user_id, kind, title, date, hours, themes)
   SELECT gen_random_uuid(), $1, k, 'Bench ' || k, $2::date - (i * 40), CASE WHEN k = 'practiceHours' THEN 150 END, '{}'
     FROM unnest('{practiceHours,feedback,reflectiveAccount,reflectiveDiscussion}'::text[]) k,
          generate_series(1, 5) i`,
  [userId, addDays(today, -1)],
);
await client.query("COMMIT");
await client.end();

const askQueries = (child: ChildProcess) =>
  new Promise<number>((resolve) => {
    child.once("message", (m) => resolve((m as { queries: number }).queries));
    child.send("queries");
  });

const bare = await start("bare", 3931);
const ref = await load(`http://127.0.0.1:3931/bare/revalidation/${userId}`);
await stop(bare);
const app = await start("app", 3932);
const url = "http://127.0.0.1:3932/api/revalidation";
const headers = { authorization: `Bearer ${token}` };
await askQueries(app);
const sample = (await (await fetch(url, { headers })).json()) as {
  items: { status: string; pack: { id: string } }[];
};
const perCall = await askQueries(app);
const ours = await load(url, headers);
await stop(app);
const ratio = ours.rps / ref.rps;
console.log(
  [
    `GET /api/revalidation for the user with 2,000 entries: ${sample.items.map((i) => `${i.pack.id} ${i.status}`).join(", ")}`,
    row("bare Fastify + pg", ref),
    row("GET /api/revalidation", ours),
    `ratio ${ratio.toFixed(2)} (target >= ${TARGET.toFixed(2)}) ${ratio >= TARGET ? "OK" : "BELOW TARGET"}; SQL statements per call: ${perCall} (session check included)`,
  ].join("\n"),
);
figure("revalidation-rps", ratio, ">=", TARGET);
