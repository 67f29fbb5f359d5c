// Dashboard home, calendar, My Webinars and event management against the real API.
// Every test makes its own data through the API and removes it again, so reruns work.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { checkA11y } from "./axe";
import { dismissGreeting, login, PASSWORD } from "./helpers";

const londonDay = (d = new Date()) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(d);
const plusDays = (n: number) => new Date(Date.now() + n * 86_400_000);
const stamp = () => `${Date.now() % 1_000_000}`;

async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post("/api/auth/login", { data: { email, password: PASSWORD } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).token as string;
}
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function statValue(page: Page, label: string): Promise<number> {
  const el = page.getByTestId(`stat-value-${label}`);
  await expect(el).toHaveText(/^\d/);
  return Number(await el.textContent());
}

test("a new diary entry raises Total Entries and Hours Logged on the dashboard", async ({
  page,
  request,
}) => {
  const token = await apiToken(request, "demo@example.org");
  await login(page, "demo@example.org");
  await dismissGreeting(page);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const total = await statValue(page, "Total Entries");
  const hours = await statValue(page, "Hours Logged");
  await expect(page.getByRole("heading", { name: "Top CPD Categories" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Top CPD Categories" })).toBeAttached();
  await checkA11y(page, "/dashboard");

  const created = await request.post("/api/entries/diary", {
    headers: auth(token),
    data: {
      Field222: `E2E dashboard entry ${stamp()}`,
      DiaryDate: londonDay(),
      DiaryHours: "1.5",
      ActivityType: "Self-directed learning",
      Field116: "Clinical Skills",
    },
  });
  expect(created.ok()).toBeTruthy();
  const { entryId } = await created.json();
  try {
    await page.reload();
    await expect(page.getByTestId("stat-value-Total Entries")).toHaveText(String(total + 1));
    expect(await statValue(page, "Hours Logged")).toBeGreaterThan(hours);
    await page.getByRole("link", { name: /Diary Entries/ }).click();
    await expect(page).toHaveURL(/\/entries\?type=diary/);
  } finally {
    expect((await request.delete(`/api/entries/${entryId}`, { headers: auth(token) })).ok()).toBeTruthy();
  }
});

test("the period selector changes the totals; a custom range needs both dates", async ({ page }) => {
  await login(page, "demo@example.org");
  await dismissGreeting(page);
  const twelve = await statValue(page, "Total Entries");

  const period = page.getByLabel("Period");
  await period.selectOption({ label: "Lifetime" });
  await expect(page.getByTestId("stat-value-Total Entries")).toHaveText(/^\d/);
  expect(await statValue(page, "Total Entries")).toBeGreaterThanOrEqual(twelve);

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
  const admin = await apiToken(request, "admin@example.org");
  const title = `E2E study day ${stamp()}`;
  const start = plusDays(3);
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
      happensAt: new Date(start.getTime()).toISOString(),
      endsAt: new Date(start.getTime() + 3 * 3_600_000).toISOString(),
      capacity: 40,
    },
  });
  expect(res.ok()).toBeTruthy();
  const event = await res.json();
  try {
    await login(page, "demo@example.org");
    await dismissGreeting(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Calendar" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Calendar key" }).getByRole("listitem")).toHaveCount(6);
    await checkA11y(page, "/calendar month view");
    if (londonDay(start).slice(0, 7) !== londonDay().slice(0, 7)) {
      await page.getByRole("button", { name: "Next month" }).click();
    }
    await page.getByText("Week", { exact: true }).click();
    await expect(page.getByRole("heading", { level: 2, name: / to / })).toBeVisible();
    await checkA11y(page, "/calendar week view");
    await page.getByText("List", { exact: true }).click();
    await checkA11y(page, "/calendar list view");
    await page.getByRole("button", { name: new RegExp(`^Event: ${title}`) }).click();

    const dialog = page.getByRole("dialog", { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("40 of 40 places left")).toBeVisible();
    await expect(dialog.getByRole("link", { name: /Join the event/ })).toHaveCount(0);
    await checkA11y(page, "/calendar event details");
    await dialog.getByRole("button", { name: "Register for Event" }).click();
    await expect(page.getByText("Registration Successful")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Unregister from Event" })).toBeVisible();
    await expect(dialog.getByRole("link", { name: /Join the event/ })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: new RegExp(`^Registered event: ${title}`) })).toBeVisible();

    // The dashboard opens the same details from ?event=<id>.
    await page.goto(`/dashboard?event=${event.id}`);
    const fromLink = page.getByRole("dialog", { name: title });
    await expect(fromLink).toBeVisible();
    await fromLink.getByRole("button", { name: "Unregister from Event" }).click();
    const confirm = page.getByRole("dialog", { name: "Unregister from Event" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Unregister" }).click();
    await expect(fromLink.getByRole("button", { name: "Register for Event" })).toBeVisible();
  } finally {
    await request.delete(`/api/calendar/events/${event.id}`, { headers: auth(admin) });
  }
});

test("My Webinars lists a registered webinar with its badge", async ({ page, request }) => {
  const admin = await apiToken(request, "admin@example.org");
  const demo = await apiToken(request, "demo@example.org");
  const slug = `e2e-webinar-${stamp()}`;
  const title = `E2E webinar ${slug}`;
  const start = plusDays(3);
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
  expect(created.ok()).toBeTruthy();
  try {
    const reg = await request.post(`/api/webinars/${slug}/register`, { headers: auth(demo) });
    expect(reg.ok()).toBeTruthy();
    await login(page, "demo@example.org");
    await dismissGreeting(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My Webinars" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "My Webinars" })).toBeVisible();
    const card = page.getByRole("listitem").filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card.getByText(/^(Today|In \d+ days?)$/)).toBeVisible();
    await checkA11y(page, "/my-webinars");
  } finally {
    await request.delete(`/api/webinars/${slug}`, { headers: auth(admin) });
  }
});

test("an organisation manager creates, edits and deletes an event", async ({ page }) => {
  const title = `E2E journal club ${stamp()}`;
  await login(page, "manager@example.org");
  await dismissGreeting(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Events" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Events and webinars" })).toBeVisible();
  await checkA11y(page, "/organisation/events");

  await page.getByRole("button", { name: "Create event" }).click();
  const dialog = page.getByRole("dialog", { name: "Create event" });
  await dialog.getByLabel(/^Title/).fill(title);
  const day = londonDay(plusDays(5)).split("-").reverse().join("/");
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

test("the dashboard, calendar and My Webinars pass axe on a phone-sized screen", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await login(page, "demo@example.org");
  await dismissGreeting(page);
  await expect(page.getByTestId("stat-value-Total Entries")).toHaveText(/^\d/);
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
