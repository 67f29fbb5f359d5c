import { expect, test } from "@playwright/test";
import { checkA11y } from "./axe";
import { login } from "./helpers";

test("a premium user logs in and sees the greeting and the shell", async ({ page }) => {
  await login(page, "demo@example.org");
  const greeting = page.getByRole("dialog", { name: /^Good (morning|afternoon|evening), Alex$/ });
  await expect(greeting).toBeVisible();
  await checkA11y(page, "/dashboard with greeting");
  await greeting.getByRole("button", { name: "Continue" }).click();
  await expect(greeting).toBeHidden();

  await expect(page.getByTestId("header-name")).toHaveText("Alex Morgan");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const item of ["Dashboard", "Diary", "Reflection", "Entries", "Profile", "Portfolio", "Calendar"]) {
    await expect(nav.getByRole("link", { name: item, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  // Premium users have no usage gauge.
  await expect(page.getByRole("region", { name: "Usage" })).toHaveCount(0);
  await checkA11y(page, "/dashboard");

  // A page that later issues build says so instead of showing a blank screen.
  await nav.getByRole("link", { name: "CPD Hub", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "CPD Hub" })).toBeVisible();
  await expect(page.getByText("Coming soon")).toBeVisible();
  await checkA11y(page, "/videos");
});

test("a wrong password shows the server message and clears the form", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel(/^Email/).fill("demo@example.org");
  await page.getByLabel(/^Password/).fill("not-the-password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toContainText(/./);
  await expect(page.getByLabel(/^Email/)).toHaveValue("");
  await expect(page.getByLabel(/^Password/)).toHaveValue("");
  await checkA11y(page, "/login with error");
});

test("the guard sends logged-out visitors to login and back to the page they wanted", async ({ page }) => {
  await page.goto("/settings");
  await page.waitForURL(/\/login/);
  await page.getByLabel(/^Email/).fill("demo@example.org");
  await page.getByLabel(/^Password/).fill("Password123!");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL("**/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByLabel("Log me out after 15 minutes of inactivity")).toBeVisible();
  await page.getByRole("dialog", { name: /^Good/ }).getByRole("button", { name: "Continue" }).click();
  await checkA11y(page, "/settings");
  await page.goto("/account-management");
  await expect(page.getByRole("heading", { level: 2, name: "Change password" })).toBeVisible();
  await checkA11y(page, "/account-management");
});
