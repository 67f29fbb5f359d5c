import { expect, type Page } from "@playwright/test";
import { checkA11y } from "./axe";
import type { TestUser } from "./users";

export { PASSWORD } from "./users";

/** A unique suffix for names and addresses a test makes (time and a random part). */
export const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** A shorter, digits-only unique suffix (up to six digits). */
export const shortStamp = () => `${Date.now() % 1_000_000}`;

/** The day `n` days after an ISO day (YYYY-MM-DD), or before it for a negative `n`. */
export const plusDays = (isoDay: string, n: number) =>
  new Date(Date.parse(`${isoDay}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The day `days` days before an ISO day. */
export const daysBefore = (iso: string, days: number) => plusDays(iso, -days);

/** An ISO day as the app shows it: DD/MM/YYYY. */
export const ukDate = (iso: string) => iso.split("-").reverse().join("/");

/** Today in Europe/London as YYYY-MM-DD (by the real clock: the API's). */
export const londonDay = (d = new Date()) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(d);

/** 09:30 UTC on a London day: morning in London in summer and winter alike. */
export const morningOf = (isoDay: string) => new Date(`${isoDay}T09:30:00Z`);

/**
 * Fixes the page's clock (the app reads the time only through src/lib/clock.ts, so Date is
 * enough): its greeting, "today", countdowns and the greeting's auto-hide all follow this time.
 * Timers keep running.
 */
export async function fixPageClock(page: Page, at: Date) {
  await page.clock.setFixedTime(at);
}

/**
 * Resolves after the page has painted two more frames: what the app rendered (or a timer of its
 * set off) before the call, effects and portals included, is in the page by then.
 */
export async function twoFramesLater(page: Page) {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * Stores the dashboard's mini tour skip flag (under the app's one storage key) before any page
 * script runs, so the automatic mini tour does not cover the dashboard in other tests.
 */
export async function skipMiniTour(page: Page) {
  await page.addInitScript(() => {
    try {
      const raw = localStorage.getItem("cpd-state");
      const state = raw ? (JSON.parse(raw) as { prefs?: Record<string, unknown> }) : {};
      state.prefs = { ...state.prefs, miniTourSkipped: true };
      localStorage.setItem("cpd-state", JSON.stringify(state));
    } catch {
      // No storage on this document (about:blank).
    }
  });
}

/**
 * The login page is the same page before every test: axe checks it once per test worker, not in
 * about 70 identical scans; every-route-a11y.spec.ts and login-shell.spec.ts check it and its
 * error state as well.
 */
let loginPageChecked = false;

/**
 * Logs the user in through the form (the login page checked with axe once per worker) and waits
 * for the dashboard. The page's clock is fixed first (this morning unless `at` says otherwise).
 */
export async function login(
  page: Page,
  user: Pick<TestUser, "email" | "password">,
  { miniTour = false, at = morningOf(londonDay()) }: { miniTour?: boolean; at?: Date } = {},
) {
  await fixPageClock(page, at);
  if (!miniTour) await skipMiniTour(page);
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  if (!loginPageChecked) {
    await checkA11y(page, "/login");
    loginPageChecked = true;
  }
  await submitLogin(page, user);
  await page.waitForURL("**/dashboard");
}

/** Fills the login form on the page shown and sends it. */
export async function submitLogin(page: Page, user: Pick<TestUser, "email" | "password">) {
  await page.getByLabel(/^Email/).fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole("button", { name: "Log in" }).click();
}

/** Picks an option of a Mantine select by its label. */
export async function pick(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** Opens a page from the main menu and waits for its heading. */
export async function goFromMenu(page: Page, link: string, heading: string) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: link, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

/** Opens a page from the main menu, waits for its heading and checks it with axe. */
export async function openFromMenu(page: Page, link: string, heading: string, where: string) {
  await goFromMenu(page, link, heading);
  await checkA11y(page, where);
}

/** Opens a new diary entry from the main menu, checking the form with axe. */
export const openNewDiary = (page: Page) => openFromMenu(page, "Diary", "New Diary Entry", "/create/diary");

/** Fills a new diary entry's required fields: title, date (dd/mm/yyyy), 1 h 15 min of self-directed clinical education. */
export async function fillDiary(page: Page, title: string, date: string) {
  await page.getByLabel(/^Title/).fill(title);
  await page.getByLabel(/^Date of activity/).fill(date);
  await page.getByLabel("Hours: hours").selectOption("1");
  await page.getByLabel("Hours: minutes").selectOption("15");
  await pick(page, "Activity type", "Self-directed learning");
  await pick(page, "Category", "Clinical Education");
}

/** The greeting overlay opens once per login; close it so the shell can be used. */
export async function dismissGreeting(page: Page) {
  const greeting = page.getByRole("dialog", { name: /^Good (morning|afternoon|evening)/ });
  await expect(greeting).toBeVisible();
  await greeting.getByRole("button", { name: "Continue" }).click();
  await expect(greeting).toBeHidden();
}
