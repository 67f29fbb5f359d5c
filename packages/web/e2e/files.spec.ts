import { expect, test } from "@playwright/test";
import { pdfBuffer } from "./api";
import { checkA11y } from "./axe";
import { dismissGreeting, login, londonDay, morningOf, openFromMenu } from "./helpers";
import { createUser } from "./users";

test("My Files: upload, rename and delete a file", async ({ page }) => {
  const id = `${Date.now().toString(36)}`;
  const name = `e2e-file-${id}`;
  await login(page, await createUser());
  await dismissGreeting(page);
  await openFromMenu(page, "My Files", "My Files", "/files");
  const upload = page.getByRole("button", { name: "Upload", exact: true });
  await expect(upload).toBeDisabled();

  // Over 10 MB is refused before any upload.
  await page.locator('input[type="file"]').setInputFiles({
    name: "too-big.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.alloc(10_485_761, 32),
  });
  await expect(page.getByText("The file size cannot exceed 10MB")).toBeVisible();
  await expect(upload).toBeDisabled();

  await page.locator('input[type="file"]').setInputFiles({
    name: `${name}.pdf`,
    mimeType: "application/pdf",
    buffer: pdfBuffer(),
  });
  await upload.click();
  await expect(page.getByText("File Uploaded")).toBeVisible();
  await page.getByLabel("Search by filename").fill(name);
  const row = page.getByRole("row").filter({ hasText: `${name}.pdf` });
  await expect(row).toBeVisible();
  await expect(row.getByText("None")).toBeVisible();

  await row.getByRole("button", { name: /^Rename/ }).click();
  const dialog = page.getByRole("dialog", { name: "Rename file" });
  await expect(dialog.getByLabel("New name")).toHaveValue(name);
  await checkA11y(page, "/files rename");
  await dialog.getByLabel("New name").fill(`${name} renamed`);
  await dialog.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByText("File Renamed")).toBeVisible();
  const renamedRow = page.getByRole("row").filter({ hasText: `${name} renamed.pdf` });
  await expect(renamedRow).toBeVisible();

  await renamedRow.getByRole("button", { name: /^Delete/ }).click();
  await page.getByRole("dialog", { name: "Delete file" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Deleted Successfully")).toBeVisible();
  await expect(page.getByText("No files uploaded")).toBeVisible();
});

test("Personal documents: a passport needs an expiry date; upload and delete one", async ({ page }) => {
  const name = `E2E passport ${Date.now().toString(36)}`;
  const today = londonDay();
  await login(page, await createUser(), { at: morningOf(today) });
  await dismissGreeting(page);
  await page.goto("/profile");
  await page.getByRole("tab", { name: "Personal Documents" }).click();
  await checkA11y(page, "/profile personal documents");

  await page.locator('input[type="file"][accept*=".pdf"]').setInputFiles({
    name: "scan.pdf",
    mimeType: "application/pdf",
    buffer: pdfBuffer("Passport"),
  });
  await page.getByLabel(/^Document name/).fill(name);
  await page.getByRole("combobox", { name: "Document type", exact: true }).click();
  await page.getByRole("option", { name: "Passport", exact: true }).click();
  await page.getByRole("button", { name: "Upload document" }).click();
  await expect(page.getByText("Please enter the expiry date for your document.")).toBeVisible();
  await checkA11y(page, "/profile personal documents with an error");

  // 20 days after the page's today: within 30 days, so the flashing warning.
  const soon = new Date(Date.parse(`${today}T00:00:00Z`) + 20 * 86_400_000).toISOString().slice(0, 10);
  const uk = soon.split("-").reverse().join("/");
  await page.getByLabel(/^Expiry date/).fill(uk);
  await page.getByRole("button", { name: "Upload document" }).click();
  await expect(page.getByText("Document Uploaded")).toBeVisible();
  const doc = page.getByRole("listitem").filter({ hasText: name });
  await expect(doc).toBeVisible();
  await expect(doc.getByText("Expires in 20 days", { exact: true })).toBeVisible();
  await checkA11y(page, "/profile with a document");

  await doc.getByRole("button", { name: /^Delete/ }).click();
  const confirm = page.getByRole("dialog", { name: "Delete document" });
  await expect(confirm).toContainText("cannot be undone");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Document Deleted")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: name })).toHaveCount(0);
});
