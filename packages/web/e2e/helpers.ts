import { expect, type Page } from "@playwright/test";
import { checkA11y } from "./axe";

export const PASSWORD = "Password123!";

export async function login(page: Page, email: string, password = PASSWORD) {
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
