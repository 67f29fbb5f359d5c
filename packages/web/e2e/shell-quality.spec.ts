// What a new user meets first: the greeting once per login, and dashboard figures that the
// entries list they open agrees with. Every test makes its own users and data; axe checks each page.
import { expect, type Page, test } from "@playwright/test";
import { apiCreateDiary, apiCreateSupervision } from "./api";
import { checkA11y } from "./axe";
import {
  dismissGreeting,
  fixPageClock,
  login,
  londonDay,
  morningOf,
  plusDays,
  shortStamp,
  skipMiniTour,
  submitLogin,
  twoFramesLater,
} from "./helpers";
import { apiToken, createUser } from "./users";

const greetingOf = (page: Page) => page.getByRole("dialog", { name: /^Good (morning|afternoon|evening)/ });

/** The signed-in shell has loaded the profile (the greeting would open with it) and shows no greeting. */
async function expectNoGreeting(page: Page, fullName: string) {
  await expect(page.getByTestId("header-name")).toHaveText(fullName);
  // The greeting's modal would mount in the same render as the name (its portal a layout effect
  // later): two painted frames on, it would be in the page.
  await twoFramesLater(page);
  await expect(greetingOf(page)).toHaveCount(0);
}

/** A statistic card's figure, once loaded. */
async function cardValue(page: Page, label: string): Promise<number> {
  const el = page.getByTestId(`stat-value-${label}`);
  await expect(el).toHaveText(/^\d+$/);
  return Number(await el.textContent());
}

/**
 * The entries list shows `expected` as its total in its table caption ("1 entry", "3 entries, page 1
 * of 2") with its answer in (not aria-busy). Waited for, not read once: the address changes before
 * the list renders for it, so right after a click the caption can still hold the previous answer
 * with the table not yet busy.
 */
async function expectListTotal(page: Page, expected: number) {
  const caption = page.locator("#entries-table-caption");
  await expect(caption).toHaveText(new RegExp(`^${expected} entr(y|ies)\\b`));
  await expect(page.locator("table:has(#entries-table-caption)")).toHaveAttribute("aria-busy", "false");
  await expect(caption).toHaveText(new RegExp(`^${expected} entr(y|ies)\\b`));
}

test("the greeting comes once, right after logging in: not after a reload, nor on a deep link", async ({
  page,
  browser,
}) => {
  const user = await createUser({ firstName: "Alex" });
  const fullName = `Alex ${user.lastName}`;
  await login(page, user);
  const greeting = greetingOf(page);
  await expect(greeting).toHaveAccessibleName("Good morning, Alex");
  await checkA11y(page, "/dashboard with the greeting");
  await dismissGreeting(page);

  // A reload keeps the session, and greets no more.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expectNoGreeting(page, fullName);
  await checkA11y(page, "/dashboard after a reload");

  // A page opened from its address in the same session.
  await page.goto("/calendar");
  await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
  await expectNoGreeting(page, fullName);
  await checkA11y(page, "/calendar opened from its address");

  // A deep link in a new browser: the login goes on to the page asked for, with no greeting over it.
  const context = await browser.newContext();
  const other = await context.newPage();
  await fixPageClock(other, morningOf(londonDay()));
  await skipMiniTour(other);
  await other.goto("/settings");
  await other.waitForURL(/\/login\?redirect=/);
  await expect(other.getByRole("heading", { name: "Log in" })).toBeVisible();
  await checkA11y(other, "/login from a deep link");
  await submitLogin(other, user);
  await other.waitForURL("**/settings");
  await expect(other.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expectNoGreeting(other, fullName);
  await checkA11y(other, "/settings after a deep-link login");

  // That login's greeting was used up by the page asked for: the dashboard does not greet later.
  await other
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Dashboard", exact: true })
    .click();
  await expect(other.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expectNoGreeting(other, fullName);
  await checkA11y(other, "/dashboard after a deep-link login");
  await context.close();
});

test("a statistic card opens the entries list it counts: the list's total is the card's number", async ({
  page,
  request,
}) => {
  const id = shortStamp();
  const user = await createUser();
  const token = await apiToken(request, user);
  const today = londonDay();
  // In the last 12 months: a diary entry and a supervision record. Before them: a diary entry two
  // years ago. After today: planned CPD, which no period counts (the list used to show it).
  await apiCreateDiary(request, token, `E2E card today ${id}`);
  await apiCreateSupervision(request, token, `E2E card supervision ${id}`);
  await apiCreateDiary(request, token, `E2E card two years ago ${id}`, plusDays(today, -730));
  await apiCreateDiary(request, token, `E2E card planned ${id}`, plusDays(today, 30));

  await login(page, user);
  await dismissGreeting(page);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  // The default period, 12 months: Diary Entries.
  const diary = await cardValue(page, "Diary Entries");
  expect(diary).toBe(1);
  await checkA11y(page, "/dashboard");
  await page.getByRole("link", { name: /Diary Entries/ }).click();
  await expect(page).toHaveURL(/\/entries\?type=diary&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  await expectListTotal(page, diary);
  await expect(
    page.getByText(new RegExp(`^Entries dated .* to ${today.split("-").reverse().join("/")}$`)),
  ).toBeVisible();
  await expect(page.getByRole("cell", { name: `E2E card today ${id}`, exact: true })).toBeVisible();
  await checkA11y(page, "/entries of the Diary Entries card");

  // Lifetime: Total Entries, up to today.
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await page.getByLabel("Period").selectOption({ label: "Lifetime" });
  await expect(page.getByTestId("stat-value-Total Entries")).toHaveText("3");
  const total = await cardValue(page, "Total Entries");
  await checkA11y(page, "/dashboard, lifetime");
  await page.getByRole("link", { name: /Total Entries/ }).click();
  await expect(page).toHaveURL(new RegExp(`/entries\\?to=${today}$`));
  await expectListTotal(page, total);
  await expect(page.getByRole("cell", { name: `E2E card planned ${id}`, exact: true })).toHaveCount(0);
  await checkA11y(page, "/entries of the lifetime Total Entries card");

  // Clear filters shows everything again, planned CPD included.
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/entries$/);
  await expectListTotal(page, total + 1);
  await checkA11y(page, "/entries without filters");
});
