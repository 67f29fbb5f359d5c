// Scale bench (issue 29): the load mix of bench/load.ts (bench/mix.ts) through the proxy in front
// of 1, 2, 4 and 8 API replicas (SCALE_REPLICAS), driven by several generator processes
// (bench/generator.ts, SCALE_GENERATORS, one per 2 cores by default) so that the generator is not
// the limit. Per topology: req/s, p50 and p99 of all requests (the generators' HDR histograms
// added), errors, the ratio to one replica, and the CPU seconds PostgreSQL, the replicas, the proxy
// and the generators used during the measurement (/proc), to tell which one saturates; then
// whether the machine rather than the product is the limit.
//
// Runs from the repository (scripts/bench/scale) or from its pack (scripts/bench/scale --pack:
// SCALE_ROOT is the pack, SCALE_SERVER its compiled server).
import { type ChildProcess, fork } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { loadConfig } from "../src/config.js";
import type { GeneratorRun } from "./generator.js";
import { DURATION } from "./harness.js";
import { cleanUp, prepareUsers, repositoryRoot, serverEntry, startTopology, type Topology } from "./mix.js";
import { BENCH_DATABASE_URL, ensureBenchDatabase } from "./seed.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const CORES = os.availableParallelism();
const REPLICAS = (process.env.SCALE_REPLICAS || "1 2 4 8")
  .split(/[\s,]+/)
  .filter(Boolean)
  .map(Number);
const GENERATORS = Number(process.env.SCALE_GENERATORS || Math.max(1, Math.floor(CORES / 2)));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 64);
const WARM_UP = Number(process.env.SCALE_WARM_UP_SECONDS || 3);
const PROXY_PORT = Number(process.env.SCALE_PROXY_PORT || 3960);
const ROOT = process.env.SCALE_ROOT || repositoryRoot();
const SERVER = process.env.SCALE_SERVER || serverEntry(ROOT);
const NOTE = process.env.SCALE_NOTE;
if (REPLICAS.some((n) => !Number.isInteger(n) || n < 1) || !(GENERATORS >= 1) || CONNECTIONS < GENERATORS)
  throw new Error("SCALE_REPLICAS (e.g. '1 2 4 8'), SCALE_GENERATORS and BENCH_CONNECTIONS must be positive");

// --- CPU seconds from /proc (Linux) -------------------------------------------------------------
const TICKS = 100; // USER_HZ: 100 on every Linux the image and CI run (sysconf(_SC_CLK_TCK)).
const dbName = new URL(BENCH_DATABASE_URL).pathname.slice(1);

/** utime+stime of a process, and of its reaped children (cutime+cstime), in seconds. */
function cpu(pid: number | undefined): { own: number; children: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat
      .slice(stat.lastIndexOf(")") + 2)
      .split(" ")
      .map(Number);
    // Fields 14-17 of proc(5), counted from field 3 (state) here.
    return { own: ((f[11] ?? 0) + (f[12] ?? 0)) / TICKS, children: ((f[13] ?? 0) + (f[14] ?? 0)) / TICKS };
  } catch {
    return { own: 0, children: 0 }; // exited
  }
}

/**
 * Every postgres process (a backend that exits moves its time to the postmaster's reaped
 * children, so the sum stays continuous), and per backend of the bench database: on a shared
 * machine other databases' work is in the first figure only.
 */
function postgresCpu() {
  let all = 0;
  const ours = new Map<string, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/comm`, "utf8").trim() !== "postgres") continue;
      const c = cpu(Number(name));
      all += c.own + c.children;
      if (readFileSync(`/proc/${name}/cmdline`, "utf8").includes(` ${dbName} `)) ours.set(name, c.own);
    } catch {
      // gone, or not ours to read
    }
  }
  return { all, ours };
}

/** The bench database's backends' CPU between two snapshots (one that exited meanwhile is not counted). */
const oursBetween = (before: Map<string, number>, after: Map<string, number>) =>
  [...after].reduce((s, [pid, t]) => s + t - (before.get(pid) ?? 0), 0);

const sumCpu = (ps: ChildProcess[]) => ps.reduce((s, p) => s + cpu(p.pid).own, 0);
const snapshot = (t: Topology, gens: ChildProcess[]) => ({
  pg: postgresCpu(),
  api: sumCpu(t.apis),
  proxy: sumCpu([t.proxy]),
  gen: sumCpu(gens),
});

// --- generators ---------------------------------------------------------------------------------
const generatorFile = existsSync(path.join(here, "generator.mjs"))
  ? path.join(here, "generator.mjs")
  : path.join(here, "generator.ts");

async function startGenerators(): Promise<ChildProcess[]> {
  return Promise.all(
    Array.from({ length: GENERATORS }, async () => {
      const p = fork(generatorFile, [], {
        execArgv: generatorFile.endsWith(".ts") ? ["--import", "tsx"] : [],
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
      await new Promise<void>((resolve, reject) => {
        p.once("message", () => resolve());
        p.once("exit", (code) => reject(new Error(`a generator exited with ${code}`)));
      });
      return p;
    }),
  );
}

type Raw = Record<string, unknown> & { totalCompletedRequests: number; duration: number };

/** Each generator runs its share of the connections and of the users; their raw results. */
function runAll(gens: ChildProcess[], users: string[], duration: number): Promise<Raw[]> {
  return Promise.all(
    gens.map((p, i) => {
      const share = (n: number) =>
        Math.floor((n * (i + 1)) / gens.length) - Math.floor((n * i) / gens.length);
      const first = Math.floor((users.length * i) / gens.length);
      const run: GeneratorRun = {
        url: `http://127.0.0.1:${PROXY_PORT}`,
        connections: share(CONNECTIONS),
        duration,
        users: users.slice(first, first + share(users.length)),
      };
      return new Promise<Raw>((resolve, reject) => {
        const onExit = (code: number | null) => reject(new Error(`a generator exited with ${code}`));
        p.once("exit", onExit);
        p.once("message", (m) => {
          p.off("exit", onExit);
          resolve(m as Raw);
        });
        p.send(run);
      });
    }),
  );
}

interface Row {
  replicas: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  seconds: number;
  pg: number;
  pgOurs: number;
  api: number;
  proxy: number;
  gen: number;
  load: number;
}

async function measure(replicas: number, users: string[], gens: ChildProcess[]): Promise<Row> {
  const t = await startTopology(ROOT, replicas, PROXY_PORT, SERVER);
  try {
    if (WARM_UP > 0) await runAll(gens, users, WARM_UP);
    const load = os.loadavg()[0] as number;
    const before = snapshot(t, gens);
    const t0 = performance.now();
    const raw = await runAll(gens, users, DURATION);
    const seconds = (performance.now() - t0) / 1000;
    const after = snapshot(t, gens);
    const aggregate = (
      autocannon as unknown as {
        aggregateResult: (r: Raw[], o: object) => autocannon.Result;
      }
    ).aggregateResult(raw, { url: `http://127.0.0.1:${PROXY_PORT}`, connections: CONNECTIONS });
    const completed = raw.reduce((s, r) => s + r.totalCompletedRequests, 0);
    const measured = raw.reduce((s, r) => s + r.duration, 0) / raw.length;
    return {
      replicas,
      rps: completed / measured,
      p50: aggregate.latency.p50,
      p99: aggregate.latency.p99,
      errors: aggregate.non2xx + aggregate.errors,
      seconds,
      pg: after.pg.all - before.pg.all,
      pgOurs: oursBetween(before.pg.ours, after.pg.ours),
      api: after.api - before.api,
      proxy: after.proxy - before.proxy,
      gen: after.gen - before.gen,
      load,
    };
  } finally {
    await t.stop();
  }
}

/** What limits a row: the machine (cores, the generators, the bench's one-thread proxy) or the product. */
function limit(r: Row): string {
  const busy = (cpuSeconds: number) => cpuSeconds / r.seconds; // cores kept busy
  const total = busy(r.pg + r.api + r.proxy + r.gen);
  const reasons: string[] = [];
  if (r.replicas > CORES) reasons.push(`${r.replicas} replicas > ${CORES} cores`);
  if (total >= 0.85 * CORES) reasons.push(`CPU full: ${total.toFixed(1)} of ${CORES} cores busy`);
  if (busy(r.gen) >= 0.85 * GENERATORS)
    reasons.push(`generators saturated (${busy(r.gen).toFixed(2)} cores)`);
  if (busy(r.proxy) >= 0.85)
    reasons.push(`the proxy's one thread saturated (${busy(r.proxy).toFixed(2)} cores)`);
  if (r.load > CORES) reasons.push(`load average ${r.load.toFixed(1)} > ${CORES} cores before it`);
  if (reasons.length) return `machine: ${reasons.join("; ")}`;
  return `product: replicas ${busy(r.api).toFixed(2)} cores (${(busy(r.api) / r.replicas).toFixed(2)} each), PostgreSQL ${busy(r.pg).toFixed(2)}, with ${(CORES - total).toFixed(1)} cores idle`;
}

function table(rows: Row[]) {
  const base = rows.find((r) => r.replicas === 1) ?? rows[0];
  const cols = [
    ["replicas", 8],
    ["req/s", 8],
    ["p50 ms", 7],
    ["p99 ms", 7],
    ["errors", 7],
    ["x 1", 6],
    ["pg cpu-s", 9],
    ["(bench db)", 10],
    ["api cpu-s", 9],
    ["proxy cpu-s", 11],
    ["gen cpu-s", 9],
    ["load1", 6],
  ] as const;
  const line = (cells: (string | number)[]) =>
    cells.map((c, i) => String(c).padStart((cols[i] as readonly [string, number])[1])).join("  ");
  console.log(line(cols.map((c) => c[0])));
  for (const r of rows) {
    console.log(
      line([
        r.replicas,
        r.rps.toFixed(0),
        r.p50,
        r.p99,
        r.errors,
        base && base.rps > 0 ? (r.rps / base.rps).toFixed(2) : "-",
        r.pg.toFixed(1),
        r.pgOurs.toFixed(1),
        r.api.toFixed(1),
        r.proxy.toFixed(1),
        r.gen.toFixed(1),
        r.load.toFixed(2),
      ]),
    );
  }
  for (const r of rows)
    console.log(`limit at ${r.replicas} replica${r.replicas > 1 ? "s" : ""}: ${limit(r)}`);
}

const config = loadConfig({ ...process.env, LOG_LEVEL: "silent" });
await ensureBenchDatabase();
const db = new pg.Client({ connectionString: BENCH_DATABASE_URL });
await db.connect();
const users = await prepareUsers(db, Math.min(CONNECTIONS, 99));
const gens = await startGenerators();
const rows: Row[] = [];
try {
  for (const n of REPLICAS) rows.push(await measure(n, users, gens));
} finally {
  for (const p of gens) p.kill();
  await cleanUp(db, config.redisUrl, Math.min(CONNECTIONS, 99));
  await db.end();
}

const [l1, l5, l15] = os.loadavg().map((x) => x.toFixed(2));
console.log(
  `\nscale bench: load mix, ${CONNECTIONS} connections from ${GENERATORS} generator process${GENERATORS > 1 ? "es" : ""}, ${DURATION} s per topology after ${WARM_UP} s warm-up, through the proxy (${path.basename(SERVER)})`,
);
console.log(`machine: ${CORES} cores, load average ${l1} ${l5} ${l15} (now)${NOTE ? `; ${NOTE}` : ""}`);
table(rows);
console.log(
  "cpu-s: CPU seconds (utime+stime from /proc) during the measurement; pg = every postgres process on the machine, (bench db) = the bench database's backends that lived to the end of it",
);
// No answer at all is a failure too (a smoke run on a starved machine shows it so).
const failed = rows.filter((r) => r.errors > 0 || !(r.rps > 0));
if (failed.length > 0) {
  console.error(
    `FAILED: requests errored, or none was answered, at ${failed.map((r) => r.replicas).join(", ")} replicas`,
  );
  process.exit(1);
}
