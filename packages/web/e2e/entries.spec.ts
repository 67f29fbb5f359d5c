import { expect, type Page, test } from "@playwright/test";
import { apiCreateDiary, apiShare, pageToken, pdfBuffer } from "./api";
import { checkA11y, transitionsEnded } from "./axe";
import {
  dismissGreeting,
  fillDiary,
  login,
  londonDay,
  openFromMenu,
  openNewDiary,
  pick,
  stamp,
} from "./helpers";
import { apiToken, createUser } from "./users";

async function openRowActions(page: Page, title: string) {
  await page.getByRole("button", { name: `Actions for ${title}` }).click();
}

test("create a diary entry with evidence, see the dashboard count it, find it in the list and preview its PDF", async ({
  page,
}) => {
  // The longest walk of the suite (upload, PDF preview, delete): 30-45 s on a quiet machine.
  test.slow();
  const id = stamp();
  const title = `E2E diary ${id}`;
  const evidence = `e2e-evidence-${id}`;
  const today = londonDay();
  const ukToday = today.split("-").reverse().join("/");
  await login(page, await createUser());
  await dismissGreeting(page);
  // The dashboard has loaded (and cached) the new user's statistics.
  await expect(page.getByTestId("stat-value-Total Entries")).toHaveText("0");
  await openNewDiary(page);

  // Saving without the required fields names the first one and keeps the page.
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The Title field is not provided" })).toBeVisible();
  await checkA11y(page, "/create/diary with the required-field alert");

  await fillDiary(page, title, ukToday);
  await page.getByRole("textbox", { name: "Description" }).fill("Sepsis screening tools in the community.");
  const toolbar = page.getByRole("toolbar", { name: "Formatting for Description" });
  await toolbar.getByRole("button", { name: "Bold" }).click();
  await expect(toolbar.getByRole("button", { name: "Bold" })).toHaveAttribute("aria-pressed", "true");

  await page.locator('input[type="file"]').setInputFiles({
    name: `${evidence}.pdf`,
    mimeType: "application/pdf",
    buffer: pdfBuffer(),
  });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(
    page.getByRole("list", { name: "Attached evidence" }).getByRole("listitem").filter({ hasText: evidence }),
  ).toBeVisible();
  await checkA11y(page, "/create/diary with evidence");

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Entry saved successfully")).toBeVisible();
  await page.waitForURL(/\/edit\/diary\/[0-9a-f-]{36}$/);
  // Saved with no further edits: the preview is available.
  await expect(page.getByRole("button", { name: "Preview" })).toBeEnabled();

  // Back on the dashboard (no reload), the statistics count the new entry.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Dashboard", exact: true })
    .click();
  await expect(page.getByTestId("stat-value-Total Entries")).toHaveText("1");
  await expect(page.getByTestId("stat-value-Hours Logged")).toHaveText("1.3");

  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Entries", exact: true })
    .click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Summary of all your CPD Activities" }),
  ).toBeVisible();
  await checkA11y(page, "/entries");
  await page.getByRole("searchbox", { name: "Search" }).fill(id);
  await expect(page).toHaveURL(new RegExp(`search=${id}`));
  await pick(page, "Entry type", "Diary");
  // Picking a type keeps the search (it used to drop it).
  await expect(page).toHaveURL(new RegExp(`\\?search=${id}&type=diary$`));
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue(id);
  await expect(page.getByRole("cell", { name: title, exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: ukToday })).toBeVisible();
  // A filter that excludes it empties the list.
  await pick(page, "Entry type", "Reflection");
  await expect(page).toHaveURL(new RegExp(`\\?search=${id}&type=reflection$`));
  await expect(page.getByText("No entries found")).toBeVisible();
  await pick(page, "Entry type", "Diary");
  await expect(page.getByRole("cell", { name: title, exact: true })).toBeVisible();

  await openRowActions(page, title);
  await page.getByRole("menuitem", { name: "Preview" }).click();
  const preview = page.getByRole("dialog", { name: `Preview: ${title}` });
  await expect(preview.getByTestId("pdf-page")).toHaveText(/^Page 1 of \d+$/);
  await expect(preview.getByRole("button", { name: "Print" })).toBeEnabled();
  await expect(preview.getByRole("link", { name: "Open in new tab" })).toHaveAttribute("href", /auth_token=/);
  await checkA11y(page, "/entries with the PDF preview");
  await preview.getByRole("button", { name: "Close" }).click();

  await openRowActions(page, title);
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete entry" });
  // The answer to the DELETE is awaited and checked, so a failure says whether the call was made
  // and what the API answered (a run on 2026-11-27 saw no toast and could not tell).
  const deleted = page.waitForResponse(
    (r) => r.request().method() === "DELETE" && r.url().includes("/api/entries/"),
  );
  // The dialog scales in: a click while it moves can press on the button and release beside it,
  // which focuses the button but clicks nothing (the CI run of 2026-11-27: no DELETE was sent).
  await expect(confirm).toBeVisible();
  await transitionsEnded(page);
  await confirm.getByRole("button", { name: "Delete" }).click();
  expect((await deleted).status()).toBe(200);
  await expect(confirm).toBeHidden();
  await expect(page.getByText("Deleted Successfully")).toBeVisible();
  await expect(page.getByText("No entries found")).toBeVisible();
});

test("share a diary entry, upvote another member's card, then stop sharing", async ({ page, request }) => {
  const id = stamp();
  const title = `E2E shared ${id}`;
  // Another member's card, to upvote.
  const other = await createUser({ firstName: "Jo" });
  const otherToken = await apiToken(request, other);
  const otherTitle = `E2E other ${id}`;
  await apiShare(request, otherToken, await apiCreateDiary(request, otherToken, otherTitle), otherTitle);

  await login(page, await createUser());
  await dismissGreeting(page);
  await apiCreateDiary(request, await pageToken(page), title);
  await page.goto(`/entries?search=${id}`);
  await openRowActions(page, title);
  await page.getByRole("menuitem", { name: "Share" }).click();
  const dialog = page.getByRole("dialog", { name: "Share to Shared CPD" });
  await expect(dialog.getByLabel(/^Title/)).toHaveValue(title);
  await dialog.getByLabel(/^Website/).fill("not a link");
  await dialog.getByRole("button", { name: "Share", exact: true }).click();
  await expect(
    dialog.getByText("Please enter a valid website address, starting with http(s)://"),
  ).toBeVisible();
  await checkA11y(page, "/entries with the share modal");
  await dialog.getByLabel(/^Website/).fill("https://www.example.org/sepsis-e2e");
  await dialog.getByLabel(/^Description/).fill("A short, free module on sepsis screening.");
  await dialog.getByLabel(/^Category/).selectOption("Clinical Education");
  await dialog.getByLabel(/^I agree that the above does not contain any sensitive information/).check();
  await dialog.getByRole("button", { name: "Share", exact: true }).click();
  await expect(page.getByText("Shared Successfully")).toBeVisible();
  await expect(page.getByRole("cell", { name: new RegExp(`${title}.*Shared`) })).toBeVisible();

  await openFromMenu(page, "Shared CPD", "Shared CPD", "/shared-cpd");
  await page.getByRole("searchbox", { name: "Search" }).fill(title);
  const mine = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(mine).toBeVisible();
  // One's own card cannot be upvoted.
  await expect(mine.getByRole("button", { name: /^Helpful/ })).toHaveCount(0);

  await page.getByRole("searchbox", { name: "Search" }).fill(otherTitle);
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: otherTitle }) });
  const vote = card.getByRole("button", { name: /^Helpful/ });
  await expect(vote).toHaveAttribute("aria-pressed", "false");
  await expect(vote).toHaveText(/0$/);
  await vote.click();
  await expect(vote).toHaveAttribute("aria-pressed", "true");
  await expect(vote).toHaveText(/1$/);
  await vote.click();
  await expect(vote).toHaveAttribute("aria-pressed", "false");
  await expect(vote).toHaveText(/0$/);

  await page.goto(`/entries?search=${id}`);
  await openRowActions(page, title);
  await page.getByRole("menuitem", { name: "Stop sharing" }).click();
  await expect(page.getByText("Stopped Sharing")).toBeVisible();
  await openRowActions(page, title);
  await expect(page.getByRole("menuitem", { name: "Share" })).toBeVisible();
});

test("a trial member is refused a sixth diary entry and offered the upgrade", async ({ page, request }) => {
  const id = stamp();
  await login(page, await createUser({ tier: "BASIC", trialDaysLeft: 80 }));
  await dismissGreeting(page);
  const token = await pageToken(page);
  for (let i = 1; i <= 5; i++) await apiCreateDiary(request, token, `E2E trial ${id} ${i}`);

  await page.goto("/create/diary");
  await page.getByLabel(/^Title/).fill(`E2E trial ${id} 6`);
  await page.getByLabel(/^Date of activity/).fill("16/11/2026");
  await page.getByLabel("Hours: hours").selectOption("2");
  await pick(page, "Activity type", "Work-based learning");
  await pick(page, "Category", "Leadership");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const alert = page
    .getByRole("alert")
    .filter({ hasText: "Entry limit reached! Upgrade to continue adding entries" });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole("button", { name: "Upgrade to Premium" })).toBeVisible();
  await checkA11y(page, "/create/diary at the trial limit");
  await expect(page).toHaveURL(/\/create\/diary$/);

  // Leave without saving, then delete one of the five through the list.
  await page.goto(`/entries?search=${encodeURIComponent(`E2E trial ${id} 1`)}`);
  await openRowActions(page, `E2E trial ${id} 1`);
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete entry" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Deleted Successfully")).toBeVisible();
  await expect(page.getByText("No entries found")).toBeVisible();
});
