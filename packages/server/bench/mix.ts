// The load mix of issue 13, shared by bench/load.ts (1 then 2 replicas) and bench/scale.ts (1 to 8
// replicas, several generator processes): the bench users' passwords, the API replicas behind the
// proxy (scripts/lib/proxy.mjs, the role Caddy plays in docker-compose.yml), the requests of one
// user's session, and the clean-up of what a run made.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { hash } from "@node-rs/argon2";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import type pg from "pg";
import { todayInLondon } from "../src/lib/dates.js";

const PASSWORD = "Bench-Load-Password-1";
const PREFIX = process.env.BENCH_REDIS_PREFIX || "cpd_bench_load";
/** The bench users of the connections: 2..n+1 (user 1 is the heavy one other benchmarks read). */
const BENCH_USERS = "SELECT md5('bench-user-' || n)::uuid FROM generate_series(2, $1::int + 1) AS n";

/** Gives the first `count` bench users a password (once per run); their emails. */
export async function prepareUsers(db: pg.Client, count: number): Promise<string[]> {
  const passwordHash = await hash(PASSWORD, {
    algorithm: 2,
    memoryCost: 19_456,
    timeCost: 2,
    parallelism: 1,
  });
  await db.query(
    `INSERT INTO credentials (user_id, password_hash) SELECT n, $2 FROM (${BENCH_USERS}) AS u(n)
     ON CONFLICT (user_id) DO UPDATE SET password_hash = EXCLUDED.password_hash`,
    [count, passwordHash],
  );
  const { rows } = await db.query<{ email: string }>(
    `SELECT email FROM users WHERE id IN (${BENCH_USERS}) ORDER BY email`,
    [count],
  );
  return rows.map((r) => r.email);
}

function child(root: string, args: string[], env: Record<string, string>): ChildProcess {
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

export interface Topology {
  apis: ChildProcess[];
  proxy: ChildProcess;
  stop(): Promise<void>;
}

/**
 * `replicas` API replicas on the ports after `proxyPort`, and the proxy on it. `root` is the
 * repository (or the pack): the replicas run `server` there, the compiled dist/main.js when
 * given, else the sources through tsx.
 */
export async function startTopology(
  root: string,
  replicas: number,
  proxyPort: number,
  server = "packages/server/src/main.ts",
): Promise<Topology> {
  const ports = Array.from({ length: replicas }, (_, i) => proxyPort + 1 + i);
  const args = server.endsWith(".ts") ? ["--import", "tsx", server] : [server];
  const apis = ports.map((port) =>
    child(root, args, {
      PORT: String(port),
      LOG_LEVEL: "silent",
      TRUST_PROXY: "true",
      // Each connection logs in once per cycle, from one address.
      LOGIN_RATE_LIMIT: "1000000",
      REDIS_PREFIX: PREFIX,
      ACCOUNT_JOBS_CRON: "off",
    }),
  );
  const stop = async () => {
    for (const p of [proxy, ...apis]) {
      if (!p || p.exitCode !== null || p.signalCode !== null) continue;
      const exited = new Promise((r) => p.once("exit", r));
      p.kill("SIGTERM");
      await exited;
    }
  };
  let proxy: ChildProcess | undefined;
  try {
    await Promise.all(ports.map((p) => waitFor(`http://127.0.0.1:${p}/api/health/live`)));
    proxy = child(root, ["scripts/lib/proxy.mjs", String(proxyPort), ...ports.map(String)], {});
    await waitFor(`http://127.0.0.1:${proxyPort}/api/health/live`);
  } catch (err) {
    await stop();
    throw err;
  }
  return { apis, proxy, stop };
}

/** The compiled API when it is built (what the image runs), else the sources through tsx. */
export const serverEntry = (root: string) =>
  existsSync(path.join(root, "packages/server/dist/main.js"))
    ? "packages/server/dist/main.js"
    : "packages/server/src/main.ts";

export const repositoryRoot = () => path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

type Ctx = { user?: string; token?: string; entryId?: string };
type Req = { method?: string; path?: string; body?: string | Buffer; headers?: Record<string, string> };
/** One request of the mix, as autocannon's `requests` option takes it. */
interface MixRequest {
  setupRequest: (req: Req, ctx: Ctx) => Req;
  onResponse?: (status: number, body: string, ctx: Ctx) => void;
}

/** One user's session: a login, then twenty calls as the SPA makes them; each connection takes the next user. */
export function mixRequests(users: string[]): MixRequest[] {
  let nextUser = 0;
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
  const json = { "content-type": "application/json" };
  const authed = (ctx: Ctx, extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${ctx.token}`,
    ...extra,
  });
  const get = (p: string): MixRequest => ({
    setupRequest: (req, ctx) => ({ ...req, method: "GET", path: p, headers: authed(ctx) }),
  });
  const post = (
    p: (ctx: Ctx) => string,
    headers: Record<string, string>,
    body: string | Buffer,
  ): MixRequest => ({
    setupRequest: (req, ctx) => ({
      ...req,
      method: "POST",
      path: p(ctx),
      headers: authed(ctx, headers),
      body,
    }),
  });
  return [
    {
      setupRequest: (req, ctx) => {
        ctx.user ??= users[nextUser++ % users.length];
        return {
          ...req,
          method: "POST",
          path: "/api/auth/login",
          headers: json,
          body: JSON.stringify({ email: ctx.user, password: PASSWORD }),
        };
      },
      onResponse: (_status, body, ctx) => {
        ctx.token = (JSON.parse(body) as { token?: string }).token;
      },
    },
    get("/api/statistics/12"),
    get("/api/graphs/12"),
    get("/api/entries/limit/10/page/1"),
    get("/api/entries/limit/10/page/1?filter=sepsis"),
    {
      ...post(() => "/api/entries/diary", json, diary("Load test entry")),
      onResponse: (_status, body, ctx) => {
        ctx.entryId = (JSON.parse(body) as { entryId?: string }).entryId;
      },
    },
    post((ctx) => `/api/entries/${ctx.entryId}/update`, json, diary("Load test entry, updated")),
    get("/api/entries/limit/10/page/2?filter=audit"),
    get("/api/statistics/12"),
    post(() => "/api/file/upload?filename=evidence.pdf", { "content-type": "application/pdf" }, evidence),
    get("/api/entries/limit/10/page/1?filter=leadership"),
    get("/api/graphs/12"),
    get("/api/entries/metadata"),
    get("/api/statistics/12"),
    get("/api/entries/limit/25/page/1"),
    post(() => "/api/portfolio/v2/download", json, portfolio),
    get("/api/entries/limit/10/page/3?filter=reflection"),
    get("/api/statistics/12"),
    get("/api/graphs/12"),
    get("/api/entries/limit/10/page/1?filter=dementia"),
  ];
}

/** The portfolio jobs nobody rendered (no worker runs), and the entries and files the run made. */
export async function cleanUp(db: pg.Client, redisUrl: string, count: number) {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const pdf = new Queue("pdf", { connection: redis, prefix: PREFIX });
  await pdf.obliterate({ force: true });
  await pdf.close();
  redis.disconnect();
  await db
    .query(`DELETE FROM portfolio_requests WHERE user_id IN (${BENCH_USERS})`, [count])
    .catch(() => undefined);
  await db.query("DELETE FROM entries WHERE title LIKE 'Load test entry%'");
  // The uploaded evidence: rows here; their S3 objects stay in the bench bucket (20 KB each).
  await db.query(`DELETE FROM files WHERE filename = 'evidence.pdf' AND user_id IN (${BENCH_USERS})`, [
    count,
  ]);
}
