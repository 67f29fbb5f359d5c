#!/usr/bin/env node
// Sums every tier of ./scripts/test into one line: `N passed, N failed` (+ `, N skipped` if any).
//
// usage: node scripts/lib/summarise.mjs MANIFEST
// MANIFEST is a tab-separated file, one tier a line:  name  kind  exit-code  [report]  [note]  [seconds]
//   kind "check"      one pass/fail check (lint, typecheck, compose config, migrate, ...): exit 0 = passed
//   kind "vitest"     a vitest JSON report (numPassedTests / numFailedTests / numPendingTests + numTodoTests)
//   kind "playwright" a Playwright JSON report (stats.expected / unexpected / skipped / flaky)
//   kind "missing"    a tier that could not run at all (counted as one failure; note says why)
//   kind "setup"      a set-up step that passed (install, build, migrate): only its time is shown
// With SUITE_SECONDS (the whole run's time) and SUITE_BUDGET_SECONDS in the environment, one more
// check: the whole run took at most the budget (docs/decisions/0014-node-24.md).
// A missing or unreadable report counts as one failure, and so does a runner that exited non-zero
// while its report shows no failed test (a file that failed to load, a crashed run).
// The per-tier table goes to stderr; the summary line alone goes to stdout, last.
// Exit status: 0 when nothing failed, 1 otherwise.
import { existsSync, readFileSync } from "node:fs";

const manifest = process.argv[2];
if (!manifest || !existsSync(manifest)) {
  console.error("usage: summarise.mjs MANIFEST");
  console.log("0 passed, 1 failed");
  process.exit(1);
}

function vitest(r) {
  let passed = r.numPassedTests ?? 0;
  let failed = r.numFailedTests ?? 0;
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  const notes = [];
  // A test file that fails to import or run has no failed assertion but a failed suite.
  for (const file of r.testResults ?? []) {
    const assertions = file.assertionResults ?? [];
    if (file.status === "failed" && !assertions.some((a) => a.status === "failed")) {
      failed += 1;
      notes.push(`file failed: ${String(file.name ?? "?").replace(`${process.cwd()}/`, "")}`);
    }
  }
  if (r.numTotalTests === 0) notes.push("no tests");
  passed = Math.max(0, passed);
  return { passed, failed, skipped, notes };
}

function playwright(r) {
  const s = r.stats ?? {};
  const passed = (s.expected ?? 0) + (s.flaky ?? 0);
  let failed = s.unexpected ?? 0;
  const skipped = s.skipped ?? 0;
  const notes = [];
  if (s.flaky) notes.push(`${s.flaky} flaky`);
  const errors = r.errors ?? [];
  if (errors.length > 0 && failed === 0) {
    failed += 1;
    notes.push(
      `run error: ${String(errors[0]?.message ?? "")
        .split("\n")[0]
        .slice(0, 120)}`,
    );
  }
  if (passed + failed + skipped === 0) notes.push("no tests");
  return { passed, failed, skipped, notes };
}

const rows = [];
const total = { passed: 0, failed: 0, skipped: 0 };

for (const line of readFileSync(manifest, "utf8").split("\n")) {
  if (!line.trim()) continue;
  const [name, kind, exitText, report, note, secondsText] = line.split("\t");
  const exit = Number(exitText);
  const seconds = secondsText ? Number(secondsText) : undefined;
  let res;
  if (kind === "setup") {
    res = { passed: 0, failed: 0, skipped: 0, notes: [] };
  } else if (kind === "check") {
    res =
      exit === 0
        ? { passed: 1, failed: 0, skipped: 0, notes: [] }
        : { passed: 0, failed: 1, skipped: 0, notes: [`exit ${exit}`] };
  } else if (kind === "missing") {
    res = { passed: 0, failed: 1, skipped: 0, notes: [note || "tier could not run"] };
  } else if (kind === "vitest" || kind === "playwright") {
    if (!report || !existsSync(report)) {
      res = { passed: 0, failed: 1, skipped: 0, notes: [`report missing (runner exit ${exit})`] };
    } else {
      try {
        const data = JSON.parse(readFileSync(report, "utf8"));
        res = kind === "vitest" ? vitest(data) : playwright(data);
        if (exit !== 0 && res.failed === 0) {
          res.failed = 1;
          res.notes.push(`runner exited ${exit} with no failed test in its report`);
        }
      } catch (err) {
        res = { passed: 0, failed: 1, skipped: 0, notes: [`unreadable report: ${err.message}`] };
      }
    }
  } else {
    res = { passed: 0, failed: 1, skipped: 0, notes: [`unknown tier kind ${kind}`] };
  }
  if (note && kind !== "missing") res.notes.push(note);
  rows.push({ name, seconds, ...res });
  total.passed += res.passed;
  total.failed += res.failed;
  total.skipped += res.skipped;
}

const suiteSeconds = Number(process.env.SUITE_SECONDS);
const budgetSeconds = Number(process.env.SUITE_BUDGET_SECONDS);
if (Number.isFinite(suiteSeconds) && Number.isFinite(budgetSeconds) && budgetSeconds > 0) {
  const ok = suiteSeconds <= budgetSeconds;
  rows.push({
    name: `whole run <= ${Math.round(budgetSeconds / 60)} min`,
    seconds: suiteSeconds,
    passed: ok ? 1 : 0,
    failed: ok ? 0 : 1,
    skipped: 0,
    notes: [`${(suiteSeconds / 60).toFixed(1)} min`],
  });
  total.passed += ok ? 1 : 0;
  total.failed += ok ? 0 : 1;
}

const width = Math.max(4, ...rows.map((r) => r.name.length));
const time = (s) => (s === undefined || !Number.isFinite(s) ? "" : `${s}s`);
const table = [`${"tier".padEnd(width)}  passed  failed  skipped     time  notes`];
for (const r of rows) {
  table.push(
    `${r.name.padEnd(width)}  ${String(r.passed).padStart(6)}  ${String(r.failed).padStart(6)}  ${String(r.skipped).padStart(7)}  ${time(r.seconds).padStart(7)}  ${r.notes.join("; ")}`,
  );
}
console.error(`\n${table.join("\n")}\n`);

let summary = `${total.passed} passed, ${total.failed} failed`;
if (total.skipped > 0) summary += `, ${total.skipped} skipped`;
console.log(summary);
process.exit(total.failed > 0 || rows.length === 0 ? 1 : 0);
