import { expect, test } from "@playwright/test";
import { checkA11y } from "./axe";
import { dismissGreeting, login, twoFramesLater } from "./helpers";
import { createUser } from "./users";

test("the dashboard's mini tour shows once and the main tour steps through the dashboard", async ({
  page,
}) => {
  // Each step scrolls its area into view; smoothly, the dialog is still moving when Next is
  // clicked and the click can land beside the button (a CI run stayed on step 4). A user who asks
  // for reduced motion gets the instant scroll, and so does this test.
  await page.emulateMedia({ reducedMotion: "reduce" });
  // A new user in a new browser: the mini tour has never been skipped here.
  await login(page, await createUser(), { miniTour: true });
  // The mini tour waits for the page to finish loading and the greeting to close.
  await expect(page.getByTestId("stat-value-Total Entries")).toHaveText("0");
  await expect(page.locator('main [aria-label^="Loading"]')).toHaveCount(0);
  await dismissGreeting(page);

  const mini = page.getByRole("dialog", { name: "Welcome to your dashboard" });
  await expect(mini).toBeVisible();
  await expect(mini.getByRole("heading", { name: "Welcome to your dashboard" })).toBeFocused();
  await checkA11y(page, "/dashboard with the mini tour");
  await mini.getByRole("button", { name: "Skip tour" }).click();
  await expect(mini).toBeHidden();
  const prefs = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem("cpd-state") ?? "{}") as { prefs?: { miniTourSkipped?: boolean } })
        .prefs,
  );
  expect(prefs).toEqual({ miniTourSkipped: true });

  // Once skipped, it does not come back on the next visit.
  await page.reload();
  await expect(page.getByTestId("stat-value-Total Entries")).toHaveText("0");
  await expect(page.locator('main [aria-label^="Loading"]')).toHaveCount(0);
  // The page's fake clock run past the mini tour's start delay (1 s): its timers fire, no waiting.
  await page.clock.runFor(2_000);
  await twoFramesLater(page);
  await expect(mini).toHaveCount(0);

  const showTour = page.getByRole("button", { name: "Show tour" });
  await showTour.click();
  const first = page.getByRole("dialog", { name: "Period selector" });
  await expect(first).toBeVisible();
  await expect(first).toContainText(/^Step 1 of \d+/);
  await expect(first.getByRole("heading", { name: "Period selector" })).toBeFocused();
  await checkA11y(page, "/dashboard with a tour step open");

  // Back returns to the previous step; Next walks on to the end.
  await first.getByRole("button", { name: "Next" }).click();
  const second = page.getByRole("dialog", { name: "Your statistics" });
  await expect(second).toBeVisible();
  await second.getByRole("button", { name: "Back" }).click();
  await expect(page.getByRole("dialog", { name: "Period selector" })).toBeVisible();

  const total = Number(/of (\d+)/.exec((await page.getByRole("dialog").textContent()) ?? "")?.[1]);
  expect(total).toBeGreaterThanOrEqual(3);
  for (let i = 1; i < total; i++) {
    await page.getByRole("dialog").getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("dialog")).toContainText(`Step ${i + 1} of ${total}`);
  }
  const last = page.getByRole("dialog", { name: "Customise" });
  await expect(last).toBeVisible();
  await last.getByRole("button", { name: "Finish" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(showTour).toBeFocused();

  // Escape ends the tour too.
  await showTour.click();
  await expect(page.getByRole("dialog", { name: "Period selector" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(showTour).toBeFocused();
});
