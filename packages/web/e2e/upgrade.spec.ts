import { expect, test } from "@playwright/test";
import { checkA11y } from "./axe";
import { dismissGreeting, login } from "./helpers";
import { createUser } from "./users";

test("a basic user sees locked items, the usage gauge and the upgrade modal", async ({ page }) => {
  // A free member whose trial has ended long ago (none recorded): no full access.
  await login(page, await createUser({ tier: "BASIC" }));
  await dismissGreeting(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  const portfolio = nav.getByRole("button", { name: "Portfolio (locked: Premium feature)" });
  await expect(portfolio).toBeVisible();
  await expect(page.getByRole("region", { name: "Usage" })).toContainText("Entries");
  await checkA11y(page, "/dashboard as a basic user");

  await portfolio.click();
  const modal = page.getByRole("dialog", { name: "Upgrade to Premium" });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText("Premium stores unlimited entries and generates a portfolio");
  await expect(modal).toContainText("£2.99");
  await expect(modal).toContainText("£24.99");
  await checkA11y(page, "upgrade modal");
  await modal.getByRole("button", { name: "Not now" }).click();
  await expect(modal).toBeHidden();
});
