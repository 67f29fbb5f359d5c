import { expect, type Page, test } from "@playwright/test";
import { apiCreateDiary } from "./api";
import { checkA11y } from "./axe";
import { daysBefore, fixPageClock, londonDay, morningOf, stamp, ukDate } from "./helpers";
import { apiToken, createHcpcAccess, createUser, type TestUser } from "./users";

/**
 * An HCPC registrant with diary entries on the given days before today, and a portal link for
 * the last two years (the access e-mail's job is not under test: the link is made in the database).
 */
async function portalUser(page: Page, titlePrefix: string, daysAgo: number[]) {
  const today = londonDay();
  const user: TestUser = await createUser({ firstName: "Hana" });
  const token = await apiToken(page.request, user);
  const entries: { title: string; date: string }[] = [];
  for (const [i, days] of daysAgo.entries()) {
    const entry = {
      title: `${titlePrefix} ${String(i + 1).padStart(2, "0")}`,
      date: daysBefore(today, days),
    };
    await apiCreateDiary(page.request, token, entry.title, entry.date);
    entries.push(entry);
  }
  const link = await createHcpcAccess(user.id, daysBefore(today, 730), today);
  return { user, entries, link };
}

/** Opens the e-mailed link: the portal keeps the token and moves to /hcpc-portal. */
async function openPortal(page: Page, link: string, user: TestUser) {
  await fixPageClock(page, morningOf(londonDay()));
  await page.goto(`/hcpc-portal/access/${link}`);
  await page.waitForURL(/\/hcpc-portal$/);
  await expect(page.getByRole("heading", { level: 1, name: "HCPC audit portal" })).toBeVisible();
  await expect(page.getByText(`${user.firstName} ${user.lastName}: activities from`)).toBeVisible();
}

/** Clicks Create PDF and answers the PDF's response (fetched, then handed to the browser as a download). */
async function createPdf(page: Page, link: string) {
  const response = page
    .context()
    .waitForEvent("response", (r) => r.url().includes(`/api/hcpc-portal/${link}/entries-pdf?`));
  await page.getByRole("button", { name: "Create PDF" }).click();
  const pdf = await response;
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toMatch(/^application\/pdf/);
  return pdf;
}

const stepHeading = (page: Page, n: number, name: string) =>
  page.getByRole("heading", { level: 2, name: `Step ${n} of 4: ${name}` });

async function nextStep(page: Page, n: number, name: string) {
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(stepHeading(page, n, name)).toBeVisible();
}

test("walks the HCPC audit portal from the summary to the activities PDF and the evidence", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = stamp();
  // Thirteen activities three weeks apart (no gap of 3 months): twelve are picked.
  const { user, entries, link } = await portalUser(
    page,
    `E2E HCPC ${id}`,
    Array.from({ length: 13 }, (_, i) => 21 * (12 - i)),
  );
  await openPortal(page, link, user);
  await expect(page.getByText("0% complete")).toBeVisible();

  // 1. Summary: saved, then marked complete.
  await expect(stepHeading(page, 1, "Summary")).toBeVisible();
  const summary = page.getByRole("textbox", { name: "Summary of practice" });
  await expect(summary).toHaveValue("");
  await checkA11y(page, "/hcpc-portal summary");
  await summary.fill("I am a paramedic in an urban ambulance service, working with adults and children.");
  await expect(page.getByText("14 of 500 words")).toBeVisible();
  // Each part is copy-ready for HCPC's online form.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy summary of practice" }).click();
  await expect(page.getByText("Paste it into the HCPC website.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    "I am a paramedic in an urban ambulance service, working with adults and children.",
  );
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Summary saved")).toBeVisible();
  await page.getByRole("checkbox", { name: "Mark step complete" }).check();
  await expect(page.getByText("25% complete")).toBeVisible();
  await checkA11y(page, "/hcpc-portal summary saved");

  // 2. Activities: fewer than twelve are warned about; twelve make the PDF.
  await nextStep(page, 2, "Activities");
  const table = page.getByRole("table", { name: "Your entries in the portal's date range" });
  for (const e of entries) await expect(table.getByRole("row", { name: new RegExp(e.title) })).toBeVisible();
  await expect(page.getByText(`0 of ${entries.length} activities selected`)).toBeVisible();
  await table.getByRole("checkbox", { name: `Select ${entries[0]?.title}` }).check();
  await expect(page.getByText("You have selected 1: fewer than 12.")).toBeVisible();
  await checkA11y(page, "/hcpc-portal activities with the count warning");
  for (const e of entries.slice(1, 12))
    await table.getByRole("checkbox", { name: `Select ${e.title}` }).check();
  await expect(page.getByText(`12 of ${entries.length} activities selected`)).toBeVisible();
  await expect(page.getByText("Check the number of activities")).toBeHidden();

  // Create PDF fetches the selected activities' PDF (an attachment) and downloads it.
  const pdf = await createPdf(page, link);
  expect(pdf.headers()["content-disposition"]).toMatch(/^attachment/);
  const asked = new URL(pdf.url()).searchParams.getAll("entryId");
  expect(asked).toHaveLength(12);
  await page.getByRole("checkbox", { name: "Mark step complete" }).check();
  await expect(page.getByText("50% complete")).toBeVisible();

  // 3. Statement: the four standards, saved.
  await nextStep(page, 3, "Statement");
  const standards = [
    "Standard 1: a continuous, up-to-date and accurate record of your CPD activities",
    "Standard 2: your CPD is a mixture of learning activities relevant to your practice",
    "Standard 3: your CPD has contributed to the quality of your practice and service delivery",
    "Standard 4: your CPD benefits the service user",
  ];
  await expect(page.getByRole("textbox", { name: standards[0] })).toBeVisible();
  await checkA11y(page, "/hcpc-portal statement");
  for (const [i, label] of standards.entries()) {
    await page.getByRole("textbox", { name: label }).fill(`My CPD meets standard ${i + 1} through my diary.`);
  }
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Statement saved")).toBeVisible();

  // 4. Evidence of the selected activities (none attached here).
  await nextStep(page, 4, "Evidence");
  await expect(page.getByText("0 of 0 pieces of evidence selected")).toBeVisible();
  await expect(page.getByText("Your selected activities have no evidence attached.")).toBeVisible();
  await checkA11y(page, "/hcpc-portal evidence");

  // What was saved is there when the step is opened again.
  await page.getByRole("button", { name: "Back", exact: true }).click();
  await expect(stepHeading(page, 3, "Statement")).toBeVisible();
  await expect(page.getByRole("textbox", { name: standards[3] })).toHaveValue(
    "My CPD meets standard 4 through my diary.",
  );
});

test("a gap of three months stops the PDF, naming both activities, until it is explained", async ({
  page,
}) => {
  const id = stamp();
  // 130 days between the two: a gap of more than 3 months.
  const { user, entries, link } = await portalUser(page, `E2E HCPC gap ${id}`, [150, 20]);
  const [earlier, later] = entries as [{ title: string; date: string }, { title: string; date: string }];
  await openPortal(page, link, user);
  await nextStep(page, 2, "Activities");
  await page.getByRole("checkbox", { name: "Select all activities" }).check();
  await expect(page.getByText("2 of 2 activities selected")).toBeVisible();

  let pdfRequested = false;
  page.context().on("request", (r) => {
    if (r.url().includes("/entries-pdf")) pdfRequested = true;
  });
  await page.getByRole("button", { name: "Create PDF" }).click();
  const toast = page.getByRole("alert").filter({ hasText: "Gap in CPD Activities" });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(
    `between "${earlier.title}" (${ukDate(earlier.date)}) and "${later.title}" (${ukDate(later.date)})`,
  );
  await checkA11y(page, "/hcpc-portal activities with the gap toast");
  expect(pdfRequested).toBe(false);

  // The explanation, once saved, lets the PDF be made (ADR 0027).
  const why = page.getByRole("textbox", {
    name: `Gap from ${ukDate(earlier.date)} (${earlier.title}) to ${ukDate(later.date)} (${later.title})`,
  });
  await why.fill("Parental leave");
  await page.getByRole("button", { name: "Save explanations" }).click();
  await expect(page.getByText("Explanations saved")).toBeVisible();
  await checkA11y(page, "/hcpc-portal activities with a gap explained");
  const pdf = await createPdf(page, link);
  expect(new URL(pdf.url()).searchParams.getAll("entryId")).toHaveLength(2);
});
