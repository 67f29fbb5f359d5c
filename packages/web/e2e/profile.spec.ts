import { expect, test } from "@playwright/test";
import { checkA11y } from "./axe";
import { dismissGreeting, login } from "./helpers";
import { createUser } from "./users";

test("edit the profile: a new job title persists, an empty first name is refused", async ({ page }) => {
  const user = await createUser({ firstName: "Alex", profession: "Paramedic" });
  await login(page, user);
  await dismissGreeting(page);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Profile", exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
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
