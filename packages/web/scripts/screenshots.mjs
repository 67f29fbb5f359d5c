// Development aid: logs in and saves screenshots of the main screens at 375 and 1280 px.
// Usage: node scripts/screenshots.mjs [baseUrl] [email]  (PNGs go to /tmp/cpd-shots)
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";
import { CHROMIUM_LAUNCH_OPTIONS } from "./chromium.mjs";

const base = process.argv[2] ?? "http://localhost:3000";
const email = process.argv[3] ?? "demo@example.org";
const out = "/tmp/cpd-shots";
mkdirSync(out, { recursive: true });
const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
const tag = email.split("@")[0];

/** Opens the entries list and picks `item` from the first entry's actions menu. */
async function firstEntryAction(page, item) {
  await page.goto(`${base}/entries`);
  await page
    .getByRole("button", { name: /^Actions for / })
    .first()
    .click();
  await page.getByRole("menuitem", { name: item }).click();
}
for (const width of [1280, 375]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(`${base}/login`);
  await page.screenshot({ path: `${out}/${tag}-login-${width}.png`, fullPage: true });
  await page.getByLabel("Email").fill(email);
  await page.getByLabel(/^Password/).fill("Password123!");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL("**/dashboard");
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/${tag}-greeting-${width}.png` });
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/${tag}-dashboard-${width}.png`, fullPage: true });
  page.on("console", (m) => m.type() === "error" && console.log(`[${width}] console: ${m.text()}`));
  page.on("pageerror", (e) => console.log(`[${width}] page error: ${e.message}`));
  for (const path of [
    "profile",
    "settings",
    "account-management",
    "entries",
    "create/diary",
    "create/reflection",
    "files",
    "shared-cpd",
  ]) {
    await page.goto(`${base}/${path}`);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${out}/${tag}-${path.replace("/", "-")}-${width}.png`, fullPage: true });
  }
  // The Personal Documents tab of the profile.
  await page.goto(`${base}/profile`);
  await page.getByRole("tab", { name: "Personal Documents" }).click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/${tag}-documents-${width}.png`, fullPage: true });
  // An existing entry in its form, and its PDF preview from the list.
  await firstEntryAction(page, "Edit");
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${out}/${tag}-edit-entry-${width}.png`, fullPage: true });
  await firstEntryAction(page, "Preview");
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `${out}/${tag}-preview-${width}.png` });
  await page.keyboard.press("Escape");
  await page.waitForTimeout(300);
  if (width === 375) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}/${tag}-menu-${width}.png` });
  }
  await page.close();
}
await browser.close();
console.log(`screenshots in ${out}`);
