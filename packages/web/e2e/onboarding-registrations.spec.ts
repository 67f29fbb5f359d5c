// Onboarding with registrations (REQ-REVAL-02, REQ-REVAL-09): a manager's organisation requires an
// NMC registration and adds a member; the member opens the e-mailed link, sets a password, logs
// in, and is taken to the registrations step, which cannot be skipped until the NMC registration
// is saved.
import { expect, test } from "@playwright/test";
import { checkA11y } from "./axe";
import { fixPageClock, londonDay, morningOf, pick, plusDays, stamp, submitLogin, ukDate } from "./helpers";
import { waitForMail } from "./mail";
import { apiToken, createOrganisation, createUser, PASSWORD } from "./users";

test("a new member of an organisation that requires an NMC registration adds it at their first log-in", async ({
  page,
  request,
}) => {
  test.slow();
  const org = await createOrganisation();
  const manager = await createUser({ manager: true, tier: "CORPORATE", organisationId: org.id });
  const headers = { Authorization: `Bearer ${await apiToken(request, manager)}` };
  const settings = await request.get(`/api/organisations/${org.id}/settings`, { headers });
  const required = await request.put(`/api/organisations/${org.id}/settings`, {
    headers,
    data: { ...(await settings.json()), requiredRegulator: "NMC" },
  });
  expect(required.status(), await required.text()).toBe(200);

  const email = `e2e-onboard-${stamp()}@test.example`;
  const since = Date.now();
  const added = await request.post(`/api/organisations/${org.id}/users`, {
    headers,
    data: { firstName: "Nia", lastName: "Newton", email },
  });
  expect(added.status(), await added.text()).toBe(201);
  const [link] = await waitForMail(email, { since, pattern: /\/v2\/auth\/onboard\/[\w-]+/ });

  await fixPageClock(page, morningOf(londonDay()));
  await page.goto(link);
  await expect(page.getByText(/^Welcome, Nia\./)).toBeVisible();
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel(/^Confirm password/).fill(PASSWORD);
  await page.getByLabel(/^Governing body/).selectOption("NMC");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
  await submitLogin(page, { email, password: PASSWORD });

  await page.waitForURL("**/welcome/registrations");
  await expect(
    page.getByRole("heading", { level: 1, name: "Your professional registrations" }),
  ).toBeVisible();
  await expect(
    page.getByText(/^Your organisation requires a registration with the Nursing and Midwifery Council/),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Skip for now" })).toHaveCount(0);
  await checkA11y(page, "/welcome/registrations with a required registration");

  await page.getByRole("button", { name: "Add a registration" }).click();
  await pick(page, "Regulator", "Nursing and Midwifery Council (NMC)");
  await page.getByRole("combobox", { name: "Registers", exact: true }).click();
  await page.getByRole("option", { name: /^Nurse/i }).click();
  await page.keyboard.press("Escape");
  await page.getByLabel(/^Registration number/).fill("12A3456E");
  await page.getByLabel(/^Renewal or revalidation date/).fill(ukDate(plusDays(londonDay(), 400)));
  await page.getByRole("button", { name: "Save registrations" }).click();
  await page.waitForURL(/\/(welcome|dashboard)$/);

  const mine = await request.get("/api/revalidation", {
    headers: {
      Authorization: `Bearer ${await apiToken(request, { ...manager, email, password: PASSWORD })}`,
    },
  });
  const body = (await mine.json()) as {
    items: { registration: { regulator: string } }[];
    requiredRegistration: unknown;
  };
  expect(body.requiredRegistration).toBeNull();
  expect(body.items.map((p) => p.registration.regulator)).toEqual(["NMC"]);
});
