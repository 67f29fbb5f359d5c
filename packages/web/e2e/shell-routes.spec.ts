import { expect, test } from "@playwright/test";
import { checkA11y } from "./axe";
import { dismissGreeting, login } from "./helpers";
import { createUser } from "./users";

test("an older auth address opens the login page and an unknown address lands on /", async ({ page }) => {
  await page.goto("/v2/auth/login");
  await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
  await page.goto("/v2/auth/forgot-password");
  await expect(page.getByRole("heading", { level: 1, name: "Forgot password" })).toBeVisible();
  await checkA11y(page, "/v2/auth/forgot-password");

  // Signed out, / asks for a login; signed in, it is the dashboard.
  await page.goto("/no/such/page");
  await expect(page).not.toHaveURL(/no\/such\/page/);
  await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
});

test("signed in, an unknown address opens the dashboard, and the entries list has its tour", async ({
  page,
}) => {
  await login(page, await createUser());
  await dismissGreeting(page);
  await page.goto("/no/such/page");
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto("/entries");
  await page.getByRole("button", { name: "Show tour" }).click();
  const first = page.getByRole("dialog", { name: "New diary entry" });
  await expect(first).toBeVisible();
  await expect(first).toContainText("Step 1 of 3");
  await checkA11y(page, "/entries with a tour step open");
  await first.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("dialog", { name: "Filters" })).toBeVisible();
  await page.getByRole("dialog", { name: "Filters" }).getByRole("button", { name: "Next" }).click();
  const last = page.getByRole("dialog", { name: "Your entries" });
  await expect(last).toContainText("Step 3 of 3");
  await last.getByRole("button", { name: "Finish" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
