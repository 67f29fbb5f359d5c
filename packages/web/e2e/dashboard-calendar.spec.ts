// Dashboard home, calendar, My Webinars and event management against the real API.
// Every test makes its own users and data; the page's clock is fixed, so "today" is known.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { apiCreateDiary } from "./api";
import { checkA11y } from "./axe";
import { dismissGreeting, login, londonDay, morningOf, plusDays, shortStamp } from "./helpers";
import { apiToken, createOrganisation, createUser, type TestUser } from "./users";

/** The 1st of next month (London), as YYYY-MM-DD: a month that is wholly in the future. */
const nextMonth = () => {
  const [y, m] = londonDay().split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
};
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function statValue(page: Page, label: string): Promise<string> {
  const el = page.getByTestId(`stat-value-${label}`);
  await expect(el).toHaveText(/^\d/);
  return (await el.textContent()) ?? "";
}

async function adminToken(request: APIRequestContext): Promise<string> {
  return apiToken(request, await createUser({ admin: true }));
}

test("a new diary entry raises Total Entries and Hours Logged on the dashboard", async ({
  page,
  request,
}) => {
  const user = await createUser();
  const token = await apiToken(request, user);
  await login(page, user);
  await dismissGreeting(page);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  expect(await statValue(page, "Total Entries")).toBe("0");
  expect(await statValue(page, "Hours Logged")).toBe("0");
  await checkA11y(page, "/dashboard of a new user");

  await apiCreateDiary(request, token, `E2E dashboard entry ${shortStamp()}`);
  await page.reload();
  await expect(page.getByTestId("stat-value-Total Entries")).toHaveText("1");
  await expect(page.getByTestId("stat-value-Hours Logged")).toHaveText("1.5");
  await expect(page.getByRole("heading", { name: "Top CPD Categories" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Top CPD Categories" })).toContainText("Clinical Education");
  await checkA11y(page, "/dashboard");
  await page.getByRole("link", { name: /Diary Entries/ }).click();
  // The card opens the list for its own period and type, so the list's total is the card's number.
  await expect(page).toHaveURL(/\/entries\?type=diary&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
});

test("the period selector changes the totals; a custom range needs both dates", async ({ page, request }) => {
  const user = await createUser();
  const token = await apiToken(request, user);
  await apiCreateDiary(request, token, "E2E this year");
  await apiCreateDiary(request, token, "E2E three years ago", plusDays(londonDay(), -3 * 365));
  await login(page, user);
  await dismissGreeting(page);
  expect(await statValue(page, "Total Entries")).toBe("1");

  const period = page.getByLabel("Period");
  await period.selectOption({ label: "Lifetime" });
  await expect(page.getByTestId("stat-value-Total Entries")).toHaveText("2");

  await period.selectOption({ label: "Custom range" });
  const confirm = page.getByRole("button", { name: "Confirm" });
  await expect(confirm).toBeDisabled();
  await page.getByRole("textbox", { name: /^From\b/ }).fill("01/01/2001");
  await expect(confirm).toBeDisabled();
  await page.getByRole("textbox", { name: /^To\b/ }).fill("31/12/2001");
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(page.getByTestId("stat-value-Total Entries")).toHaveText("0");
  await expect(page.getByText("No entries within the specified period.").first()).toBeVisible();
  await checkA11y(page, "/dashboard with a custom range");
});

test("register for an event in the calendar, then unregister", async ({ page, request }) => {
  const admin = await adminToken(request);
  const title = `E2E study day ${shortStamp()}`;
  // The page's today is the 10th of next month; the event is on the 13th.
  const month = nextMonth();
  const pageToday = plusDays(month, 9);
  const start = new Date(`${plusDays(month, 12)}T10:00:00Z`);
  const res = await request.post("/api/calendar/events", {
    headers: auth(admin),
    data: {
      title,
      description: "Hands-on skills.\nBring your own PPE.",
      location: "Training Centre, Leeds",
      contactName: "Education team",
      contactEmail: "education@example.org",
      website: "https://www.example.org/events",
      joinEventLink: "https://meet.example.org/e2e",
      happensAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 3 * 3_600_000).toISOString(),
      capacity: 40,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const event = (await res.json()) as { id: string };

  await login(page, await createUser(), { at: morningOf(pageToday) });
  await dismissGreeting(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Calendar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Calendar key" }).getByRole("listitem")).toHaveCount(6);
  await checkA11y(page, "/calendar month view");
  await page.getByText("Week", { exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: / to / })).toBeVisible();
  await checkA11y(page, "/calendar week view");
  await page.getByText("List", { exact: true }).click();
  await checkA11y(page, "/calendar list view");
  await page.getByRole("button", { name: new RegExp(`${title}, Event$`) }).click();

  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("40 of 40 places left")).toBeVisible();
  await expect(dialog.getByRole("link", { name: /Join the event/ })).toHaveCount(0);
  await checkA11y(page, "/calendar event details");
  await dialog.getByRole("button", { name: "Register for Event" }).click();
  await expect(page.getByText("Registration Successful")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Unregister from Event" })).toBeVisible();
  await expect(dialog.getByText("39 of 40 places left")).toBeVisible();
  await expect(dialog.getByRole("link", { name: /Join the event/ })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: new RegExp(`${title}, Registered event$`) })).toBeVisible();

  // The dashboard opens the same details from ?event=<id>.
  await page.goto(`/dashboard?event=${event.id}`);
  const fromLink = page.getByRole("dialog", { name: title });
  await expect(fromLink).toBeVisible();
  await fromLink.getByRole("button", { name: "Unregister from Event" }).click();
  const confirm = page.getByRole("dialog", { name: "Unregister from Event" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Unregister" }).click();
  await expect(fromLink.getByRole("button", { name: "Register for Event" })).toBeVisible();
});

test("My Webinars lists a registered webinar with its badge", async ({ page, request }) => {
  const admin = await adminToken(request);
  const user = await createUser();
  const slug = `e2e-webinar-${shortStamp()}`;
  const title = `E2E webinar ${slug}`;
  const today = londonDay();
  const start = new Date(`${plusDays(today, 3)}T12:00:00Z`);
  const created = await request.post("/api/webinars", {
    headers: auth(admin),
    data: {
      webinarIdStr: slug,
      title,
      webinarDescription: "A short talk.",
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 3_600_000).toISOString(),
      joinLink: "https://meet.example.org/e2e",
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const reg = await request.post(`/api/webinars/${slug}/register`, {
    headers: auth(await apiToken(request, user)),
  });
  expect(reg.status(), await reg.text()).toBe(200);

  await login(page, user, { at: morningOf(today) });
  await dismissGreeting(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My Webinars" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My Webinars" })).toBeVisible();
  const card = page.getByRole("listitem").filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.getByText("In 3 days", { exact: true })).toBeVisible();
  await checkA11y(page, "/my-webinars");
});

test("an organisation manager creates, edits and deletes an event", async ({ page }) => {
  const title = `E2E journal club ${shortStamp()}`;
  const organisation = await createOrganisation();
  const manager: TestUser = await createUser({
    tier: "CORPORATE",
    manager: true,
    organisationId: organisation.id,
  });
  const today = londonDay();
  await login(page, manager, { at: morningOf(today) });
  await dismissGreeting(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Events" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Events and webinars" })).toBeVisible();
  await checkA11y(page, "/organisation/events");

  await page.getByRole("button", { name: "Create event" }).click();
  const dialog = page.getByRole("dialog", { name: "Create event" });
  await dialog.getByLabel(/^Title/).fill(title);
  const day = plusDays(today, 5).split("-").reverse().join("/");
  await dialog.getByLabel(/^Start date/).fill(day);
  await dialog.getByLabel(/^End date/).fill(day);
  await dialog.getByLabel(/^Contact email/).fill("not-an-email");
  await dialog.getByRole("button", { name: "Create event" }).click();
  await expect(dialog.getByText("Contact email is not in the expected format")).toBeVisible();
  await checkA11y(page, "/organisation/events form with a server error");
  await dialog.getByLabel(/^Contact email/).fill("club@acme.example");
  await dialog.getByRole("button", { name: "Create event" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row).toContainText("Your organisation");

  await row.getByRole("button", { name: `Edit ${title}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit event" });
  await expect(edit.getByLabel(/^Title/)).toHaveValue(title);
  await edit.getByLabel(/^Location/).fill("Acme Health library");
  await edit.getByRole("button", { name: "Save event" }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText("Acme Health library");

  await row.getByRole("button", { name: `Delete ${title}` }).click();
  await page
    .getByRole("dialog", { name: "Delete event" })
    .getByRole("button", { name: "Delete event" })
    .click();
  await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);
});

test("the dashboard, calendar and My Webinars pass axe on a phone-sized screen", async ({
  page,
  request,
}) => {
  const user = await createUser();
  await apiCreateDiary(request, await apiToken(request, user), "E2E phone entry");
  await page.setViewportSize({ width: 375, height: 800 });
  await login(page, user);
  await dismissGreeting(page);
  await expect(page.getByTestId("stat-value-Total Entries")).toHaveText("1");
  await expect(page.getByRole("heading", { name: "Entries over the last 12 months" })).toBeVisible();
  await checkA11y(page, "/dashboard at 375 px");
  await page.goto("/calendar");
  await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
  await checkA11y(page, "/calendar at 375 px");
  await page.getByText("Month", { exact: true }).click();
  await checkA11y(page, "/calendar month view at 375 px");
  await page.goto("/my-webinars");
  await expect(page.getByRole("heading", { level: 1, name: "My Webinars" })).toBeVisible();
  await checkA11y(page, "/my-webinars at 375 px");
});
