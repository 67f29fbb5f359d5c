import { defineConfig, type ReporterDescription } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS } from "./scripts/chromium.mjs";

// Browser tests run against a real server (built SPA + API); each test creates its own users in
// the API's database (e2e/users.ts, DATABASE_URL) and fixes the page's clock (e2e/helpers.ts).
const reporter: ReporterDescription[] = [["list"]];
if (process.env.PLAYWRIGHT_JSON_OUTPUT_NAME) {
  reporter.push(["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME }]);
}

const TRACE_MODES = ["off", "on", "retain-on-failure", "on-first-retry"] as const;
function traceMode(value: string | undefined): (typeof TRACE_MODES)[number] {
  if (value === undefined || value === "") return "retain-on-failure";
  const mode = TRACE_MODES.find((m) => m === value);
  if (!mode) throw new Error(`E2E_TRACE must be one of ${TRACE_MODES.join(", ")}, not "${value}"`);
  return mode;
}

export default defineConfig({
  testDir: "e2e",
  // Two browsers at once: each test makes its own users, and one browser left 28 % of two cores
  // idle while pages waited on the API (18 tests without traces: 186 s with one, 149 s with two).
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter,
  use: {
    baseURL: process.env.E2E_BASE_URL ?? "http://localhost:3000",
    locale: "en-GB",
    timezoneId: "Europe/London",
    // A trace records a screencast and DOM snapshots of every test, 20-30 % of the browser tests'
    // time on two cores; unset, E2E_TRACE keeps failures' traces (./scripts/test sets it to off).
    trace: traceMode(process.env.E2E_TRACE),
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  projects: [{ name: "chromium", use: { browserName: "chromium", viewport: { width: 1280, height: 900 } } }],
});
