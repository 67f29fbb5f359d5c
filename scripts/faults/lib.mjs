// Shared by the fault scripts (scripts/faults/*.mjs): a topology of real processes (API
// replicas from packages/server/src/main.ts, workers, the proxy of scripts/lib/proxy.mjs) on
// their own database (cpd_faults) and Redis prefix, a write load that remembers what was
// acknowledged, and the checks. Each script prints one JSON line (its figures) and exits 1 when
// something acknowledged was lost or an invariant broke.
import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const DATABASE_URL =
  process.env.FAULTS_DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/cpd_faults";
/** Under ./scripts/test, within the run's prefix (its teardown removes the keys). */
export const PREFIX = `${process.env.REDIS_PREFIX || "cpd"}_faults`;
const PASSWORD = "Faults-Password-1";
const children = new Set();

/** The environment of every API and worker of a fault run. */
export function appEnv(extra = {}) {
  return {
    ...process.env,
    NODE_ENV: "test",
    DATABASE_URL,
    REDIS_PREFIX: PREFIX,
    LOG_LEVEL: "silent",
    ACCOUNT_JOBS_CRON: "off",
    LOGIN_RATE_LIMIT: "100000",
    JWT_SECRET: process.env.JWT_SECRET || "faults-secret-faults-secret-faults-secret",
    SUPPORT_CHAT_SECRET: process.env.SUPPORT_CHAT_SECRET || "faults-support-chat-secret",
    ...extra,
  };
}

function start(args, env, name) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "ignore", "pipe"] });
  child.name = name;
  child.stderrText = "";
  child.stderr.on("data", (d) => {
    child.stderrText = (child.stderrText + d).slice(-4000);
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

export const startApi = (port, extra = {}) =>
  start(
    ["--import", "tsx", "packages/server/src/main.ts"],
    appEnv({ PORT: String(port), TRUST_PROXY: "true", ...extra }),
    `api:${port}`,
  );
export const startWorker = (extra = {}) =>
  start(["--import", "tsx", "packages/server/src/worker.ts"], appEnv(extra), "worker");
export const startProxy = (port, upstreams) =>
  start(
    ["scripts/lib/proxy.mjs", String(port), ...upstreams.map(String)],
    { ...process.env, PROXY_HEALTH_MS: "250" },
    "proxy",
  );

/** A private s3rver (bucket "faults") for a fault that touches the store, so only its run is affected. */
export function privateS3(port, name) {
  const S3rver = createRequire(path.join(root, "package.json"))("s3rver");
  const directory = mkdtempSync(path.join(tmpdir(), `cpd-faults-${name}-`));
  const make = () =>
    new S3rver({
      address: "127.0.0.1",
      port,
      directory,
      silent: true,
      configureBuckets: [{ name: "faults" }],
    });
  return { directory, make };
}

/** The API's settings for a private store at `endpoint`. */
export const s3Env = (endpoint) => ({
  S3_ENDPOINT: endpoint,
  S3_BUCKET: "faults",
  S3_ACCESS_KEY_ID: "S3RVER",
  S3_SECRET_ACCESS_KEY: "S3RVER",
  S3_FORCE_PATH_STYLE: "true",
});

export async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, sleep(10_000).then(() => child.kill("SIGKILL"))]);
}
export const kill9 = async (child) => {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGKILL");
  await exited;
};
export async function stopAll() {
  await Promise.all([...children].map(stop));
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function waitHttp(url, seconds = 90) {
  for (let i = 0; i < seconds * 4; i++) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer in ${seconds} s`);
}

/** Creates (if missing) and migrates cpd_faults; answers a connected client. */
export async function database() {
  const res = spawnSync(process.execPath, ["scripts/db.mjs", "deploy"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL },
    encoding: "utf8",
  });
  if (res.status !== 0) throw new Error(`migrating ${DATABASE_URL} failed:\n${res.stdout}${res.stderr}`);
  const client = new pg.Client({ connectionString: DATABASE_URL });
  client.on("error", () => {
    // PostgreSQL restarts in one scenario: the scripts reconnect (reconnect()).
  });
  await client.connect();
  return client;
}

/** A premium member with a password, through SQL (the argon2 hash made by the API's own library). */
export async function createUser(db) {
  const { hash } = await import("@node-rs/argon2");
  const id = randomUUID();
  const email = `faults-${id}@faults.invalid`;
  const passwordHash = await hash(PASSWORD, {
    algorithm: 2,
    memoryCost: 19_456,
    timeCost: 2,
    parallelism: 1,
  });
  await db.query("BEGIN");
  await db.query("INSERT INTO users (id, email, email_confirmed_at) VALUES ($1, $2, now())", [id, email]);
  await db.query("INSERT INTO credentials (user_id, password_hash) VALUES ($1, $2)", [id, passwordHash]);
  await db.query("INSERT INTO user_roles (user_id, role) VALUES ($1, 'User-Basic')", [id]);
  await db.query(
    "INSERT INTO profiles (user_id, first_name, last_name, governing_bodies) VALUES ($1, 'Fault', 'Tester', '{HCPC}')",
    [id],
  );
  await db.query(
    "INSERT INTO memberships (user_id, tier, active, member_since) VALUES ($1, 'PREMIUM', true, current_date)",
    [id],
  );
  await db.query("COMMIT");
  return { id, email };
}

export async function login(base, user) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: user.email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  return (await res.json()).token;
}

/** A portfolio request's body for these diary entries (none: the front pages only). */
export const portfolioBody = (diaryEntries = [], line2 = "Fault") =>
  JSON.stringify({
    dateFrom: "2020-01-01",
    dateTo: today(),
    include: [],
    title: { line1: "Fault", line2 },
    diaryEntries,
    reflectiveEntries: [],
    evidenceIds: [],
    includeBranding: false,
    selectedPortfolioCover: "classic",
    background: 1,
  });

export const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
export const diary = (title) => ({
  Field222: title,
  DiaryDate: today(),
  DiaryHours: "1",
  ActivityType: "Self-directed learning",
  Field116: "Clinical Education",
  Field113: "<p>Written under a fault.</p>",
});

/**
 * `connections` writers creating diary entries until `until()` is true. Each entry's title is
 * unique; answers what was acknowledged (2xx: id and title) and every other outcome with its time.
 */
export async function writeLoad(base, token, connections, until) {
  const acked = [];
  const failed = [];
  const t0 = Date.now();
  async function writer(w) {
    for (let i = 0; !until(); i++) {
      const title = `fault-${w}-${i}-${randomUUID()}`;
      const at = Date.now() - t0;
      try {
        const res = await fetch(`${base}/api/entries/diary`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify(diary(title)),
          signal: AbortSignal.timeout(15_000),
        });
        const text = await res.text();
        if (res.ok) acked.push({ id: JSON.parse(text).entryId, title, at });
        else failed.push({ status: res.status, at, code: safeCode(text) });
      } catch (err) {
        failed.push({ status: 0, at, code: err.cause?.code ?? err.name });
        await sleep(50);
      }
    }
  }
  await Promise.all(Array.from({ length: connections }, (_, w) => writer(w)));
  return { acked, failed };
}

function safeCode(text) {
  try {
    return JSON.parse(text).code;
  } catch {
    return undefined;
  }
}

/** The acknowledged entries missing from the database. */
export async function lost(db, acked) {
  if (!acked.length) return [];
  const { rows } = await db.query("SELECT id::text FROM entries WHERE id = ANY($1::uuid[])", [
    acked.map((a) => a.id),
  ]);
  const present = new Set(rows.map((r) => r.id));
  return acked.filter((a) => !present.has(a.id));
}

/** The PostgreSQL cluster of this machine (pg_ctlcluster), for the restart scenario. */
export function pgCluster(action) {
  const version = readdirSync("/etc/postgresql")[0];
  const res = spawnSync(
    "pg_ctlcluster",
    ["--skip-systemctl-redirect", version, "main", action, ...(action === "stop" ? ["-m", "fast"] : [])],
    { encoding: "utf8" },
  );
  if (res.status !== 0) throw new Error(`pg_ctlcluster ${action}: ${res.stderr}`);
}

/** Stops or starts this machine's Redis the way the machine starts it. */
export function redisServer(action) {
  const res =
    action === "stop"
      ? spawnSync("redis-cli", ["shutdown", "nosave"], { encoding: "utf8" })
      : spawnSync(
          "redis-server",
          [
            "--daemonize",
            "yes",
            "--bind",
            "127.0.0.1",
            "-::1",
            "--port",
            "6379",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            "/var/lib/redis",
            "--logfile",
            "/var/log/redis/ci.log",
          ],
          { encoding: "utf8" },
        );
  if (action === "start" && res.status !== 0) throw new Error(`redis-server: ${res.stderr}`);
}

/** Prints the scenario's figures and exits: 0 when `ok`, else 1. Stops every child first. */
export async function finish(name, ok, figures) {
  await stopAll();
  console.log(JSON.stringify({ fault: name, ok, ...figures }));
  process.exit(ok ? 0 : 1);
}

export async function guard(name, fn) {
  try {
    await fn();
  } catch (err) {
    const logs = [...children].map((c) => `${c.name}: ${c.stderrText}`).join("\n");
    await stopAll();
    console.log(JSON.stringify({ fault: name, ok: false, error: String(err?.stack ?? err), logs }));
    process.exit(1);
  }
}
