// axe-core on every route of the SPA, as each kind of user reaches it: the public pages, the
// professional's pages at desktop and phone widths, the organisation manager's and the
// administrator's. Each page is checked once it has settled (its heading shown, nothing in <main>
// still loading); any serious or critical WCAG 2.2 AA violation fails the test.
import { expect, type Page, test } from "@playwright/test";
import { apiCreateDiary, apiCreateSupervision, pageToken } from "./api";
import { checkA11y } from "./axe";
import { dismissGreeting, fixPageClock, login, londonDay, morningOf } from "./helpers";
import { createOrganisation, createUser } from "./users";

// Each test has its own users, so the file's tests may run in both workers at once.
test.describe.configure({ mode: "parallel" });

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

async function visit(page: Page, path: string, label = path) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(
    page.locator('main [role="progressbar"], [role="progressbar"][aria-label="Loading"]'),
  ).toHaveCount(0);
  await checkA11y(page, `${label} at ${page.viewportSize()?.width} px`);
}

const PUBLIC = ["/login", "/forgot-password", "/login/app", "/v2/auth/register", "/hcpc-portal"];

const PROFESSIONAL = [
  "/dashboard",
  "/entries",
  "/create/diary",
  "/create/reflection",
  "/create/supervision",
  "/files",
  "/shared-cpd",
  "/calendar",
  "/webinars",
  "/portfolio-builder/choose",
  "/videos",
  "/profile",
  "/revalidation",
  "/settings",
  "/account-management",
  "/email-history",
  "/no-such-page",
];

const MANAGER = [
  "/organisation/users",
  "/organisation/settings",
  "/organisation/analytics",
  "/organisation/certificates",
  "/organisation/shared-cpd",
  "/organisation/events",
];

const ADMIN = [
  "/admin/overview",
  "/admin/organisations",
  "/admin/organisations/create",
  "/admin/memberships",
  "/admin/activity-log",
  "/admin/certificates",
  "/admin/shared-cpd",
  "/admin/member-groups",
  "/admin/events",
];

test("every public page passes axe at desktop and phone widths", async ({ page }) => {
  await fixPageClock(page, morningOf(londonDay()));
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    for (const path of PUBLIC) await visit(page, path);
  }
});

// One test per width, each with its own user: two shorter tests that the two workers can share.
for (const size of [DESKTOP, PHONE]) {
  test(`every page of a professional passes axe at ${size.width} px`, async ({ page, request }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(size);
    const user = await createUser();
    await login(page, user);
    await dismissGreeting(page);
    // The edit pages of two saved entries too (their forms hold values, evidence and sign-off).
    const token = await pageToken(page);
    const diary = await apiCreateDiary(request, token, "Axe diary entry");
    const supervision = await apiCreateSupervision(request, token, "Axe supervision");
    for (const path of [...PROFESSIONAL, `/edit/diary/${diary}`, `/edit/supervision/${supervision}`]) {
      await visit(page, path);
    }
  });
}

/** Logs `user` in and checks each of `paths` at desktop width. */
async function checkAll(page: Page, user: Awaited<ReturnType<typeof createUser>>, paths: string[]) {
  test.setTimeout(120_000);
  await login(page, user);
  await dismissGreeting(page);
  for (const path of paths) await visit(page, path);
}

test("every page of an organisation manager passes axe", async ({ page }) => {
  const org = await createOrganisation();
  await checkAll(
    page,
    await createUser({ tier: "CORPORATE", organisationId: org.id, manager: true }),
    MANAGER,
  );
});

test("every page of an administrator passes axe", async ({ page }) => {
  const org = await createOrganisation();
  const pages = [...ADMIN, `/admin/organisations/${org.id}/configure`];
  await checkAll(page, await createUser({ admin: true }), pages);
});
