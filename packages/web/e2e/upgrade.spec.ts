import { randomUUID } from "node:crypto";
import { FEATURE_MESSAGES } from "@cpd/contract";
import { expect, test } from "@playwright/test";
import { pageToken } from "./api";
import { checkA11y } from "./axe";
import { dismissGreeting, login, twoFramesLater } from "./helpers";
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

test("a basic member reaching the portfolio builder by its address sees the upgrade modal; the API refuses", async ({
  page,
}) => {
  await login(page, await createUser({ tier: "BASIC" }));
  await dismissGreeting(page);
  // The shell's own expired-access prompt first (REQ-MEMBER-09).
  const auto = page.getByRole("dialog", { name: "Upgrade to Premium" });
  await expect(auto).toContainText("Your free access has ended");
  await auto.getByRole("button", { name: "Not now" }).click();
  await expect(auto).toBeHidden();

  // ADR 0020: the page is held to its sidebar item's lock.
  await page.goto("/portfolio-builder");
  const modal = page.getByRole("dialog", { name: "Upgrade to Premium" });
  await expect(modal).toContainText("Portfolio is part of Premium membership.");
  await expect(page.getByRole("heading", { level: 1, name: "Portfolio" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create PDF" })).toHaveCount(0);
  await expect(modal.getByRole("heading", { name: "Upgrade to Premium" })).toBeVisible();
  await twoFramesLater(page);
  await checkA11y(page, "/portfolio-builder as a basic member");
  await modal.getByRole("button", { name: "Not now" }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByText("Portfolio is part of Premium membership.")).toBeVisible();

  // The builder's calls are refused by the API with the same upgrade message (here: a build's
  // status, which is refused before the build is looked up).
  const res = await page.request.get(`/api/portfolio/v2/download/${randomUUID()}`, {
    headers: { Authorization: `Bearer ${await pageToken(page)}` },
  });
  expect(res.status()).toBe(403);
  expect((await res.json()).message).toBe(FEATURE_MESSAGES.upgrade);
});
