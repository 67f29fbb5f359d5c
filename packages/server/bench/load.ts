// Load test of issue 13: a realistic mix of calls through the proxy (scripts/lib/proxy.mjs, the
// role Caddy plays in docker-compose.yml) in front of 1, then 2 API replicas (src/main.ts), on
// the seeded cpd_bench (bench/seed.ts). Each connection is one user who logs in, then cycles
// through the dashboard, the entries list with a search, creating and updating a diary entry,
// uploading evidence and requesting a portfolio. Prints throughput, p50 and p99 per topology and
// the ratio of 2 replicas to 1 (target 1.7 where the machine has the cores: a replica is one
// Node.js thread; this load generator, PostgreSQL and Redis need cores too).
//
// No worker runs during the measurement: the queued portfolio jobs are removed afterwards.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { hash } from "@node-rs/argon2";
import autocannon from "autocannon";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import pg from "pg";
import { loadConfig } from "../src/config.js";
import { todayInLondon } from "../src/lib/dates.js";
import { DURATION, row } from "./harness.js";
import { BENCH_DATABASE_URL, ensureBenchDatabase } from "./seed.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../../..");
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 40);
const PROXY_PORT = 3940;
const PASSWORD = "Bench-Load-Password-1";
const PREFIX = "cpd_bench_load";
const config = loadConfig({ ...process.env, LOG_LEVEL: "silent" });

await ensureBenchDatabase();
// The connections' users (bench users 2..CONNECTIONS+1) get a password, once per run.
const db = new pg.Client({ connectionString: BENCH_DATABASE_URL });
await db.connect();
const passwordHash = await hash(PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
await db.query(
  `INSERT INTO credentials (user_id, password_hash)
   SELECT md5('bench-user-' || n)::uuid, $1 FROM generate_series(2, $2::int + 1) AS n
   ON CONFLICT (user_id) DO UPDATE SET password_hash = EXCLUDED.password_hash`,
  [passwordHash, CONNECTIONS],
);
const { rows: users } = await db.query<{ email: string }>(
  `SELECT email FROM users WHERE id IN (SELECT md5('bench-user-' || n)::uuid FROM generate_series(2, $1::int + 1) AS n)
    ORDER BY email`,
  [CONNECTIONS],
);

function child(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: "ignore" });
}

async function waitFor(url: string) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

async function topology(replicas: number) {
  const ports = Array.from({ length: replicas }, (_, i) => PROXY_PORT + 1 + i);
  const apis = ports.map((port) =>
    child(["--import", "tsx", "packages/server/src/main.ts"], {
      PORT: String(port),
      DATABASE_URL: BENCH_DATABASE_URL,
      LOG_LEVEL: "silent",
      TRUST_PROXY: "true",
      // Each connection logs in once per cycle, from one address.
      LOGIN_RATE_LIMIT: "1000000",
      REDIS_PREFIX: PREFIX,
      ACCOUNT_JOBS_CRON: "off",
    }),
  );
  await Promise.all(ports.map((p) => waitFor(`http://127.0.0.1:${p}/api/health/live`)));
  const proxy = child(["scripts/lib/proxy.mjs", String(PROXY_PORT), ...ports.map(String)], {});
  await waitFor(`http://127.0.0.1:${PROXY_PORT}/api/health/live`);
  return {
    stop: async () => {
      for (const p of [proxy, ...apis]) {
        const exited = new Promise((r) => p.once("exit", r));
        p.kill("SIGTERM");
        await exited;
      }
    },
  };
}

const today = todayInLondon();
const evidence = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(20_000)]);
const diary = (title: string) =>
  JSON.stringify({
    Field222: title,
    DiaryDate: today,
    DiaryHours: "1.5",
    ActivityType: "Self-directed learning",
    Field116: "Clinical Education",
    Field113: "<p>Load test entry: reading about sepsis recognition.</p>",
  });
const portfolio = JSON.stringify({
  dateFrom: "2025-01-01",
  dateTo: today,
  include: [],
  title: { line1: "Load test", line2: "Portfolio" },
  diaryEntries: [],
  reflectiveEntries: [],
  evidenceIds: [],
  includeBranding: false,
  selectedPortfolioCover: "classic",
  background: 1,
});

type Ctx = { user?: string; token?: string; entryId?: string };
type Req = {
  method?: string;
  path?: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
};
let nextUser = 0;
const json = { "content-type": "application/json" };
const authed = (ctx: Ctx, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${ctx.token}`,
  ...extra,
});
const get = (p: string) => ({
  setupRequest: (req: Req, ctx: Ctx) => ({ ...req, method: "GET", path: p, headers: authed(ctx) }),
});

/** One user's session: a login, then twenty calls as the SPA makes them. */
const MIX = [
  {
    setupRequest: (req: Req, ctx: Ctx) => {
      ctx.user ??= users[nextUser++ % users.length]?.email;
      return {
        ...req,
        method: "POST",
        path: "/api/auth/login",
        headers: json,
        body: JSON.stringify({ email: ctx.user, password: PASSWORD }),
      };
    },
    onResponse: (_status: number, body: string, ctx: Ctx) => {
      ctx.token = (JSON.parse(body) as { token?: string }).token;
    },
  },
  get("/api/statistics/12"),
  get("/api/graphs/12"),
  get("/api/entries/limit/10/page/1"),
  get("/api/entries/limit/10/page/1?filter=sepsis"),
  {
    setupRequest: (req: Req, ctx: Ctx) => ({
      ...req,
      method: "POST",
      path: "/api/entries/diary",
      headers: authed(ctx, json),
      body: diary("Load test entry"),
    }),
    onResponse: (_status: number, body: string, ctx: Ctx) => {
      ctx.entryId = (JSON.parse(body) as { entryId?: string }).entryId;
    },
  },
  {
    setupRequest: (req: Req, ctx: Ctx) => ({
      ...req,
      method: "POST",
      path: `/api/entries/${ctx.entryId}/update`,
      headers: authed(ctx, json),
      body: diary("Load test entry, updated"),
    }),
  },
  get("/api/entries/limit/10/page/2?filter=audit"),
  get("/api/statistics/12"),
  {
    setupRequest: (req: Req, ctx: Ctx) => ({
      ...req,
      method: "POST",
      path: "/api/file/upload?filename=evidence.pdf",
      headers: authed(ctx, { "content-type": "application/pdf" }),
      body: evidence,
    }),
  },
  get("/api/entries/limit/10/page/1?filter=leadership"),
  get("/api/graphs/12"),
  get("/api/entries/metadata"),
  get("/api/statistics/12"),
  get("/api/entries/limit/25/page/1"),
  {
    setupRequest: (req: Req, ctx: Ctx) => ({
      ...req,
      method: "POST",
      path: "/api/portfolio/v2/download",
      headers: authed(ctx, json),
      body: portfolio,
    }),
  },
  get("/api/entries/limit/10/page/3?filter=reflection"),
  get("/api/statistics/12"),
  get("/api/graphs/12"),
  get("/api/entries/limit/10/page/1?filter=dementia"),
];

async function measure(replicas: number) {
  const t = await topology(replicas);
  try {
    const opts = { url: `http://127.0.0.1:${PROXY_PORT}`, connections: CONNECTIONS, requests: MIX } as const;
    nextUser = 0;
    await autocannon({ ...opts, duration: 3 } as autocannon.Options); // warm-up
    nextUser = 0;
    const r = await autocannon({ ...opts, duration: DURATION } as autocannon.Options);
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

// The portfolio jobs nobody rendered, and the entries and files the run made.
const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
const pdf = new Queue("pdf", { connection: redis, prefix: PREFIX });
await pdf.obliterate({ force: true });
await pdf.close();
redis.disconnect();
await db
  .query(
    "DELETE FROM portfolio_requests WHERE user_id IN (SELECT md5('bench-user-' || n)::uuid FROM generate_series(2, $1::int + 1) AS n)",
    [CONNECTIONS],
  )
  .catch(() => undefined);
await db.query("DELETE FROM entries WHERE title LIKE 'Load test entry%'");
// The uploaded evidence: rows here; their S3 objects stay in the bench bucket (20 KB each).
await db.query(
  "DELETE FROM files WHERE filename = 'evidence.pdf' AND user_id IN (SELECT md5('bench-user-' || n)::uuid FROM generate_series(2, $1::int + 1) AS n)",
  [CONNECTIONS],
);
await db.end();
if (one.non2xx + one.errors + two.non2xx + two.errors > 0) {
  console.error("FAILED: errors under a load one replica holds");
  process.exit(1);
}
