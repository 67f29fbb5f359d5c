// Issue 12's screens against the real API: an organisation manager's users report, import and
// annual review (which the member then reads), and the administrator's memberships, activity log,
// per-role menu, member groups and impersonation banner, and shared CPD moderation.

import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { apiCreateDiary, apiShare } from "./api";
import { checkA11y } from "./axe";
import { dismissGreeting, login } from "./helpers";
import { apiToken, createOrganisation, createUser } from "./users";

function csvFile(name: string, text: string): string {
  const file = path.join(tmpdir(), `${randomUUID()}-${name}`);
  writeFileSync(file, text);
  return file;
}

test("a manager imports users (a bad file imports nothing), records an annual review, and the member reads it", async ({
  page,
  browser,
}) => {
  const org = await createOrganisation();
  const manager = await createUser({
    tier: "CORPORATE",
    organisationId: org.id,
    manager: true,
    firstName: "Morgan",
  });
  const member = await createUser({ tier: "CORPORATE", organisationId: org.id, firstName: "Alex" });
  await login(page, manager);
  await dismissGreeting(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Users" }).click();
  await expect(page.getByRole("heading", { name: "Users report" })).toBeVisible();
  await expect(page.getByRole("region", { name: "2 users" })).toBeVisible();
  await checkA11y(page, "users report");

  // A file with a repeated address imports nothing and says which row.
  const fresh = `e2e-import-${randomUUID()}@test.example`;
  await page.getByRole("button", { name: "Import users" }).click();
  const dialog = page.getByRole("dialog", { name: "Import users" });
  // Mantine's FileInput is a button over a hidden file input.
  const fileInput = dialog.locator('input[type="file"]');
  await fileInput.setInputFiles(
    csvFile("bad.csv", `firstName,lastName,email\nSam,Import,${fresh}\nSam,Again,${fresh}\n`),
  );
  await dialog.getByRole("button", { name: "Import 2 users" }).click();
  await expect(dialog.getByText("Nothing was imported: 1 row needs attention")).toBeVisible();
  await expect(
    dialog.getByText("Repeated in the file: This email address appears earlier in the file"),
  ).toBeVisible();
  await checkA11y(page, "import report");
  await fileInput.setInputFiles(csvFile("good.csv", `firstName,lastName,email\r\nSam,Import,${fresh}\r\n`));
  await dialog.getByRole("button", { name: "Import 1 user" }).click();
  await expect(
    dialog.getByText("1 user was imported and sent an email to set up their account"),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("region", { name: "3 users" })).toBeVisible();
  const report = page.getByRole("region", { name: /^\d+ users?/ });
  await expect(report.getByRole("cell", { name: fresh })).toBeVisible();

  // Filter, then the annual review.
  await page.getByLabel("Filter").fill(member.lastName);
  await expect(page.getByRole("region", { name: "1 user" })).toBeVisible();
  await page.getByRole("button", { name: `Annual review of ${member.firstName} ${member.lastName}` }).click();
  const review = page.getByRole("dialog", { name: /^Annual review/ });
  await review.getByLabel("Met requirements").check();
  await review.getByLabel("Comments").fill("All standards evidenced.");
  await checkA11y(page, "annual review modal");
  await review.getByRole("button", { name: "Save review" }).click();
  await expect(review).toBeHidden();
  await expect(page.getByText("Review saved")).toBeVisible();

  // The member sees it on their profile, in a browser of their own.
  const memberPage = await (await browser.newContext()).newPage();
  await login(memberPage, member);
  await dismissGreeting(memberPage);
  await memberPage.goto("/profile");
  await memberPage.getByRole("tab", { name: "Annual Reviews" }).click();
  await expect(memberPage.getByText("All standards evidenced.")).toBeVisible();
  await expect(memberPage.getByText("Met requirements")).toBeVisible();
  await checkA11y(memberPage, "profile annual reviews");
});

test("an administrator creates and finds a membership, sees it logged, and a finer admin role sees only its screen", async ({
  page,
}) => {
  const admin = await createUser({ admin: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, admin);
  await dismissGreeting(page);
  await page.goto("/admin/memberships");
  await expect(page.getByRole("heading", { name: "Memberships" })).toBeVisible();
  const identifier = randomUUID().slice(0, 10);
  await page.getByRole("button", { name: "New membership" }).click();
  const dialog = page.getByRole("dialog", { name: "New membership" });
  await dialog.getByLabel(/^Type/).fill("E2E");
  await dialog.getByLabel(/^Identifier/).fill(identifier);
  await dialog.getByLabel(/^Email address/).fill(`member-${identifier}@test.example`);
  await checkA11y(page, "new membership modal");
  await dialog.getByRole("button", { name: "Save membership" }).click();
  await expect(dialog).toBeHidden();
  await page.getByLabel("Identifier").fill(identifier);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("1 membership")).toBeVisible();
  await expect(page.getByRole("cell", { name: `member-${identifier}@test.example` })).toBeVisible();
  await checkA11y(page, "memberships");

  await page.goto("/admin/activity-log");
  await page.getByLabel("Email", { exact: false }).first().fill(admin.email);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("membership-record.created").first()).toBeVisible();
  await checkA11y(page, "activity log");

  // A Memberships-only administrator: one admin item, and other screens send them to theirs.
  const clerk = await createUser({ roles: ["Admin-Memberships"] });
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await login(page, clerk);
  await dismissGreeting(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Memberships" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Organisations" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Activity Log" })).toHaveCount(0);
  await page.goto("/admin/organisations");
  await page.waitForURL("**/admin/memberships");
});

test("an administrator logs in as a member from member groups; the banner shows on every page and ends with one click", async ({
  page,
}) => {
  const admin = await createUser({ admin: true });
  const user = await createUser({ tier: "BASIC", trialDaysLeft: 30, firstName: "Jordan" });
  await login(page, admin);
  await dismissGreeting(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Member Groups" }).click();
  await expect(page.getByRole("heading", { name: "Member groups" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Showing members" })).toHaveAttribute("aria-pressed", "true");
  await page.getByLabel("Filter").fill(user.email);
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page.getByRole("region", { name: "1 member" })).toBeVisible();
  await checkA11y(page, "member groups");
  await page.getByRole("button", { name: `Log in as ${user.email}` }).click();
  await page.waitForURL("**/dashboard");
  // The new session may be greeted like any login; its modal would cover the banner's button.
  const greeting = page.getByRole("dialog", { name: /^Good (morning|afternoon|evening)/ });
  if (
    await greeting.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    )
  ) {
    await greeting.getByRole("button", { name: "Continue" }).click();
    await expect(greeting).toBeHidden();
  }
  await page.goto("/profile");
  const banner = page.getByRole("status").filter({ hasText: "You are signed in as" });
  await expect(banner).toContainText(`You are signed in as ${user.email} by ${admin.email}.`);
  await checkA11y(page, "impersonation banner");
  await banner.getByRole("button", { name: "End impersonation" }).click();
  await page.waitForURL("**/admin/overview");
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await expect(page.getByText("You are signed in as")).toHaveCount(0);
  await checkA11y(page, "admin overview");
});

test("an administrator hides a member's shared CPD with a reason; the organisation's manager sees it hidden", async ({
  page,
  browser,
  request,
}) => {
  const org = await createOrganisation();
  const manager = await createUser({ tier: "CORPORATE", organisationId: org.id, manager: true });
  const member = await createUser({ tier: "CORPORATE", organisationId: org.id });
  const title = `Moderated ${randomUUID().slice(0, 8)}`;
  const token = await apiToken(request, member);
  await apiShare(request, token, await apiCreateDiary(request, token, title), title);

  const admin = await createUser({ roles: ["Admin-Shared-CPD"] });
  await login(page, admin);
  await dismissGreeting(page);
  await page.goto("/admin/shared-cpd");
  await page.getByLabel("Search").fill(title);
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page.getByRole("region", { name: "1 shared item" })).toBeVisible();
  await checkA11y(page, "shared CPD moderation");
  await page.getByRole("button", { name: `Hide ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: `Hide "${title}"` });
  await dialog.getByRole("button", { name: "Hide" }).click();
  await expect(dialog.getByText("Please say why it is hidden.")).toBeVisible();
  await dialog.getByLabel("Reason").fill("Advertises a paid course");
  await checkA11y(page, "hide modal");
  await dialog.getByRole("button", { name: "Hide" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Advertises a paid course");
  await expect(row.getByRole("button", { name: `Restore ${title}` })).toBeVisible();

  const managerPage = await (await browser.newContext()).newPage();
  await login(managerPage, manager);
  await dismissGreeting(managerPage);
  await managerPage
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Shared CPD" })
    .last()
    .click();
  await managerPage.waitForURL("**/organisation/shared-cpd");
  const shared = managerPage.getByRole("region", { name: "1 shared item" });
  await expect(shared).toContainText(title);
  await expect(shared).toContainText("Advertises a paid course");
  await checkA11y(managerPage, "organisation shared CPD");
  await managerPage.goto("/organisation/certificates");
  await expect(managerPage.getByText("No certificates match.")).toBeVisible();
  await checkA11y(managerPage, "organisation certificates");
});
