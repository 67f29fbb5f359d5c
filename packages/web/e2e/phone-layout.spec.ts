// Phones (375 × 812): lists as cards with their actions in view rather than in a table scrolled
// sideways, filters folded away behind a button that counts them, a header that fits, and no
// sideways scrolling anywhere. Every test makes its own user and data; axe checks each screen.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { apiCreateDiary, pageToken, pdfBuffer } from "./api";
import { checkA11y } from "./axe";
import { dismissGreeting, login, pick, stamp } from "./helpers";
import { createUser } from "./users";

const PHONE = { width: 375, height: 812 };
test.use({ viewport: PHONE });

/** The element is shown and lies across the viewport's width, none of it off either side. */
async function expectWithinWidth(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, "its bounding box").not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
}

/** Nothing scrolls sideways, and the header's account button is whole, its chevron included. */
async function expectFitsPhone(page: Page) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, "the document's width").toBeLessThanOrEqual(PHONE.width);
  const account = page.getByRole("button", { name: /^Account menu for / });
  await expectWithinWidth(account);
  await expectWithinWidth(account.locator("svg").last());
}

test("on a phone the entries list is cards with their actions in view, and the filters fold away", async ({
  page,
}) => {
  const title = `E2E phone entry ${stamp()}`;
  await login(page, await createUser());
  await dismissGreeting(page);
  await apiCreateDiary(page.request, await pageToken(page), title);

  await page.goto("/entries");
  await expect(
    page.getByRole("heading", { level: 1, name: "Summary of all your CPD Activities" }),
  ).toBeVisible();
  const card = page.getByRole("list", { name: "1 entry" }).getByRole("listitem").filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  const actions = card.getByRole("button", { name: `Actions for ${title}` });
  await expectWithinWidth(actions);
  await expectFitsPhone(page);
  await checkA11y(page, "/entries on a phone");

  // The filters wait behind one button; opened, they offer the Entry type, and count what is picked.
  const filters = page.getByRole("button", { name: /^Filters\b/ });
  await expect(filters).toHaveText("Filters");
  await expect(filters).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("combobox", { name: "Entry type", exact: true })).toBeHidden();
  await filters.click();
  await expect(filters).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("combobox", { name: "Entry type", exact: true })).toBeVisible();
  await pick(page, "Entry type", "Diary");
  await expect(page).toHaveURL(/\/entries\?type=diary$/);
  await expect(filters).toHaveAccessibleName("Filters (1 active)");
  await expect(filters).toHaveAttribute("aria-expanded", "true");
  await expect(card).toBeVisible();
  await expectFitsPhone(page);
  await checkA11y(page, "/entries on a phone with the filters open");

  // The card's actions work from where they are.
  await actions.click();
  await expect(page.getByRole("menuitem", { name: "Preview" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menuitem", { name: "Preview" })).toBeHidden();
});

test("on a phone My Files is cards, with the Attached To badge and the actions in view", async ({ page }) => {
  const id = stamp();
  const title = `E2E phone evidence ${id}`;
  const filename = `e2e-phone-${id}.pdf`;
  await login(page, await createUser());
  await dismissGreeting(page);
  const token = await pageToken(page);
  const entryId = await apiCreateDiary(page.request, token, title);
  // Uploaded as evidence of the entry (the documented multipart upload), so it is attached to it.
  const res = await page.request.post(`/api/file/upload?entryId=${entryId}`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { file: { name: filename, mimeType: "application/pdf", buffer: pdfBuffer() } },
  });
  expect(res.status(), await res.text()).toBe(200);

  await page.goto("/files");
  await expect(page.getByRole("heading", { level: 1, name: "My Files" })).toBeVisible();
  const card = page.getByRole("list", { name: "1 file" }).getByRole("listitem").filter({ hasText: filename });
  await expect(card).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  await expectWithinWidth(card.getByRole("link", { name: `Diary: ${title} (edit the entry)` }));
  for (const action of ["Rename", "Preview", "Delete"]) {
    await expectWithinWidth(card.getByRole("button", { name: `${action} ${filename}` }));
  }
  await expectFitsPhone(page);
  await checkA11y(page, "/files on a phone");

  // An action works from the card.
  await card.getByRole("button", { name: `Rename ${filename}` }).click();
  const dialog = page.getByRole("dialog", { name: "Rename file" });
  await expect(dialog.getByLabel("New name")).toHaveValue(`e2e-phone-${id}`);
  await checkA11y(page, "/files on a phone, renaming");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
});
