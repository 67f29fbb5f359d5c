import { expect, test } from "@playwright/test";
import { pageToken } from "./api";
import { checkA11y } from "./axe";
import { dismissGreeting, goFromMenu, login } from "./helpers";
import { createUser } from "./users";

test("edit the profile: a new job title persists, an empty first name is refused", async ({ page }) => {
  const user = await createUser({ firstName: "Alex", profession: "Paramedic" });
  await login(page, user);
  await dismissGreeting(page);
  await goFromMenu(page, "Profile", "Profile");
  await expect(page.getByLabel("Profession", { exact: true })).toHaveValue("Paramedic");
  await checkA11y(page, "/profile");

  const jobTitle = `Advanced Paramedic Practitioner ${Date.now() % 100000}`;
  await page.getByRole("button", { name: "Edit basic details" }).click();
  await checkA11y(page, "/profile editing basic details");
  await page.getByLabel("Job title").fill(jobTitle);
  await page.getByLabel("Mobile number").fill("07911 123456");
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText("Saved Profile")).toBeVisible();

  await page.reload();
  await expect(page.getByText(jobTitle)).toBeVisible();

  await page.getByRole("button", { name: "Edit basic details" }).click();
  await page.getByLabel(/^First name/).fill("");
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText("First Name must not be empty")).toBeVisible();
  await checkA11y(page, "/profile with a validation error");
  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(page.getByText(`Alex ${user.lastName}`, { exact: true }).first()).toBeVisible();
});

test("Chromium reads the 413 of an oversize upload, not a network error", async ({ page }) => {
  await login(page, await createUser());
  await dismissGreeting(page);
  const token = await pageToken(page);
  // The server answers before the body is in and reads the rest before closing (a lingering close),
  // so the browser, still sending, gets the answer.
  const answers = await page.evaluate(async (bearer) => {
    const elevenMb = new Uint8Array(11 * 1024 * 1024);
    // A PDF's first bytes, so the file is refused for its size rather than its type.
    elevenMb.set(new TextEncoder().encode("%PDF-1.7\n"));
    const headers = { authorization: `Bearer ${bearer}` };
    const form = new FormData();
    form.append("file", new Blob([elevenMb], { type: "application/pdf" }), "too-big.pdf");
    const sent = [
      fetch("/api/profile/image", {
        method: "POST",
        headers: { ...headers, "content-type": "image/png" },
        body: elevenMb,
      }),
      fetch("/api/file/upload", { method: "POST", headers, body: form }),
    ];
    return Promise.all(
      sent.map(async (p) => {
        try {
          const res = await p;
          return { status: res.status, body: await res.json() };
        } catch (err) {
          return { status: 0, body: String(err) };
        }
      }),
    );
  }, token);
  for (const answer of answers) {
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ statusCode: 413, code: "PAYLOAD_TOO_LARGE" });
  }
});
