#!/usr/bin/env node
// Budgets that a test enforces, so they are kept (run by ./scripts/test after the SPA build):
//   - the login page's JavaScript, gzipped, at most 120 KB (packages/web/scripts/login-size.mjs, ADR 0033);
//   - the `duplicates` report no worse than the committed baseline (scripts/budgets/duplicates-baseline).
//     Lower the baseline when a change removes repeats; never raise it to let a change through;
//   - database use outside repositories (scripts/budgets/db-access.mjs): 0 writes outside a module's
//     repository, 0 repositories writing another module's table (scripts/budgets/table-owners.json),
//     reads no more than scripts/budgets/db-access-baseline (lower it as reads move; never raise it);
//   - `redocly lint openapi.json` without errors or warnings (rules in redocly.yaml, accepted
//     warnings with their reasons in .redocly.lint-ignore.yaml; the committed document is the one
//     the server serves, which a server test checks).
//
// usage: node scripts/budgets.mjs [--report FILE]
// Prints one line per budget and `N passed, N failed` (+ `, N skipped`); with --report writes the
// counts as a vitest-style JSON report (numPassedTests / numFailedTests / numPendingTests) for
// scripts/lib/summarise.mjs. A budget whose tool is missing on this machine counts as skipped.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { measureDbAccess } from "./budgets/db-access.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const reportAt = process.argv.indexOf("--report");
const reportFile = reportAt > 0 ? process.argv[reportAt + 1] : undefined;

const results = [];
const record = (name, status, detail) => {
  results.push({ name, status, detail });
  console.log(`${status === "passed" ? "ok  " : status === "skipped" ? "skip" : "FAIL"} ${name}: ${detail}`);
};

function loginScript() {
  const run = spawnSync(process.execPath, [path.join(root, "packages/web/scripts/login-size.mjs")], {
    cwd: root,
    encoding: "utf8",
  });
  const out = `${run.stdout ?? ""}${run.stderr ?? ""}`.trim().split("\n").filter(Boolean);
  const detail = (out.find((l) => /total/i.test(l)) ?? out.at(-1) ?? "no output").trim();
  record("login page JavaScript <= 120 KB gzipped", run.status === 0 ? "passed" : "failed", detail);
}

function duplicates() {
  const baseline = Number(
    readFileSync(path.join(root, "scripts/budgets/duplicates-baseline"), "utf8").trim(),
  );
  const run = spawnSync("duplicates", ["--repo", root, "--most", "200", "--seconds", "120"], {
    encoding: "utf8",
  });
  if (run.error) {
    record(
      "duplicates report <= baseline",
      "skipped",
      `the duplicates command is not on this machine (${run.error.code})`,
    );
    return;
  }
  const first = (run.stdout ?? "").split("\n")[0] ?? "";
  const incomplete = (run.stdout ?? "").split("\n").find((l) => l.startsWith("incomplete:"));
  const pairs = /^no duplicates/.test(first) ? 0 : Number(/^(\d+) pairs?/.exec(first)?.[1] ?? Number.NaN);
  if (!Number.isFinite(pairs) || incomplete) {
    record("duplicates report <= baseline", "failed", `could not read the report: ${incomplete ?? first}`);
    return;
  }
  // Generated code (the client types openapi-typescript writes) and test snapshots (the e-mails
  // one renderer wrote, under __snapshots__/) are not ours to factor: their pairs do not count.
  // Rows past --most are unknown, so they still count (stricter, never looser).
  const generated = (run.stdout ?? "")
    .split("\n")
    .filter(
      (l) => /^D\d+ /.test(l) && /(^|\/)(generated|__snapshots__)\//.test(l.split(" (")[0] ?? ""),
    ).length;
  const counted = pairs - generated;
  const ok = counted <= baseline;
  record(
    "duplicates report <= baseline",
    ok ? "passed" : "failed",
    `${counted} pairs (${generated} more in generated code), baseline ${baseline}${ok ? "" : " (run `duplicates --most 40` and remove the new repeats)"}`,
  );
}

function openapiLint() {
  const bin = path.join(root, "node_modules", ".bin", "redocly");
  const run = spawnSync(bin, ["lint", "openapi.json", "--format=summary"], { cwd: root, encoding: "utf8" });
  if (run.error) {
    record(
      "redocly lint openapi.json",
      "failed",
      `could not run redocly (${run.error.code}): install the dependencies`,
    );
    return;
  }
  const out = `${run.stdout ?? ""}${run.stderr ?? ""}`;
  const counts = (out.match(/Validation failed with [^\n.]*/) ??
    out.match(/You have \d+ warnings?/) ?? ["valid, 0 warnings"])[0];
  // Warnings fail too: each accepted one is listed, with its reason, in .redocly.lint-ignore.yaml.
  const warned = /You have \d+ warnings?/.test(out);
  const ok = run.status === 0 && !warned;
  record("redocly lint openapi.json", ok ? "passed" : "failed", counts || `exit ${run.status}`);
  if (warned) console.log(out);
  if (run.status !== 0)
    console.log(
      out
        .split("\n")
        .filter((l) => /error/.test(l))
        .join("\n"),
    );
}

function dbAccess() {
  // The check can fail: on a planted fixture it must find 2 writes, 1 read and 1 cross-module write.
  const planted = measureDbAccess(path.join(root, "scripts/budgets/fixtures/db-access"));
  const seen = [planted.writes.length, planted.reads.length, planted.crossWrites.length].join("/");
  record(
    "database-use check finds planted misuse",
    seen === "2/1/1" ? "passed" : "failed",
    `found ${seen} of 2/1/1`,
  );
  const { reads, writes, crossWrites } = measureDbAccess();
  const hint = "(node scripts/budgets/db-access.mjs --list shows where)";
  record(
    "0 database writes outside repositories",
    writes.length === 0 ? "passed" : "failed",
    writes.length === 0 ? "0 writes" : `${writes.length} writes: ${writes.slice(0, 5).join(", ")} ${hint}`,
  );
  record(
    "0 repositories writing another module's table",
    crossWrites.length === 0 ? "passed" : "failed",
    crossWrites.length === 0 ? "0" : `${crossWrites.length}: ${crossWrites.slice(0, 5).join(", ")} ${hint}`,
  );
  const baseline = Number(readFileSync(path.join(root, "scripts/budgets/db-access-baseline"), "utf8").trim());
  record(
    "database reads outside repositories <= baseline",
    reads.length <= baseline ? "passed" : "failed",
    `${reads.length} reads, baseline ${baseline}${reads.length <= baseline ? "" : ` ${hint}`}`,
  );
}

loginScript();
duplicates();
dbAccess();
openapiLint();

const count = (s) => results.filter((r) => r.status === s).length;
const [passed, failed, skipped] = [count("passed"), count("failed"), count("skipped")];
if (reportFile) {
  writeFileSync(
    reportFile,
    JSON.stringify({
      numTotalTests: results.length,
      numPassedTests: passed,
      numFailedTests: failed,
      numPendingTests: skipped,
      testResults: [],
      budgets: results,
    }),
  );
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed ? 1 : 0);
