// Entry options (docs/decisions/0019-entry-form-options.md): with "Show KSF dimensions on entries"
// turned on in Settings, the diary form offers the KSF dimensions field; off, it does not.
import { ENTRY_OPTION_FIELDS } from "@cpd/contract";
import { expect, test } from "@playwright/test";
import { checkA11y } from "./axe";
import { dismissGreeting, login, openNewDiary } from "./helpers";
import { createUser } from "./users";

const KSF = ENTRY_OPTION_FIELDS.showKSF.title;

test("turning showKSF on in Settings puts the KSF dimensions field on the diary form", async ({ page }) => {
  const user = await createUser();
  await login(page, user);
  await dismissGreeting(page);

  await openNewDiary(page);
  await expect(page.getByRole("heading", { level: 1, name: /New Diary Entry/ })).toBeVisible();
  await expect(page.getByRole("group", { name: KSF })).toHaveCount(0);

  await page.goto("/settings");
  const toggle = page.getByLabel("Show KSF dimensions on entries");
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith("/api/settings/dashboard") && r.request().method() === "POST",
  );
  await page.getByRole("button", { name: /^Save/ }).click();
  expect((await saved).status()).toBe(200);

  await openNewDiary(page);
  const field = page.getByRole("group", { name: KSF });
  await expect(field).toBeVisible();
  await field.getByRole("checkbox", { name: "C1 Communication" }).check();
  await expect(field.getByRole("checkbox", { name: "C1 Communication" })).toBeChecked();
  await expect(page.getByRole("group", { name: /Advanced Clinical Practice pillars/ })).toHaveCount(0);
  await checkA11y(page, "/create/diary with KSF");

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await field.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/h2-entry-options-${width}.png`, fullPage: true });
  }
});
