// Revalidation (issue 26): a registration set up in the browser, a record logged, and the
// progress it moves on the revalidation page and the dashboard card.
import { expect, type Page, test } from "@playwright/test";
import { checkA11y } from "./axe";
import { dismissGreeting, login, londonDay, openFromMenu, pick, plusDays, ukDate } from "./helpers";
import { createUser } from "./users";

/** Screenshots for a person to look at, only when asked for (REVALIDATION_SHOTS=1): none by default. */
async function shots(page: Page, name: string) {
  if (process.env.REVALIDATION_SHOTS !== "1") return;
  const size = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/shots/${name}-${width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

async function addRegistration(
  page: Page,
  r: { regulator: string; registers: RegExp[]; number: string; renewal: string },
) {
  await page.getByRole("button", { name: "Add a registration" }).click();
  await pick(page, "Regulator", r.regulator);
  await page.getByRole("combobox", { name: "Registers", exact: true }).click();
  for (const register of r.registers) await page.getByRole("option", { name: register }).click();
  await page.keyboard.press("Escape");
  await page.getByLabel(/^Registration number/).fill(r.number);
  await page.getByLabel(/^Renewal or revalidation date/).fill(ukDate(r.renewal));
  await page.getByRole("button", { name: "Save registrations" }).click();
  await expect(page.getByText("Registrations saved")).toBeVisible();
}

test("a nurse and midwife sets up an NMC registration and logs 100 practice hours", async ({ page }) => {
  const user = await createUser({ firstName: "Nia", profession: "Nurse" });
  await login(page, user);
  await dismissGreeting(page);
  await openFromMenu(page, "Revalidation", "Revalidation", "/revalidation without registrations");
  await expect(page.getByText("You have no registrations yet.")).toBeVisible();

  const today = londonDay();
  await addRegistration(page, {
    regulator: "Nursing and Midwifery Council (NMC)",
    registers: [/^Nurse/i, /^Midwife/i],
    number: "12A3456E",
    renewal: plusDays(today, 400),
  });
  const card = page.getByRole("region", { name: /Nursing and Midwifery Council \(12A3456E\)/ });
  await expect(card).toBeVisible();
  // Two registers: the practice hours are 450 for each.
  // An empty bar has no width, so it is in the page but not "visible".
  await expect(card.getByRole("progressbar", { name: /: 0 of 900 hours$/ })).toBeAttached();
  await checkA11y(page, "/revalidation with an NMC registration");

  await page.getByRole("button", { name: "Add a record" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a record" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/^First day/).fill(ukDate(plusDays(today, -60)));
  await dialog.getByLabel(/^Last day/).fill(ukDate(plusDays(today, -1)));
  await dialog.getByLabel(/^Hours/).fill("100");
  await dialog.getByLabel(/^Organisation/).fill("City Hospital");
  await checkA11y(page, "/revalidation adding a practice-hours record");
  await dialog.getByRole("button", { name: "Save record" }).click();
  await expect(dialog).toBeHidden();

  await expect(card.getByRole("progressbar", { name: /: 100 of 900 hours$/ })).toBeVisible();
  await expect(
    page.getByRole("row", { name: /Practice hours/ }).getByRole("cell", { name: "100" }),
  ).toBeVisible();
  await checkA11y(page, "/revalidation with a record");
  await shots(page, "revalidation-page");

  await openFromMenu(page, "Dashboard", "Dashboard", "/dashboard with a registration");
  const widget = page.getByRole("region", { name: "Revalidation", exact: true });
  await expect(widget.getByRole("progressbar", { name: /: 100 of 900 hours$/ })).toBeVisible();
  await expect(widget.getByText(/^Due in \d+ days, on /)).toBeVisible();
  await widget.scrollIntoViewIfNeeded();
  await shots(page, "dashboard-card");
  await widget.getByRole("link", { name: "See your revalidation" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Revalidation" })).toBeVisible();
});

test("a pharmacist's GPhC registration, set up from the profile, has a one-year cycle", async ({ page }) => {
  const user = await createUser({ firstName: "Priya", profession: "Pharmacist" });
  await login(page, user);
  await dismissGreeting(page);
  await openFromMenu(page, "Profile", "Profile", "/profile");
  await page.getByRole("tab", { name: "Registrations" }).click();
  await checkA11y(page, "/profile registrations tab");

  const renewal = plusDays(londonDay(), 200);
  await addRegistration(page, {
    regulator: "General Pharmaceutical Council (GPhC)",
    registers: [/pharmacist/i],
    number: "2087654",
    renewal,
  });

  await openFromMenu(page, "Revalidation", "Revalidation", "/revalidation with a GPhC registration");
  const card = page.getByRole("region", { name: /General Pharmaceutical Council \(2087654\)/ });
  const cycle = await card.getByText(/^Cycle: /).textContent();
  const [, from, to] = /^Cycle: (\d\d\/\d\d\/\d{4}) to (\d\d\/\d\d\/\d{4})$/.exec(cycle ?? "") ?? [];
  const iso = (uk = "") => uk.split("/").reverse().join("-");
  const days = (Date.parse(iso(to)) - Date.parse(iso(from))) / 86_400_000;
  expect(days, `a one-year cycle, from ${from} to ${to}`).toBeGreaterThanOrEqual(364);
  expect(days).toBeLessThanOrEqual(366);
  expect(iso(to)).toBe(renewal);
});
