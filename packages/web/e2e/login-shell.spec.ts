import { LIFECYCLE_MESSAGES } from "@cpd/contract";
import { expect, test } from "@playwright/test";
import { checkA11y } from "./axe";
import { login, londonDay, morningOf, submitLogin } from "./helpers";
import { createUser } from "./users";

test("a premium user logs in and sees the greeting and the shell", async ({ page }) => {
  const user = await createUser({ tier: "PREMIUM", firstName: "Alex", lastName: "Morgan" });
  const morning = morningOf(londonDay());
  await login(page, user, { at: morning });
  const greeting = page.getByRole("dialog", { name: "Good morning, Alex" });
  await expect(greeting).toBeVisible();
  await checkA11y(page, "/dashboard with greeting");
  // It hides itself six seconds later by the page's clock.
  await page.clock.setFixedTime(new Date(morning.getTime() + 6_500));
  await expect(greeting).toBeHidden();

  await expect(page.getByTestId("header-name")).toHaveText(`Alex ${user.lastName}`);
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const item of ["Dashboard", "Diary", "Reflection", "Entries", "Profile", "Portfolio", "Calendar"]) {
    await expect(nav.getByRole("link", { name: item, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  // Premium users have no usage gauge.
  await expect(page.getByRole("region", { name: "Usage" })).toHaveCount(0);
  await checkA11y(page, "/dashboard");

  // The e-mail change history (REQ-CONTACT-03): none yet for a new account.
  await page.goto("/email-history");
  await expect(page.getByRole("heading", { level: 1, name: "Email change history" })).toBeVisible();
  await expect(page.getByText(LIFECYCLE_MESSAGES.noHistory)).toBeVisible();
  await checkA11y(page, "/email-history");
});

test("a wrong password shows the server message and clears the form", async ({ page }) => {
  const user = await createUser();
  await page.goto("/login");
  await page.getByLabel(/^Email/).fill(user.email);
  await page.getByLabel(/^Password/).fill("not-the-password");
  await page.getByRole("button", { name: "Log in" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Failed to sign in");
  await expect(alert).toContainText("The email address or password is incorrect");
  await expect(page.getByLabel(/^Email/)).toHaveValue("");
  await expect(page.getByLabel(/^Password/)).toHaveValue("");
  await checkA11y(page, "/login with error");
});

test("the guard sends logged-out visitors to login and back to the page they wanted", async ({ page }) => {
  const user = await createUser();
  await page.clock.setFixedTime(morningOf(londonDay()));
  await page.goto("/settings");
  await page.waitForURL(/\/login/);
  await submitLogin(page, user);
  await page.waitForURL("**/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByLabel("Log me out after 15 minutes of inactivity")).toBeVisible();
  // The greeting belongs to the landing page after a login, never over a page the user asked for.
  await expect(page.getByRole("dialog", { name: /^Good (morning|afternoon|evening)/ })).toHaveCount(0);
  await checkA11y(page, "/settings");
  await page.goto("/account-management");
  await expect(page.getByRole("heading", { level: 2, name: "Change password" })).toBeVisible();
  await checkA11y(page, "/account-management");
});
