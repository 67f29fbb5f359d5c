// Development aid: logs in and saves screenshots of the main screens at 375 and 1280 px.
// Usage: node scripts/screenshots.mjs [baseUrl] [email]  (PNGs go to /tmp/cpd-shots)
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";

const base = process.argv[2] ?? "http://localhost:3000";
const email = process.argv[3] ?? "demo@example.org";
const out = "/tmp/cpd-shots";
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
const tag = email.split("@")[0];
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
  for (const path of ["profile", "settings", "account-management", "diary"]) {
    await page.goto(`${base}/${path}`);
    await page.waitForTimeout(1000);
    await page.screenshot({ path: `${out}/${tag}-${path}-${width}.png`, fullPage: true });
  }
  if (width === 375) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}/${tag}-menu-${width}.png` });
  }
  await page.close();
}
await browser.close();
console.log(`screenshots in ${out}`);
