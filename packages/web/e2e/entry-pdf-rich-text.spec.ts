// ADR 0023: what the rich-text editor makes bold is bold in the entry's PDF. The member types a
// description with one bold word, saves, and the PDF the preview offers draws that word in the
// bold face and its neighbours in the regular one.
import { expect, test } from "@playwright/test";
import { inspectPdf } from "../../server/src/lib/pdf/inspect";
import { checkA11y } from "./axe";
import { dismissGreeting, fillDiary, login, londonDay, openNewDiary, stamp, ukDate } from "./helpers";
import { createUser } from "./users";

test("a word made bold in the editor is drawn in the bold font in the entry PDF", async ({ page }) => {
  // Login, the entry form, saving and rendering the PDF, each checked with axe: slow on a busy machine.
  test.slow();
  const id = stamp();
  const title = `E2E bold ${id}`;
  await login(page, await createUser());
  await dismissGreeting(page);
  await openNewDiary(page);
  await fillDiary(page, title, ukDate(londonDay()));

  const description = page.getByRole("textbox", { name: "Description" });
  const bold = page.getByRole("toolbar", { name: "Formatting for Description" }).getByRole("button", {
    name: "Bold",
  });
  await description.click();
  await page.keyboard.type("Plainbefore ");
  await bold.click();
  await expect(bold).toHaveAttribute("aria-pressed", "true");
  await description.focus();
  await page.keyboard.type("Heavyword");
  await bold.click();
  await expect(bold).toHaveAttribute("aria-pressed", "false");
  await description.focus();
  await page.keyboard.type(" plainafter");
  await expect(description.locator("strong")).toHaveText("Heavyword");
  await checkA11y(page, "/create/diary with bold text");

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Entry saved successfully")).toBeVisible();
  await page.waitForURL(/\/edit\/diary\/[0-9a-f-]{36}$/);

  // The PDF the preview shows (its "Open in new tab" link), fetched as the browser would.
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("dialog", { name: `Preview: ${title}` });
  await expect(preview.getByTestId("pdf-page")).toHaveText(/^Page 1 of \d+$/);
  await checkA11y(page, "entry PDF preview");
  const href = await preview.getByRole("link", { name: "Open in new tab" }).getAttribute("href");
  const res = await page.request.get(new URL(href as string, page.url()).toString());
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^application\/pdf/);
  const { items } = await inspectPdf(new Uint8Array(await res.body()));
  const fontOf = (text: string) => items.find((i) => i.text.includes(text))?.font;
  expect(fontOf("Heavyword")).toBe("NotoSans-Bold");
  expect(fontOf("Plainbefore")).toBe("NotoSans-Regular");
  expect(fontOf("plainafter")).toBe("NotoSans-Regular");
});
