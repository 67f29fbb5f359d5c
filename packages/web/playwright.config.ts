import { defineConfig, type ReporterDescription } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS } from "./scripts/chromium.mjs";

// Browser tests run against a real server (built SPA + API); each test creates its own users in
// the API's database (e2e/users.ts, DATABASE_URL) and fixes the page's clock (e2e/helpers.ts).
const reporter: ReporterDescription[] = [["list"]];
if (process.env.PLAYWRIGHT_JSON_OUTPUT_NAME) {
  reporter.push(["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME }]);
}

export default defineConfig({
  testDir: "e2e",
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter,
  use: {
    baseURL: process.env.E2E_BASE_URL ?? "http://localhost:3000",
    locale: "en-GB",
    timezoneId: "Europe/London",
    trace: "retain-on-failure",
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  projects: [{ name: "chromium", use: { browserName: "chromium", viewport: { width: 1280, height: 900 } } }],
});
