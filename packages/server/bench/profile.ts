// Benchmark of issue 2: GET /api/profile against a bare Fastify route running
// the same SQL through pg, 50 connections each, one after the other on this
// machine, in alternating rounds (harness.ts, compare). Prints req/s, p50 and p99 of both, the ratio
// (target >= 0.9, issue 30) and p99 against bare (target <= 1.2 x), then the gzipped size of the
// JavaScript the login page loads (target <= 120 KB).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { loadConfig } from "../src/config.js";
import { createResources } from "../src/resources.js";
import { compare, cpuLine, figure, ROUNDS, row, start, stop } from "./harness.js";

const here = path.dirname(fileURLToPath(import.meta.url));

const config = loadConfig({ ...process.env, LOG_LEVEL: "silent" });
const { deps, close } = await createResources(config);
const user = await deps.prisma.user.findUnique({
  where: { email: "demo@example.org" },
  include: { roles: true },
});
if (!user) throw new Error("Seed the database first (demo@example.org is missing).");
const token = deps.tokens.issue({
  sub: user.id,
  tv: user.tokenVersion,
});
await close();

const bare = await start("bare", 3901);
const app = await start("app", 3902);
const c = await compare(
  { url: `http://127.0.0.1:3901/bare/profile/${user.id}`, child: bare },
  { url: "http://127.0.0.1:3902/api/profile", headers: { authorization: `Bearer ${token}` }, child: app },
);
await stop(bare);
await stop(app);

console.log(row("bare Fastify + pg (same SQL)", c.bare));
console.log(row("GET /api/profile", c.ours));
console.log(
  `ratio ${c.ratio.toFixed(2)} (target >= 0.90), p99 ${c.p99Ratio.toFixed(2)} x bare (target <= 1.20); medians of ${ROUNDS} alternating rounds`,
);
console.log(cpuLine(c));
figure("profile-rps", c.ratio, ">=", 0.9);
figure("profile-p99", c.p99Ratio, "<=", 1.2);

// The login page's JavaScript: the entry script and every module it preloads.
const dist = path.resolve(here, "../../web/dist");
try {
  const html = readFileSync(path.join(dist, "index.html"), "utf8");
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  const gz = files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(dist, f))).length, 0);
  console.log(`login page JavaScript: ${files.length} files, ${(gz / 1024).toFixed(1)} KB gzipped`);
  figure("login-js-kb", gz / 1024, "<=", 120);
} catch {
  console.log("login page JavaScript: build the SPA first (pnpm --filter @cpd/web build)");
}
