// The patient-identifier guard while writing (ADR 0029): a pasted NHS number is underlined in the
// rich-text editor and listed with its reason; Redact replaces it, and the entry then shares.
// A diary entry: it is the entry type that shares to Shared CPD.
import { IDENTIFIER_MESSAGES } from "@cpd/contract";
import { withNhsCheckDigit } from "@cpd/contract/testing";
import { expect, test } from "@playwright/test";
import { checkA11y } from "./axe";
import { dismissGreeting, fillDiary, login, londonDay, openNewDiary, stamp, ukDate } from "./helpers";
import { createUser } from "./users";

test("a pasted NHS number is underlined with its reason; redacted, the entry shares", async ({ page }) => {
  const id = stamp();
  const title = `E2E identifier ${id}`;
  // First digits 4x: not a date of birth, so not read as a CHI number.
  const digits = withNhsCheckDigit("485777314");
  const written = `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;

  await login(page, await createUser());
  await dismissGreeting(page);
  await openNewDiary(page);
  await fillDiary(page, title, ukDate(londonDay()));

  const editor = page.getByRole("textbox", { name: "Description" });
  await editor.click();
  // Pasted, as the guard is meant for: a paste event carrying the text, as the clipboard sends it.
  await editor.evaluate((el, text) => {
    const data = new DataTransfer();
    data.setData("text/plain", text);
    el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, `Reviewed the notes of NHS ${written} with the team.`);

  await expect(editor.locator(".identifier-flag")).toHaveText(written);
  // The Description item (Field113) lists what its editor flags.
  const flags = page.locator("#item-Field113-identifiers");
  await expect(flags).toContainText(IDENTIFIER_MESSAGES["nhs-number"]);
  await expect(editor).toHaveAccessibleDescription(new RegExp(`“${written}”`));
  // Not saved yet: the entry has nowhere to remember a resolution.
  await expect(flags.getByRole("button", { name: "Not a patient identifier" })).toBeDisabled();
  await checkA11y(page, "/create/diary with a flagged NHS number");

  await flags.getByRole("button", { name: "Redact" }).click();
  await expect(editor).toHaveText("Reviewed the notes of NHS [redacted] with the team.");
  await expect(editor.locator(".identifier-flag")).toHaveCount(0);
  await expect(flags.getByRole("listitem")).toHaveCount(0);

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Entry saved successfully")).toBeVisible();
  await page.waitForURL(/\/edit\/diary\/[0-9a-f-]{36}$/);

  await page.goto(`/entries?search=${id}`);
  await page.getByRole("button", { name: `Actions for ${title}` }).click();
  await page.getByRole("menuitem", { name: "Share" }).click();
  const dialog = page.getByRole("dialog", { name: "Share to Shared CPD" });
  await expect(dialog.getByLabel(/^Title/)).toHaveValue(title);
  await dialog.getByLabel(/^Website/).fill("https://www.example.org/identifier-e2e");
  await dialog.getByLabel(/^Description/).fill("Notes on reviewing records without identifying anyone.");
  await dialog.getByLabel(/^Category/).selectOption("Clinical Education");
  await dialog.getByLabel(/^I agree that the above does not contain any sensitive information/).check();
  const shared = page.waitForResponse(
    (r) => r.request().method() === "POST" && /\/api\/shared-cpd\?/.test(r.url()),
  );
  await dialog.getByRole("button", { name: "Share", exact: true }).click();
  expect((await shared).status(), "the share's answer").toBe(200);
  await expect(page.getByText("Shared Successfully")).toBeVisible();
});
