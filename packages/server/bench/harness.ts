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
    execArgv: ["--import", "tsx"],
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
