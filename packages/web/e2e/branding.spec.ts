// Issue 25, organisation logos (ADR 0021): an administrator uploads a logo on the organisation
// form; a member of that organisation sees it in the header, served from this origin (the page's
// Content-Security-Policy shows no other), and their portfolio's front page draws it.
import { type APIRequestContext, expect, test } from "@playwright/test";
import { inspectPdf } from "../../server/src/lib/pdf/inspect";
import { pageToken } from "./api";
import { checkA11y } from "./axe";
import { dismissGreeting, login, londonDay, plusDays, stamp } from "./helpers";
import { createOrganisation, createUser } from "./users";

/** A 240 x 80 logo as an SVG file (the server rasterises it to a PNG). */
const LOGO_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80" viewBox="0 0 240 80">' +
    '<rect width="240" height="80" fill="#6a1b9a"/><circle cx="40" cy="40" r="28" fill="#ffd54f"/></svg>',
);

/** A portfolio of the front page alone, requested through the API and read once the worker made it. */
async function frontPageOnlyPortfolio(
  request: APIRequestContext,
  token: string,
  includeBranding: boolean,
): Promise<Uint8Array> {
  const headers = { Authorization: `Bearer ${token}` };
  const today = londonDay();
  const requested = await request.post("/api/portfolio/v2/download", {
    headers,
    data: {
      dateFrom: plusDays(today, -30),
      dateTo: today,
      include: ["FRONT_PAGE"],
      title: { line1: "E2E portfolio", line2: includeBranding ? "Branded" : "Plain" },
      diaryEntries: [],
      reflectiveEntries: [],
      evidenceIds: [],
      includeBranding,
      selectedPortfolioCover: "classic",
      background: 1,
    },
  });
  expect(requested.status(), await requested.text()).toBe(200);
  const { uuid } = (await requested.json()) as { uuid: string };
  let link = "";
  // The worker picks the job up and renders it; the state call says when.
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/portfolio/v2/download/${uuid}`, { headers });
        const status = (await res.json()) as { state: string; downloadLink: string | null };
        link = status.downloadLink ?? "";
        return status.state;
      },
      { timeout: 90_000, intervals: [1_000] },
    )
    .toBe("Completed");
  const file = await request.get(link);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toMatch(/^application\/pdf/);
  return new Uint8Array(await file.body());
}

test("an uploaded organisation logo shows in a member's header and on their portfolio's front page", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const org = await createOrganisation("E2E Branded Trust");
  const admin = await createUser({ admin: true });
  const member = await createUser({ tier: "CORPORATE", organisationId: org.id, firstName: "Bryn" });

  // --- The administrator uploads the logo on the organisation's form. --------------------------
  await login(page, admin);
  await dismissGreeting(page);
  await page.goto(`/admin/organisations/${org.id}/configure`);
  await expect(page.getByRole("heading", { level: 1, name: org.name })).toBeVisible();
  await expect(page.getByText("No logo").first()).toBeVisible();
  await checkA11y(page, "organisation form without a logo");
  const uploaded = page.waitForResponse(
    (r) =>
      r.request().method() === "POST" && r.url().endsWith(`/api/admin/organisations/${org.id}/logos/logo`),
  );
  // Mantine's FileInput is a button over a hidden file input; the header logo's is the first.
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: `logo-${stamp()}.svg`, mimeType: "image/svg+xml", buffer: LOGO_SVG });
  expect((await uploaded).status()).toBe(200);
  await expect(page.getByText("Logo uploaded")).toBeVisible();
  const preview = page.getByRole("img", { name: "Logo preview" });
  await expect(preview).toHaveAttribute("src", new RegExp(`^/api/organisations/${org.id}/logos/logo\\?v=`));
  await checkA11y(page, "organisation form with the uploaded logo");
  await page.getByRole("button", { name: "Save organisation" }).click();
  await expect(page.getByText("Organisation saved")).toBeVisible();

  // --- The member, in a browser of their own, sees it in the header. ---------------------------
  const memberContext = await browser.newContext();
  try {
    const memberPage = await memberContext.newPage();
    await login(memberPage, member);
    await dismissGreeting(memberPage);
    const logo = memberPage.getByRole("banner").getByRole("img", { name: `${org.name} logo` });
    await expect(logo).toBeVisible();
    const src = await logo.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(new URL(src).origin).toBe(new URL(memberPage.url()).origin);
    expect(new URL(src).pathname).toBe(`/api/organisations/${org.id}/logos/logo`);
    // Loaded, not blocked by the page's security policy: a decoded image has a size.
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
    await checkA11y(memberPage, "dashboard with the organisation's logo");

    // --- Their portfolio (front page only, with branding) draws the logo on page 1. -------------
    const token = await pageToken(memberPage);
    const branded = await inspectPdf(await frontPageOnlyPortfolio(memberPage.request, token, true));
    const pageOne = branded.items
      .filter((i) => i.page === 1)
      .map((i) => i.text)
      .join(" ");
    expect(pageOne).toContain(org.name);
    expect(branded.images[0], "images painted on the front page").toBe(1);
    // Without branding the same front page paints no image (so the check above can fail).
    const plain = await inspectPdf(await frontPageOnlyPortfolio(memberPage.request, token, false));
    expect(plain.images[0], "images painted on the unbranded front page").toBe(0);
  } finally {
    await memberContext.close();
  }
});
