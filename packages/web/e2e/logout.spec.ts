import { expect, test } from "@playwright/test";
import { checkA11y } from "./axe";
import { dismissGreeting, login } from "./helpers";
import { createUser } from "./users";

test("logging out lands on the login page and ends the session", async ({ page }) => {
  const user = await createUser({ firstName: "Kim" });
  await login(page, user);
  await dismissGreeting(page);
  await page.getByRole("button", { name: `Account menu for Kim ${user.lastName}` }).click();
  await expect(page.getByRole("menuitem", { name: "Logout" })).toBeVisible();
  await checkA11y(page, "/dashboard with the account menu open");
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await page.waitForURL("**/login");
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();

  await page.goto("/dashboard");
  await page.waitForURL(/\/login/);
});
