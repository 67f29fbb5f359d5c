import { expect, type Page, test } from "@playwright/test";
import { checkA11y } from "./axe";
import { dismissGreeting, login, londonDay, openNewDiary, pick, stamp } from "./helpers";
import { createUser } from "./users";

async function newUserOnNewDiary(page: Page) {
  await login(page, await createUser());
  await dismissGreeting(page);
  await openNewDiary(page);
}

test("an empty diary save lists every required field in one alert, which takes the focus", async ({
  page,
}) => {
  await newUserOnNewDiary(page);
  await page.getByRole("button", { name: "Save", exact: true }).click();

  const alert = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(alert).toBeVisible();
  await expect(alert).toBeFocused();
  await expect(alert.getByRole("link")).toHaveText([
    "The Title field is not provided",
    "The Date of activity field is not provided",
    "The Hours field is not provided",
    "The Activity type field is not provided",
    "The Category field is not provided",
  ]);
  // Each field says it is invalid, and its message is read with it.
  await expect(page.getByLabel(/^Title/)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel(/^Title/)).toHaveAccessibleDescription(/The Title field is not provided/);
  await checkA11y(page, "/create/diary with the error summary");

  // A link takes the user to its field; filling it removes it from the list.
  await alert.getByRole("link", { name: "The Date of activity field is not provided" }).click();
  await expect(page.getByLabel(/^Date of activity/)).toBeFocused();
  await page.getByLabel(/^Title/).fill("Half done");
  await expect(alert.getByRole("link")).toHaveCount(4);
  await expect(page.getByLabel(/^Title/)).not.toHaveAttribute("aria-invalid", "true");
});

test("a new diary entry saved with a tag shows that tag when reopened", async ({ page }) => {
  const id = stamp();
  const title = `E2E tagged ${id}`;
  const tag = `e2e-${id}`;
  await newUserOnNewDiary(page);
  await page.getByLabel(/^Title/).fill(title);
  await page.getByLabel(/^Date of activity/).fill(londonDay().split("-").reverse().join("/"));
  await page.getByLabel("Hours: hours").selectOption("1");
  await pick(page, "Activity type", "Self-directed learning");
  await pick(page, "Category", "Clinical Education");
  await page.getByLabel("New tag").fill(tag);
  await page.getByLabel("New tag").press("Enter");
  await expect(page.getByRole("list", { name: "Your tags" }).getByText(tag, { exact: true })).toBeVisible();
  // Enter in the tag field added the tag; it did not save the entry.
  await expect(page).toHaveURL(/\/create\/diary$/);
  await checkA11y(page, "/create/diary with a tag");

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Entry saved successfully")).toBeVisible();
  await page.waitForURL(/\/edit\/diary\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Failed to save tags")).toHaveCount(0);

  // Reopened from the list, the entry has its tag.
  await page.goto(`/entries?search=${id}`);
  // The title cell lists the entry's tags under the title.
  await expect(page.getByRole("cell", { name: new RegExp(`^${title}`) })).toContainText(tag);
  await checkA11y(page, "/entries with the tagged entry");
  await page.getByRole("button", { name: `Actions for ${title}` }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Diary Entry" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Your tags" }).getByText(tag, { exact: true })).toBeVisible();
  await checkA11y(page, "/edit/diary with its tag");
});
