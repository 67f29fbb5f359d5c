import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { checkA11y } from "./axe";
import { dismissGreeting, login, stamp } from "./helpers";
import { apiToken, createUser } from "./users";

/**
 * A library of the test's own (with one video), made through the administrators' API: the
 * test needs neither the demo seed nor a library other tests change. Names are unique per run.
 */
async function createLibrary(request: APIRequestContext, premium: boolean) {
  const id = stamp();
  const admin = await createUser({ admin: true, firstName: "Ada" });
  const headers = { Authorization: `Bearer ${await apiToken(request, admin)}` };
  const name = `E2E ${premium ? "Premium" : "Free"} Library ${id}`;
  const lib = await request.post("/api/admin/video-libraries", { headers, data: { name, premium } });
  expect(lib.status(), await lib.text()).toBe(200);
  const libraryId = ((await lib.json()) as { id: string }).id;
  const video = { videoId: `e2e-${id}`, name: `Handover that works ${id}` };
  const res = await request.post(`/api/admin/video-libraries/${libraryId}/videos`, {
    headers,
    data: {
      ...video,
      description: "A short CPD video on structured clinical handover.",
      url: `https://videos.example.org/cpd/${video.videoId}`,
      duration: 600,
      hours: 0.5,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { id: libraryId, name, video };
}

/** CPD Hub from the sidebar, as a member finds it. */
async function openCpdHub(page: Page) {
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "CPD Hub", exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "CPD Hub" })).toBeVisible();
}

// Rendering the certificate runs on the worker; on a loaded 2-core runner the flow with its axe
// checks takes longer than the default minute.
test.setTimeout(120_000);

test("a premium member requests a video certificate and finds it in Entries", async ({ page, request }) => {
  const library = await createLibrary(request, false);
  await login(page, await createUser());
  await dismissGreeting(page);

  await openCpdHub(page);
  await checkA11y(page, "/videos");
  await page.getByRole("link", { name: `Open library: ${library.name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: library.name })).toBeVisible();
  await checkA11y(page, "/videos/library/:id");

  await page.getByRole("link", { name: library.video.name }).click();
  await expect(page.getByRole("heading", { level: 1, name: library.video.name })).toBeVisible();
  const form = page.getByRole("region", { name: "CPD certificate" });
  await expect(form).toContainText("Get an attendance certificate for 0.5 CPD hours.");
  await checkA11y(page, "/video/:library/:video");
  const submit = form.getByRole("button", { name: "Get my certificate" });
  // Not before the user confirms watching the whole video.
  await expect(submit).toBeDisabled();
  await form.getByLabel("I confirm I watched this video in full").check();
  await form.getByLabel("Reflection (optional)").fill("Use a structured handover tool on every shift.");
  await submit.click();
  await expect(page.getByText("Certificate successfully generated")).toBeVisible();
  await checkA11y(page, "/video/:library/:video with the certificate toast");

  // The worker renders the certificate and keeps it as a diary entry: reload Entries until it is there.
  const title = `Certificate: ${library.video.name}`;
  await page.goto(`/entries?search=${encodeURIComponent(library.video.name)}`);
  await expect(
    page.getByRole("heading", { level: 1, name: "Summary of all your CPD Activities" }),
  ).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("cell", { name: title, exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000, intervals: [1_000] });
  await checkA11y(page, "/entries with the certificate entry");
});

test("a basic member opening a premium library is offered the upgrade", async ({ page, request }) => {
  const library = await createLibrary(request, true);
  await login(page, await createUser({ tier: "BASIC" }));
  await dismissGreeting(page);
  // Locked out: the upgrade modal opens by itself once (upgrade.spec.ts checks it); close it first.
  const auto = page.getByRole("dialog", { name: "Upgrade to Premium" });
  await auto.getByRole("button", { name: "Not now" }).click();
  await expect(auto).toBeHidden();

  await openCpdHub(page);
  const unlock = page.getByRole("button", { name: `Unlock with Premium: ${library.name}` });
  await expect(unlock).toBeVisible();
  await checkA11y(page, "/videos as a basic member");
  await unlock.click();
  const modal = page.getByRole("dialog", { name: "Upgrade to Premium" });
  await expect(modal).toBeVisible();
  await checkA11y(page, "/videos with the upgrade modal");
  await modal.getByRole("button", { name: "Not now" }).click();
  await expect(modal).toBeHidden();

  // Straight to the library's address: the page says why and opens the upgrade dialog itself.
  await page.goto(`/videos/library/${library.id}`);
  await expect(page.getByRole("heading", { level: 1, name: library.name })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Upgrade to Premium" })).toBeVisible();
  await expect(
    page.getByText("This library is for premium members. Upgrade to watch its videos."),
  ).toBeVisible();
  await checkA11y(page, "/videos/library/:id locked");
});
