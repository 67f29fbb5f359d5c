// Issue 11's signed-in screens against the real API: contact verification with the texted code
// (the fake SMS gateway lists what it was sent), scheduling and cancelling a deletion, deleting at
// once, exporting, and changing the e-mail address (which logs out).
import { LIFECYCLE_MESSAGES } from "@cpd/contract";
import { expect, test } from "@playwright/test";
import { pageToken } from "./api";
import { checkA11y } from "./axe";
import { dismissGreeting, login } from "./helpers";
import { createUser } from "./users";

const SMS_API_URL = process.env.SMS_API_URL ?? "http://127.0.0.1:4610";

test("a mobile number is verified with the texted code", async ({ page, request }) => {
  const user = await createUser();
  await login(page, user);
  await dismissGreeting(page);
  const token = await pageToken(page);
  const mobile = "07911 123457";
  const put = await request.put("/api/profile", {
    headers: { Authorization: `Bearer ${token}` },
    data: { firstName: user.firstName, lastName: user.lastName, mobileNumber: mobile },
  });
  expect(put.status(), await put.text()).toBe(200);

  await page.goto("/profile");
  const details = page.getByRole("region", { name: "Basic details" });
  await expect(details.getByText("Unverified")).toBeVisible();
  await details.getByRole("button", { name: "Verify mobile number" }).click();
  const dialog = page.getByRole("dialog", { name: "Verify mobile number" });
  const code = dialog.getByLabel(/^Verification code/);
  await expect(code).toBeFocused();
  await expect(dialog).toContainText(LIFECYCLE_MESSAGES.codeSentMobile);
  await checkA11y(page, "verify mobile modal");

  const texts = (await (await request.get(`${SMS_API_URL}/v1/messages`)).json()) as { body: string }[];
  const sent = texts.map((t) => /\b(\d{6})\b/.exec(t.body)?.[1]).find(Boolean);
  expect(sent, "a 6-digit code in the newest text").toBeTruthy();

  await code.fill(sent === "000000" ? "111111" : "000000");
  await dialog.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Failed to verify mobile number")).toBeVisible();
  await expect(dialog).toContainText(LIFECYCLE_MESSAGES.codeWrong);

  await code.fill(sent as string);
  await dialog.getByRole("button", { name: "Verify" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(LIFECYCLE_MESSAGES.mobileVerified).first()).toBeVisible();
  await expect(details.getByText("Unverified")).toHaveCount(0);
  await expect(details.getByRole("button", { name: "Verify mobile number" })).toHaveCount(0);
});

test("a deletion is scheduled, shown everywhere, cancelled, then the account is deleted at once", async ({
  page,
}) => {
  const user = await createUser();
  await page.setViewportSize({ width: 375, height: 800 });
  await login(page, user);
  await dismissGreeting(page);
  await page.goto("/account-management");
  const card = page.getByRole("region", { name: "Delete account" });
  const when = card.getByLabel("When should your account be deleted?");
  await expect(when).toHaveValue("7");
  await when.selectOption("30");
  await card.getByRole("button", { name: "Schedule deletion" }).click();
  await expect(card.getByText(LIFECYCLE_MESSAGES.deletionConfirm)).toBeVisible();
  await card.getByRole("checkbox", { name: /I understand/ }).check();
  await card.getByRole("button", { name: "Schedule deletion" }).click();
  await expect(
    card.getByText(/^Your account is scheduled to be deleted on \d\d\/\d\d\/\d{4}\.$/),
  ).toBeVisible();
  await expect(page.getByText(/^Your account will be deleted on \d{1,2} \w+ \d{4}\.$/)).toBeVisible();
  await checkA11y(page, "/account-management with a scheduled deletion (375 px)");

  await page.goto("/dashboard");
  await expect(page.getByText("Your account is scheduled for deletion")).toBeVisible();
  await page.getByRole("link", { name: "Manage in Account Management" }).click();
  await card.getByRole("button", { name: "Cancel deletion" }).click();
  await expect(card.getByText(/scheduled to be deleted/)).toHaveCount(0);

  await card.getByLabel("When should your account be deleted?").selectOption("now");
  await card.getByRole("checkbox", { name: /I understand/ }).check();
  await card.getByRole("button", { name: "Delete my account now" }).click();
  await page.waitForURL("**/login");
  await expect(page.getByText(LIFECYCLE_MESSAGES.deletedNow)).toBeVisible();
});

test("an export is requested, and a change of e-mail logs out with the server's message", async ({
  page,
}) => {
  const user = await createUser();
  await login(page, user);
  await dismissGreeting(page);
  await page.goto("/account-management");
  await checkA11y(page, "/account-management");
  const exportCard = page.getByRole("region", { name: "Export my data" });
  await exportCard.getByRole("button", { name: "Export my data" }).click();
  await expect(exportCard.getByText(LIFECYCLE_MESSAGES.exportRequested)).toBeVisible();

  const change = page.getByRole("region", { name: "Change email" });
  const button = change.getByRole("button", { name: "Change email" });
  await expect(button).toBeDisabled();
  await change.getByLabel(/^New email address/).fill(`new-${user.email}`);
  await change.getByLabel(/^Confirm new email address/).fill(`other-${user.email}`);
  await button.click();
  await expect(change.getByRole("alert")).toContainText(LIFECYCLE_MESSAGES.emailsDoNotMatch);
  await change.getByLabel(/^Confirm new email address/).fill(`new-${user.email}`);
  await button.click();
  await page.waitForURL("**/login");
  await expect(page.getByText(LIFECYCLE_MESSAGES.emailChangeSent)).toBeVisible();
});
