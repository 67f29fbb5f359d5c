import { expect, test } from "@playwright/test";
import { checkA11y } from "./axe";
import { dismissGreeting, login } from "./helpers";
import { createUser } from "./users";

test("a basic user sees locked items, the usage gauge and the upgrade modal", async ({ page }) => {
  // A free member whose trial has ended long ago (none recorded): no full access.
  await login(page, await createUser({ tier: "BASIC" }));
  await dismissGreeting(page);
  // Locked out (REQ-MEMBER-09): the upgrade modal opens by itself 1.5 s after the trial and deletion
  // lookups, saying when the account goes; the banner above every page says it too.
  const auto = page.getByRole("dialog", { name: "Upgrade to Premium" });
  await expect(auto).toContainText("Your free access has ended and your account is locked.");
  await expect(auto.getByRole("link", { name: "Upgrade to Premium (opens in a new tab)" })).toHaveAttribute(
    "target",
    "_blank",
  );
  await checkA11y(page, "automatic upgrade modal");
  await auto.getByRole("button", { name: "Not now" }).click();
  await expect(auto).toBeHidden();
  await expect(page.getByText("Your free access has ended")).toBeVisible();
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
