// Load test of issue 13: a realistic mix of calls (bench/mix.ts) through the proxy in front of 1,
// then 2 API replicas (src/main.ts), on the seeded cpd_bench (bench/seed.ts). Each connection is
// one user who logs in, then cycles through the dashboard, the entries list with a search,
// creating and updating a diary entry, uploading evidence and requesting a portfolio. Prints
// throughput, p50 and p99 per topology and the ratio of 2 replicas to 1 (target 1.7 where the
// machine has the cores: a replica is one Node.js thread; this load generator, PostgreSQL and
// Redis need cores too). bench/scale.ts goes on to 4 and 8 replicas with several generators.
//
// No worker runs during the measurement: the queued portfolio jobs are removed afterwards.
import autocannon from "autocannon";
import pg from "pg";
import { loadConfig } from "../src/config.js";
import { DURATION, figure, row } from "./harness.js";
import { cleanUp, mixRequests, prepareUsers, repositoryRoot, startTopology } from "./mix.js";
import { BENCH_DATABASE_URL, ensureBenchDatabase } from "./seed.js";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 40);
const PROXY_PORT = 3940;
const config = loadConfig({ ...process.env, LOG_LEVEL: "silent" });

await ensureBenchDatabase();
const db = new pg.Client({ connectionString: BENCH_DATABASE_URL });
await db.connect();
const users = await prepareUsers(db, CONNECTIONS);

async function measure(replicas: number) {
  const t = await startTopology(repositoryRoot(), replicas, PROXY_PORT);
  try {
    const opts = { url: `http://127.0.0.1:${PROXY_PORT}`, connections: CONNECTIONS };
    await autocannon({ ...opts, requests: mixRequests(users), duration: 3 } as autocannon.Options); // warm-up
    const r = await autocannon({
      ...opts,
      requests: mixRequests(users),
      duration: DURATION,
    } as autocannon.Options);
    return {
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
    };
  } finally {
    await t.stop();
  }
}

console.log(`load mix, ${CONNECTIONS} users, ${DURATION} s per topology, through the proxy`);
const one = await measure(1);
const two = await measure(2);
console.log(`${row("1 API replica", one)}   non-2xx ${one.non2xx}   errors ${one.errors}`);
console.log(`${row("2 API replicas", two)}   non-2xx ${two.non2xx}   errors ${two.errors}`);
console.log(
  `ratio 2 replicas / 1: ${(two.rps / one.rps).toFixed(2)} x   (target 1.7 x where the cores allow)`,
);
figure("load-2-replicas-vs-1", two.rps / one.rps, ">=", 1.7);

await cleanUp(db, config.redisUrl, CONNECTIONS);
await db.end();
if (one.non2xx + one.errors + two.non2xx + two.errors > 0) {
  console.error("FAILED: errors under a load one replica holds");
  process.exit(1);
}
