#!/usr/bin/env node
// TanStack Query's useQuery/useMutation (and their kin) only in a feature's queries.ts
// (docs/decisions/0015-module-boundaries-and-jobs.md): a page asks its feature's hooks, so a call's
// query key and invalidation live in one place. dependency-cruiser sees files, not named imports,
// hence this check. Files that broke the rule before it existed are listed in the baseline; a new
// one fails, and so does a listed one that is fixed (remove it from the baseline).
//
// usage: node scripts/lint/query-hooks.mjs [--root <dir>] [--baseline <file>]
//   --root      the web sources (default packages/web/src)
//   --baseline  known offenders, one path a line relative to --root (default scripts/lint/query-hooks-baseline.txt)
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "../..");

function arg(name, fallback) {
  const i = process.argv.indexOf(name);
  return i > 0 && process.argv[i + 1] ? path.resolve(process.argv[i + 1]) : fallback;
}

const root = arg("--root", path.join(repo, "packages/web/src"));
const baselineFile = arg("--baseline", path.join(here, "query-hooks-baseline.txt"));

const HOOKS = new Set(["useQuery", "useMutation", "useSuspenseQuery", "useInfiniteQuery", "useQueries"]);
// One named exception: lib/filtered-pages.tsx, the generic server-paged list behind a filter form,
// whose query key and loader each feature passes in (ADR 0015).
const ALLOWED = /^(features\/[^/]+\/queries\.tsx?|lib\/filtered-pages\.tsx)$/;
const IMPORT = /import\s+(type\s+)?(\{[^}]*\}|\*\s+as\s+\w+)\s+from\s+["']@tanstack\/react-query["']/g;

function* sources(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== "node_modules") yield* sources(full);
    } else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) yield full;
  }
}

/** The query hooks a file imports from @tanstack/react-query (a namespace import counts as all). */
function hooksImported(text) {
  const found = [];
  for (const m of text.matchAll(IMPORT)) {
    if (m[1]) continue; // type-only
    if (m[2].startsWith("*")) {
      found.push(m[2]);
      continue;
    }
    for (const part of m[2].slice(1, -1).split(",")) {
      const name = part
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)[0];
      if (HOOKS.has(name) && !/^type\s/.test(part.trim())) found.push(name);
    }
  }
  return found;
}

const offenders = new Map();
for (const file of sources(root)) {
  const rel = path.relative(root, file).split(path.sep).join("/");
  if (ALLOWED.test(rel)) continue;
  const hooks = hooksImported(readFileSync(file, "utf8"));
  if (hooks.length) offenders.set(rel, hooks);
}

const baseline = new Set(
  existsSync(baselineFile)
    ? readFileSync(baselineFile, "utf8")
        .split("\n")
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith("#"))
    : [],
);

const fresh = [...offenders].filter(([rel]) => !baseline.has(rel));
const fixed = [...baseline].filter((rel) => !offenders.has(rel));
for (const [rel, hooks] of fresh)
  console.error(`  error query-hooks: ${rel} imports ${hooks.join(", ")} (only a feature's queries.ts may)`);
for (const rel of fixed)
  console.error(
    `  error query-hooks-baseline: ${rel} no longer breaks the rule; remove it from the baseline`,
  );
if (fresh.length || fixed.length) {
  console.error(`\nx ${fresh.length + fixed.length} query hook violations`);
  process.exit(1);
}
console.log(`✔ query hooks only in queries.ts (${baseline.size} known offenders in the baseline)`);
