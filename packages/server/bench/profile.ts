// Benchmark of issue 2: GET /api/profile against a bare Fastify route running
// the same SQL through pg, 50 connections each, one after the other on this
// machine. Prints req/s, p50 and p99 of both and the ratio (target >= 0.5),
// then the gzipped size of the JavaScript the login page loads (target <= 200 KB).
import { fork } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { loadConfig } from "../src/config.js";
import { createResources } from "../src/resources.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

async function start(mode: "app" | "bare", port: number) {
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

async function load(url: string, headers: Record<string, string> = {}) {
  await autocannon({ url, connections: 50, duration: 2, headers }); // warm-up
  const r = await autocannon({ url, connections: 50, duration: DURATION, headers });
  if (r.non2xx > 0 || r.errors > 0)
    throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

const config = loadConfig({ ...process.env, LOG_LEVEL: "silent" });
const { deps, close } = await createResources(config);
const user = await deps.prisma.user.findUnique({
  where: { email: "demo@example.org" },
  include: { roles: true },
});
if (!user) throw new Error("Seed the database first (demo@example.org is missing).");
const token = deps.tokens.issue({
  sub: user.id,
  roles: user.roles.map((r) => r.role),
  tv: user.tokenVersion,
});
await close();

const bare = await start("bare", 3901);
const ref = await load(`http://127.0.0.1:3901/bare/profile/${user.id}`);
bare.kill();
const app = await start("app", 3902);
const ours = await load("http://127.0.0.1:3902/api/profile", { authorization: `Bearer ${token}` });
app.kill();

const row = (name: string, r: typeof ref) =>
  `${name.padEnd(30)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms`;
console.log(row("bare Fastify + pg (same SQL)", ref));
console.log(row("GET /api/profile", ours));
const ratio = ours.rps / ref.rps;
console.log(`ratio ${ratio.toFixed(2)} (target >= 0.50) ${ratio >= 0.5 ? "OK" : "BELOW TARGET"}`);

// The login page's JavaScript: the entry script and every module it preloads.
const dist = path.resolve(here, "../../web/dist");
try {
  const html = readFileSync(path.join(dist, "index.html"), "utf8");
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  const gz = files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(dist, f))).length, 0);
  console.log(
    `login page JavaScript: ${files.length} files, ${(gz / 1024).toFixed(1)} KB gzipped (target <= 200 KB) ${gz <= 200 * 1024 ? "OK" : "OVER TARGET"}`,
  );
} catch {
  console.log("login page JavaScript: build the SPA first (pnpm --filter @cpd/web build)");
}
