// Page-speed benchmark (scripts/bench/web): each page loaded cold in Chromium (a fresh context:
// no HTTP cache, the session in storage as after a login), measured with the Performance API.
//   statistics:  (dashboard) the four statistic cards hold numbers
//   visible:     the page's own content is shown (its heading, no busy indicator in <main>)
//   interactive: visible, every API call answered and no long task (> 50 ms) running after it
// The reference is a bare page measured the same way in the same run (served by node:http: one
// module script that makes one JSON call and writes the heading), loaded beside every load of a
// page, alternately before and after it: a page's ratio is the median of those pairs' ratios, the
// figure that compares across machines and runs and that a burst of other work moves least; the targets are for this machine (statistics < 1 s,
// every page interactive < 1.5 s).
// Two more rows are floors, not targets: the bare page written with React, and with React and
// Mantine, built by Vite; what they cost is the stack's, and no page of the app can load faster.
// Env: BENCH_URL (http://localhost:3400), BENCH_EMAIL, BENCH_PASSWORD, BENCH_RUNS (5),
// BENCH_ONLY (a pattern of page names to measure; the reference always runs), BENCH_WATERFALL=1
// (also print each page's last load: every resource and long task, in ms from navigation),
// BENCH_COMPARE_URL (a second server of the same API with another build of the SPA: each run then
// loads the page from both, in rotating order, and prints B's ratio and B over A, the median of the
// runs' B/A; scripts/bench/web starts it for BENCH_COMPARE_DIST).
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import react from "@vitejs/plugin-react";
import { build } from "vite";
import { CHROMIUM_LAUNCH_OPTIONS } from "../scripts/chromium.mjs";

const base = process.env.BENCH_URL ?? "http://localhost:3400";
const email = process.env.BENCH_EMAIL ?? "demo@example.org";
const password = process.env.BENCH_PASSWORD ?? "Password123!";
const runs = Number(process.env.BENCH_RUNS ?? 5);

const BARE = {
  "/": [
    "text/html",
    '<!doctype html><html lang="en"><title>Bare</title><main></main><script type="module" src="/app.js"></script></html>',
  ],
  "/app.js": [
    "text/javascript",
    'const d = await (await fetch("/api/data")).json(); const h = document.createElement("h1"); h.textContent = d.title; document.querySelector("main").append(h);',
  ],
  "/api/data": ["application/json", '{"title":"Reference"}'],
};
// The floors (floor/*.tsx), built here; NODE_ENV set so that Vite bundles React's production build
// (./scripts/test and the helpers export NODE_ENV=test).
const floorDir = path.join(tmpdir(), "cpd-bench-floor");
process.env.NODE_ENV = "production";
await build({
  configFile: false,
  logLevel: "warn",
  mode: "production",
  root: path.join(path.dirname(fileURLToPath(import.meta.url)), "floor"),
  base: "/floor/",
  plugins: [react()],
  build: {
    outDir: floorDir,
    emptyOutDir: true,
    rolldownOptions: { input: { react: "react.html", mantine: "mantine.html" } },
  },
});
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };
async function floorFile(url) {
  const file = path.join(floorDir, path.normalize(url.slice("/floor/".length)));
  if (!file.startsWith(floorDir)) return null;
  return [TYPES[path.extname(file)] ?? "application/octet-stream", await readFile(file).catch(() => null)];
}

const bare = createServer(async (req, res) => {
  const [type, body] =
    BARE[req.url] ?? (req.url.startsWith("/floor/") ? await floorFile(req.url) : null) ?? [];
  res
    .writeHead(body ? 200 : 404, { "content-type": type ?? "text/plain", "cache-control": "no-store" })
    .end(body ?? "not found");
});
await new Promise((resolve) => bare.listen(0, "127.0.0.1", resolve));

const bareBase = `http://127.0.0.1:${bare.address().port}`;
const PAGES = [
  { name: "bare page (reference)", path: "/", base: bareBase, public: true },
  { name: "floor: React", path: "/floor/react.html", base: bareBase, public: true, floor: true },
  { name: "floor: React+Mantine", path: "/floor/mantine.html", base: bareBase, public: true, floor: true },
  { name: "login", path: "/login", public: true },
  { name: "dashboard", path: "/dashboard", stats: true },
  { name: "entries", path: "/entries" },
  { name: "files", path: "/files" },
  { name: "calendar", path: "/calendar" },
  { name: "shared CPD", path: "/shared-cpd" },
  { name: "profile", path: "/profile" },
  { name: "webinars", path: "/webinars" },
  { name: "new diary entry", path: "/create/diary" },
];

// Runs in the page from the first script on: long tasks are only reported to an observer that
// exists when they happen, and each frame checks whether the page is shown yet.
//   statistics: the dashboard's four statistic cards hold numbers
//   visible:    the page's heading is there and nothing in <main> is still loading
function installProbes() {
  window.__longTasks = [];
  window.__longTaskSpans = [];
  window.__marks = {};
  try {
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) {
        window.__longTasks.push(e.startTime + e.duration);
        window.__longTaskSpans.push({ at: e.startTime, end: e.startTime + e.duration, what: "long task" });
      }
    }).observe({ type: "longtask", buffered: true });
  } catch {}
  const frame = () => {
    const t = performance.now();
    const marks = window.__marks;
    const values = [...document.querySelectorAll('[data-testid^="stat-value-"]')];
    if (!marks.statistics && values.length === 4 && values.every((v) => /\d/.test(v.textContent))) {
      marks.statistics = t;
    }
    const main = document.querySelector("main");
    const h1 = document.querySelector("h1");
    if (!marks.visible && h1?.textContent.trim() && !main?.querySelector('[role="progressbar"]'))
      marks.visible = t;
    if (!marks.visible || !marks.statistics) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

async function measure(browser, state, page) {
  // A compared server may be a TLS proxy with a certificate of its own (HTTP/2 needs TLS).
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    storageState: state,
    ignoreHTTPSErrors: true,
  });
  const tab = await context.newPage();
  await tab.addInitScript(installProbes);
  await tab.goto((page.base ?? base) + page.path, { waitUntil: "commit" });
  await tab.waitForFunction(
    (stats) => window.__marks?.visible && (!stats || window.__marks.statistics),
    Boolean(page.stats),
    {
      timeout: 20_000,
    },
  );
  // Quiet for a second: no API call still open, no new long task.
  await tab.waitForLoadState("networkidle");
  await tab.waitForTimeout(1000);
  const result = await tab.evaluate(() => {
    const { visible, statistics } = window.__marks;
    const api = performance.getEntriesByType("resource").filter((e) => e.name.includes("/api/"));
    const lastApi = Math.max(0, ...api.map((e) => e.responseEnd));
    const lastTask = Math.max(0, ...window.__longTasks);
    return {
      visible,
      statistics,
      interactive: Math.max(visible, lastApi, lastTask),
      calls: api.length,
      url: location.pathname,
      waterfall: [
        ...performance.getEntriesByType("resource").map((e) => ({
          at: e.startTime,
          end: e.responseEnd,
          what: `${new URL(e.name).pathname}${new URL(e.name).search} (${Math.round(e.encodedBodySize / 1024)} KB)`,
        })),
        ...window.__longTaskSpans,
        ...(performance.getEntriesByType("navigation")[0]
          ? [{ at: 0, end: performance.getEntriesByType("navigation")[0].responseEnd, what: "document" }]
          : []),
      ].sort((a, b) => a.at - b.at),
    };
  });
  await context.close();
  if (!page.public && result.url === "/login")
    throw new Error(`${page.path}: sent to /login (session not accepted)`);
  return result;
}

async function login(browser, at = base) {
  const context = await browser.newContext();
  const tab = await context.newPage();
  await tab.goto(`${at}/login`);
  await tab.getByLabel(/^Email/).fill(email);
  await tab.getByLabel(/^Password/).fill(password);
  await tab.getByRole("button", { name: "Log in" }).click();
  await tab.waitForURL((u) => !u.pathname.startsWith("/login"), { timeout: 20_000 });
  // The greeting belongs to the login, not to the pages measured after it.
  const cont = tab.getByRole("button", { name: "Continue" });
  if (await cont.isVisible().catch(() => false)) await cont.click();
  await tab.waitForTimeout(500);
  const state = await context.storageState();
  await context.close();
  return state;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, "i") : null;
const [reference, ...others] = PAGES;
const chosen = others.filter((p) => !only || only.test(p.name));
const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
const compareUrl = process.env.BENCH_COMPARE_URL;
// The floors are served here, not by the app: the compared build has no other copy of them.
const compared = (page) => Boolean(compareUrl) && !page.base;
// The session is kept per origin: a compared server (the same API and database) gets a copy.
async function sessions() {
  const a = await login(browser);
  if (!compareUrl) return a;
  const origin = new URL(compareUrl).origin;
  return { ...a, origins: [...a.origins, ...a.origins.map((o) => ({ ...o, origin }))] };
}
const state = chosen.every((p) => p.public) ? undefined : await sessions();
const load = (page, at = base) => measure(browser, page.public ? undefined : state, { base: at, ...page });
/**
 * One run of a page: its load and the reference's back to back, alternating which goes first, so
 * a burst of the machine's other work falls on both alike; the ratio is this pair's. With a
 * second build to compare (BENCH_COMPARE_URL), its load joins the same run, the order rotating.
 */
async function run(page, i) {
  const sides = [
    ["ref", () => load(reference)],
    ["a", () => load(page)],
    ...(compared(page) ? [["b", () => load(page, compareUrl)]] : []),
  ];
  const out = {};
  for (let k = 0; k < sides.length; k++) {
    const [name, go] = sides[(i + k) % sides.length];
    out[name] = await go();
  }
  return out;
}
const refSamples = [];
const rows = [];
for (const page of chosen) {
  await load(page); // warm the server's caches
  if (compared(page)) await load(page, compareUrl);
  const runsOf = [];
  for (let i = 0; i < runs; i++) runsOf.push(await run(page, i));
  refSamples.push(...runsOf.map((r) => r.ref.interactive));
  const side = (key) => ({
    visible: median(runsOf.map((r) => r[key].visible)),
    statistics: page.stats ? median(runsOf.map((r) => r[key].statistics)) : null,
    interactive: median(runsOf.map((r) => r[key].interactive)),
    ratio: median(runsOf.map((r) => r[key].interactive / r.ref.interactive)),
    calls: median(runsOf.map((r) => r[key].calls)),
  });
  rows.push({
    page: page.name,
    ...side("a"),
    compare: compared(page)
      ? { ...side("b"), ab: median(runsOf.map((r) => r.b.interactive / r.a.interactive)) }
      : null,
    stats: Boolean(page.stats),
    floor: Boolean(page.floor),
  });
  if (process.env.BENCH_WATERFALL === "1") {
    for (const [label, sample] of [
      ["", runsOf.at(-1).a],
      [" (compared build)", runsOf.at(-1).b],
    ]) {
      if (!sample) continue;
      console.log(
        `\n${page.name}${label}: visible ${Math.round(sample.visible)} ms, interactive ${Math.round(sample.interactive)} ms`,
      );
      for (const w of sample.waterfall)
        console.log(
          `  ${String(Math.round(w.at)).padStart(5)} -> ${String(Math.round(w.end)).padStart(5)} ms  ${w.what}`,
        );
    }
  }
}
await browser.close();
bare.close();

const refMs = median(refSamples);
const ms = (n) => `${Math.round(n)} ms`;
console.log(
  `\nmedian of ${runs} cold loads at 1280x800, each beside a load of the reference, a bare page ` +
    `(${ms(refMs)} interactive, median of its ${refSamples.length} loads); ratio: the median of the pairs' ratios` +
    (compareUrl ? `\ncompared build: ${compareUrl} (B/A: the median of the runs' B over A)` : "") +
    "\n",
);
console.log(
  `page                 statistics   visible  interactive  ratio  API calls  target${compareUrl ? "   | B interactive  B ratio  B/A" : ""}`,
);
console.log(
  `${reference.name.padEnd(20)} ${"".padStart(10)} ${"".padStart(9)} ${ms(refMs).padStart(12)}   1.00`,
);
let misses = 0;
for (const r of rows) {
  const isRef = r.floor;
  const target = isRef
    ? ""
    : r.stats
      ? "statistics < 1000 ms, interactive < 1500 ms"
      : "interactive < 1500 ms";
  const ok = isRef || (r.interactive < 1500 && (r.statistics === null || r.statistics < 1000));
  if (!ok) misses++;
  console.log(
    [
      r.page.padEnd(20),
      (r.statistics === null ? "" : ms(r.statistics)).padStart(10),
      ms(r.visible).padStart(9),
      ms(r.interactive).padStart(12),
      r.ratio.toFixed(2).padStart(6),
      String(r.calls).padStart(10),
      ` ${target}${isRef ? "" : ok ? ": ok" : ": MISSED"}`,
      r.compare
        ? `   | ${ms(r.compare.interactive).padStart(13)} ${r.compare.ratio.toFixed(2).padStart(8)} ${r.compare.ab.toFixed(2).padStart(5)}`
        : "",
    ].join(" "),
  );
}
process.exitCode = misses ? 1 : 0;
