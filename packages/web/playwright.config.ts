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
  // Two browsers at once: each test makes its own users, and one browser leaves a third of two
  // cores idle while pages wait on the API (the suite: 1,434 s with one, about 600 s with two).
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter,
  use: {
    baseURL: process.env.E2E_BASE_URL ?? "http://localhost:3000",
    locale: "en-GB",
    timezoneId: "Europe/London",
    // A trace records a screencast and DOM snapshots of every test: about a fifth of the browser
    // tests' time on two cores. ./scripts/test sets E2E_TRACE=off (its test-results are not kept).
    trace: traceMode(process.env.E2E_TRACE),
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  projects: [{ name: "chromium", use: { browserName: "chromium", viewport: { width: 1280, height: 900 } } }],
});
