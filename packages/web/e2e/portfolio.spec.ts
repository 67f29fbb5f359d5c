import { readFile } from "node:fs/promises";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { apiCreateDiary, pageToken } from "./api";
import { checkA11y } from "./axe";
import { daysBefore, dismissGreeting, goFromMenu, login, londonDay, stamp, ukDate } from "./helpers";
import { createUser } from "./users";

/** A reflection dated `date`, with only its required items. */
async function apiCreateReflection(request: APIRequestContext, token: string, title: string, date: string) {
  const res = await request.post("/api/entries/reflection", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      Field4: title,
      ReflectionDate: date,
      Field113: "<p>A deteriorating patient on a busy shift, and what I would escalate sooner.</p>",
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const stageHeading = (page: Page, n: number, name: string) =>
  page.getByRole("heading", { level: 2, name: `Stage ${n} of 6: ${name}` });

async function next(page: Page, n: number, name: string) {
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(stageHeading(page, n, name)).toBeVisible();
}

test("builds a portfolio through the six stages and downloads its PDF", async ({ page, request }) => {
  // Rendering waits for the worker (polled every 3 s) on top of the usual login and axe checks.
  test.setTimeout(150_000);
  const id = stamp();
  const today = londonDay();
  // An HCPC registrant (the default): the Portfolio item offers the standard portfolio or the HCPC audit.
  await login(page, await createUser());
  await dismissGreeting(page);
  const token = await pageToken(page);
  const inRange = [
    [`E2E portfolio diary A ${id}`, daysBefore(today, 40)],
    [`E2E portfolio diary B ${id}`, daysBefore(today, 10)],
    [`E2E portfolio diary C ${id}`, today],
  ] as const;
  for (const [title, date] of inRange) await apiCreateDiary(request, token, title, date);
  // Older than the range chosen below: not listed.
  const old = `E2E portfolio diary old ${id}`;
  await apiCreateDiary(request, token, old, daysBefore(today, 200));
  const reflection = `E2E portfolio reflection ${id}`;
  await apiCreateReflection(request, token, reflection, daysBefore(today, 5));

  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Portfolio", exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Portfolio" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "HCPC audit" })).toBeVisible();
  await checkA11y(page, "/portfolio-builder/choose");
  await page.getByRole("link", { name: "Build a portfolio" }).click();

  // 1. Pages: every page offered starts ticked.
  await expect(page.getByRole("heading", { level: 1, name: "Portfolio builder" })).toBeVisible();
  await expect(stageHeading(page, 1, "Select pages")).toBeVisible();
  const pages = page.getByRole("group", { name: "Pages to include" });
  await expect(pages.getByRole("checkbox", { name: "Front page" })).toBeChecked();
  await expect(pages.getByRole("checkbox", { name: "HCPC profile" })).toBeChecked();
  await checkA11y(page, "/portfolio-builder stage 1");
  await pages.getByRole("checkbox", { name: "Job description" }).uncheck();

  // 2. Front page: titles of at most 24 characters.
  await next(page, 2, "Front page");
  const line1 = page.getByRole("textbox", { name: "Title line 1" });
  await line1.fill("A title far longer than the cover allows");
  await expect(page.getByText("Title line 1 must be at most 24 characters.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Next", exact: true })).toBeDisabled();
  await checkA11y(page, "/portfolio-builder stage 2 with a title too long");
  await line1.fill("E2E Portfolio");
  await page.getByRole("textbox", { name: "Title line 2" }).fill(`Robin ${id}`.slice(0, 24));
  await page.getByRole("radio", { name: "Background 3" }).check();
  await page.getByRole("radio", { name: "Modern" }).check();

  // 3. Range: the last 90 days leave the old entry out.
  await next(page, 3, "Date range and tags");
  await page.getByLabel(/^From/).fill(ukDate(daysBefore(today, 90)));
  await page.getByLabel(/^From/).blur();
  await expect(page.getByRole("checkbox", { name: "Untagged" })).toBeChecked();
  await checkA11y(page, "/portfolio-builder stage 3");

  // 4. Diary entries: all three in range start selected; one out and back in.
  await next(page, 4, "Diary entries");
  const diary = page.getByRole("list", { name: "Your diary entries" });
  for (const [title] of inRange) await expect(diary.getByRole("checkbox", { name: title })).toBeChecked();
  await expect(diary.getByRole("checkbox", { name: old })).toHaveCount(0);
  await expect(page.getByText("3 of 3 diary entries selected")).toBeVisible();
  await diary.getByRole("checkbox", { name: inRange[0][0] }).uncheck();
  await expect(page.getByText("2 of 3 diary entries selected")).toBeVisible();
  await checkA11y(page, "/portfolio-builder stage 4");
  await diary.getByRole("checkbox", { name: inRange[0][0] }).check();
  await expect(page.getByText("3 of 3 diary entries selected")).toBeVisible();

  // 5. Reflective entries.
  await next(page, 5, "Reflective entries");
  await expect(
    page.getByRole("list", { name: "Your reflective entries" }).getByRole("checkbox", { name: reflection }),
  ).toBeChecked();
  await expect(page.getByText("1 of 1 reflective entries selected")).toBeVisible();
  await checkA11y(page, "/portfolio-builder stage 5");

  // 6. Download: the summary, then the build the worker renders.
  await next(page, 6, "Download");
  await expect(page.getByText("Title: E2E Portfolio /")).toBeVisible();
  await expect(page.getByText("Diary entries: 3")).toBeVisible();
  await expect(page.getByText("Reflective entries: 1")).toBeVisible();
  await checkA11y(page, "/portfolio-builder stage 6");
  await page.getByRole("button", { name: "Build portfolio" }).click();
  await expect(page.getByText("Your portfolio is ready")).toBeVisible({ timeout: 90_000 });
  await checkA11y(page, "/portfolio-builder with the portfolio ready");

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download portfolio" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/i);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(pdf.length).toBeGreaterThan(1024);
  // Its page tree (PDFKit writes it uncompressed; the text is in compressed streams): at least the
  // front page and one page per selected entry.
  const pageCount = Number(/\/Type \/Pages\s+\/Count (\d+)/.exec(pdf.toString("latin1"))?.[1]);
  const selectedEntries = inRange.length + 1;
  expect(pageCount).toBeGreaterThanOrEqual(1 + selectedEntries);
});

test("without HCPC the Portfolio item goes straight to the builder", async ({ page }) => {
  await login(page, await createUser({ governingBodies: ["NMC"] }));
  await dismissGreeting(page);
  await goFromMenu(page, "Portfolio", "Portfolio builder");
  await expect(page).toHaveURL(/\/portfolio-builder$/);
  await expect(stageHeading(page, 1, "Select pages")).toBeVisible();
  const pages = page.getByRole("group", { name: "Pages to include" });
  await expect(pages.getByRole("checkbox", { name: "Front page" })).toBeChecked();
  // Only HCPC registrants are offered the HCPC profile page.
  await expect(pages.getByRole("checkbox", { name: "HCPC profile" })).toHaveCount(0);
  await checkA11y(page, "/portfolio-builder without HCPC");
});
