import { expect, type Page } from "@playwright/test";
import { checkA11y } from "./axe";

export const PASSWORD = "Password123!";

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

export async function login(
  page: Page,
  email: string,
  password = PASSWORD,
  { miniTour = false }: { miniTour?: boolean } = {},
) {
  if (!miniTour) await skipMiniTour(page);
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  await checkA11y(page, "/login");
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL("**/dashboard");
}

/** The greeting overlay opens once per login; close it so the shell can be used. */
export async function dismissGreeting(page: Page) {
  const greeting = page.getByRole("dialog", { name: /^Good (morning|afternoon|evening)/ });
  await expect(greeting).toBeVisible();
  await greeting.getByRole("button", { name: "Continue" }).click();
  await expect(greeting).toBeHidden();
}
