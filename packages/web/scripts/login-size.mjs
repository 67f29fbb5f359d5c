// The login page's JavaScript budget: the entry script of dist/index.html and everything it
// imports statically (lazy chunks load only when a route or action needs them) must stay within
// 120 KB gzipped, and the editor, charts, PDF viewer and Mantine must never be among them.
//
//   node packages/web/scripts/login-size.mjs [--json report.json]   (after `pnpm --filter @cpd/web build`)
//   LOGIN_DIST=/tmp/web-dist node packages/web/scripts/login-size.mjs   (another build folder)
//
// Prints each file, the total, and a closing `N passed, N failed` line; exits non-zero on a failure.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

export const LIMIT_KB = 120;
// Markers only these libraries' code contains (checked in the built chunks).
const FORBIDDEN = [
  { name: "editor (TipTap/ProseMirror)", marker: "ProseMirror" },
  { name: "charts (chart.js)", marker: "chartjs" },
  { name: "PDF viewer (pdf.js)", marker: "GlobalWorkerOptions" },
  // The login page is plain HTML outside Mantine's provider (ADR 0033); every Mantine component
  // reads the provider's context, whose check carries this message.
  { name: "Mantine", marker: "MantineProvider was not found" },
];

// LOGIN_DIST measures a build made elsewhere (`vite build --outDir /tmp/x`).
const dist = process.env.LOGIN_DIST
  ? resolve(process.env.LOGIN_DIST)
  : join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const jsonAt = process.argv.indexOf("--json");
const reportFile = jsonAt > 0 ? process.argv[jsonAt + 1] : undefined;

const checks = [];
const files = [];
if (!existsSync(join(dist, "index.html"))) {
  checks.push({
    name: "login JavaScript budget",
    ok: false,
    detail: "dist/index.html is missing: build first",
  });
} else {
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const entries = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const seen = new Set();
  const queue = entries.map((e) => resolve(dist, e));
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, "utf8");
    // Static imports only: `import ... from "./x.js"` and `import "./x.js"` (minified forms too).
    for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[^"'();]*?from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
      queue.push(resolve(dirname(file), m[1]));
    }
  }
  let total = 0;
  for (const f of seen) {
    const code = readFileSync(f);
    const gz = gzipSync(code).length;
    total += gz;
    files.push({ file: f.slice(dist.length + 1), gzipBytes: gz });
    console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${f.slice(dist.length + 1)}`);
  }
  const totalKb = total / 1024;
  console.log(`${totalKb.toFixed(1).padStart(7)} KB  total gzipped JS for /login (limit ${LIMIT_KB} KB)`);
  checks.push({
    name: `login JavaScript at most ${LIMIT_KB} KB gzipped`,
    ok: totalKb <= LIMIT_KB,
    detail: `${totalKb.toFixed(1)} KB`,
  });
  const sources = [...seen].map((f) => readFileSync(f, "utf8"));
  for (const { name, marker } of FORBIDDEN) {
    const found = sources.some((code) => code.includes(marker));
    checks.push({ name: `no ${name} on the login route`, ok: !found, detail: found ? "found" : "absent" });
  }
}

for (const c of checks) console.log(`${c.ok ? "ok  " : "FAIL"}  ${c.name}: ${c.detail}`);
const passed = checks.filter((c) => c.ok).length;
const failed = checks.length - passed;
if (reportFile) {
  writeFileSync(
    reportFile,
    `${JSON.stringify({ limitKb: LIMIT_KB, passed, failed, checks, files }, null, 2)}\n`,
  );
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
