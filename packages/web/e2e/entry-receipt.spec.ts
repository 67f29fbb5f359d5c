// Entry receipts (docs/decisions/0018-entry-receipts.md): with "Email me a receipt when I save an
// entry" on in Settings, saving a diary entry e-mails its title, type, date, hours and a link that
// opens it.
import { expect, test } from "@playwright/test";
import { checkA11y } from "./axe";
import { dismissGreeting, fillDiary, login, londonDay, openNewDiary, stamp, ukDate } from "./helpers";
import { waitForMail } from "./mail";
import { createUser } from "./users";

test("a saved diary entry e-mails its receipt, whose link opens the entry", async ({ page, baseURL }) => {
  const user = await createUser();
  const title = `E2E receipt ${stamp()}`;
  const today = ukDate(londonDay());
  await login(page, user);
  await dismissGreeting(page);

  await page.goto("/settings");
  await expect(page.getByLabel("Email me a receipt when I save an entry")).toBeChecked();
  await checkA11y(page, "/settings");

  await openNewDiary(page);
  await fillDiary(page, title, today);
  const since = Date.now();
  await page.getByRole("button", { name: "Save and Close" }).click();
  await page.waitForURL("**/entries");

  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const [, link] = await waitForMail(user.email, {
    since,
    subject: new RegExp(`^Entry saved: ${escaped}$`),
    pattern: new RegExp(
      `Title: ${escaped}\\s+Type: Diary\\s+Date: ${today}\\s+Hours: 1\\.25\\s+(https?://\\S+/edit/diary/[0-9a-f-]{36})`,
    ),
  });
  await page.goto(new URL(new URL(link as string).pathname, baseURL).toString());
  await expect(page.getByLabel(/^Title/)).toHaveValue(title);
});
