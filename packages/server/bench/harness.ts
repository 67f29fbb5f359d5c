// Shared by the benchmarks: the server child processes (bench/serve.ts) and
// the autocannon load of 50 connections (2 s warm-up, then BENCH_SECONDS).
import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const here = path.dirname(fileURLToPath(import.meta.url));
export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

/** Starts bench/serve.ts in `mode` on `port` and waits until it listens. */
export async function start(mode: "app" | "bare", port: number): Promise<ChildProcess> {
  const child = fork(path.join(here, "serve.ts"), [mode, String(port)], {
    // BENCH_CHILD_NODE_ARGS: more flags for the child's node (e.g. "--trace-gc"), space-separated.
    execArgv: ["--import", "tsx", ...(process.env.BENCH_CHILD_NODE_ARGS?.split(" ").filter(Boolean) ?? [])],
    env: process.env,
  });
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
  return child;
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill();
  await exited;
}

export interface Result {
  rps: number;
  p50: number;
  p99: number;
}

export async function load(url: string, headers: Record<string, string> = {}): Promise<Result> {
  await autocannon({ url, connections: 50, duration: 2, headers }); // warm-up
  const r = await autocannon({ url, connections: 50, duration: DURATION, headers });
  if (r.non2xx > 0 || r.errors > 0)
    throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

export const row = (name: string, r: Result) =>
  `${name.padEnd(30)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms`;

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

/** Rounds per side in compare(): BENCH_ROUNDS (3). */
export const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

export interface Comparison {
  bare: Result;
  ours: Result;
  /** Median over the rounds of ours / bare req/s, each pair measured back to back. */
  ratio: number;
  /** Ours / bare, medians of the rounds' p99. */
  p99Ratio: number;
  /**
   * Ours / bare, the server process's CPU time per answer over all rounds (when both children are
   * given): what each side spends, nearly whatever else runs on the machine.
   */
  cpuRatio?: number;
  cpuPerRequestUs?: { bare: number; ours: number };
}

/** The CPU time (µs) a bench/serve.ts child has used so far. */
const cpuOf = (child: ChildProcess) =>
  new Promise<number>((resolve) => {
    const on = (m: unknown) => {
      if (typeof m !== "object" || m === null || !("cpu" in m)) return;
      child.off("message", on);
      resolve((m as { cpu: number }).cpu);
    };
    child.on("message", on);
    child.send("cpu");
  });

interface Side {
  url: string;
  headers?: Record<string, string>;
  /** The server's process, to measure its CPU time per answer. */
  child?: ChildProcess;
}

/**
 * Both servers up, then bare and ours alternately, ROUNDS times each, DURATION / ROUNDS seconds a
 * round (at least 2), after a warm-up of each. On a shared machine a burst of someone else's load
 * then falls on both sides of a pair alike, where one long run of each put it on one side only.
 */
export async function compare(bare: Side, ours: Side): Promise<Comparison> {
  const duration = Math.max(2, Math.round(DURATION / ROUNDS));
  const cpu = new Map<Side, { us: number; requests: number }>();
  const once = async (s: Side, seconds: number, counted = true) => {
    const before = counted && s.child ? await cpuOf(s.child) : 0;
    const r = await autocannon({ url: s.url, connections: 50, duration: seconds, headers: s.headers ?? {} });
    if (r.non2xx > 0 || r.errors > 0)
      throw new Error(`${s.url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
    if (counted && s.child) {
      const c = cpu.get(s) ?? { us: 0, requests: 0 };
      cpu.set(s, { us: c.us + (await cpuOf(s.child)) - before, requests: c.requests + r.requests.total });
    }
    return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
  };
  await once(bare, 2, false);
  await once(ours, 2, false);
  const b: Result[] = [];
  const o: Result[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    // Alternate which side goes first, so neither always follows the other's garbage collection.
    if (i % 2 === 0) {
      b.push(await once(bare, duration));
      o.push(await once(ours, duration));
    } else {
      o.push(await once(ours, duration));
      b.push(await once(bare, duration));
    }
  }
  const med = (rs: Result[]): Result => ({
    rps: median(rs.map((r) => r.rps)),
    p50: median(rs.map((r) => r.p50)),
    p99: median(rs.map((r) => r.p99)),
  });
  const [bm, om] = [med(b), med(o)];
  const [cb, co] = [cpu.get(bare), cpu.get(ours)];
  const perRequest = cb && co ? { bare: cb.us / cb.requests, ours: co.us / co.requests } : undefined;
  return {
    bare: bm,
    ours: om,
    ratio: median(o.map((r, i) => r.rps / (b[i] as Result).rps)),
    p99Ratio: om.p99 / bm.p99,
    ...(perRequest ? { cpuPerRequestUs: perRequest, cpuRatio: perRequest.ours / perRequest.bare } : {}),
  };
}

/**
 * Prints a bench's figure as one machine-readable line, `RATIO <name> <value> <op> <target> <OK|BELOW>`,
 * which scripts/bench/all collects into its table; answers whether the target is met.
 */
export function figure(name: string, value: number, op: ">=" | "<=", target: number): boolean {
  const ok = op === ">=" ? value >= target : value <= target;
  console.log(`RATIO ${name} ${value.toFixed(3)} ${op} ${target} ${ok ? "OK" : "BELOW"}`);
  return ok;
}

/** The server CPU per answer of a comparison, when measured. */
export const cpuLine = (c: Comparison) =>
  c.cpuPerRequestUs
    ? `server CPU per answer: bare ${c.cpuPerRequestUs.bare.toFixed(0)} µs, ours ${c.cpuPerRequestUs.ours.toFixed(0)} µs (${(c.cpuRatio ?? 0).toFixed(2)} x)`
    : "";
