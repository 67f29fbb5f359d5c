import { expect, test } from "@playwright/test";
import { checkA11y } from "./axe";
import { dismissGreeting, login } from "./helpers";
import { waitForMail } from "./mail";
import { createUser } from "./users";

const NEW_PASSWORD = `Reset-${Date.now()}!`;
const waitForResetLink = async (email: string, since: number) =>
  (await waitForMail(email, { since, pattern: /https?:\/\/[^\s"'<>]+\/reset-password\/[A-Za-z0-9_-]+/ }))[0];

test("forgot password: the e-mailed link sets a new password that logs in", async ({ page, baseURL }) => {
  const user = await createUser();
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot password" })).toBeVisible();
  await checkA11y(page, "/forgot-password");

  const since = Date.now();
  await page.getByLabel(/^Email/).fill(user.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  const sent = page.getByRole("status");
  await expect(sent).toContainText("Password Reset");
  await expect(sent).toContainText(
    "If an account exists for that email address, we have sent a link to reset the password.",
  );
  await checkA11y(page, "/forgot-password after sending");

  const link = new URL(await waitForResetLink(user.email, since));
  await page.goto(new URL(link.pathname, baseURL).toString());
  await expect(page.getByRole("heading", { name: "Set a new password" })).toBeVisible();
  await checkA11y(page, "/reset-password");
  await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
  await page.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Reset password" }).click();

  await page.waitForURL("**/login");
  const done = page.getByRole("status");
  await expect(done).toContainText("Success");
  await expect(done).toContainText("Your password has been reset. You can now log in with the new password.");
  await checkA11y(page, "/login after reset");

  await login(page, { email: user.email, password: NEW_PASSWORD });
  await dismissGreeting(page);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});
