import { expect, request, test } from "@playwright/test";
import { checkA11y } from "./axe";
import { dismissGreeting, login, PASSWORD } from "./helpers";

// basic@example.org is used here because no other spec changes its password.
const EMAIL = "basic@example.org";
const NEW_PASSWORD = `Reset-${Date.now()}!`;
const MAILDEV = process.env.MAILDEV_URL ?? "http://localhost:1080";

interface Mail {
  id: string;
  to: { address: string }[];
  subject: string;
  text?: string;
  html?: string;
  date: string;
}

async function waitForResetLink(since: number): Promise<string> {
  const api = await request.newContext();
  try {
    for (let i = 0; i < 30; i++) {
      const mails = (await (await api.get(`${MAILDEV}/email`)).json()) as Mail[];
      // MailDev lists messages in arrival order: the last one for the address is the newest.
      const mine = mails.filter(
        (m) => m.to.some((t) => t.address.toLowerCase() === EMAIL) && Date.parse(m.date) >= since - 1000,
      );
      const last = mine.at(-1);
      const body = last ? `${last.text ?? ""} ${last.html ?? ""}` : "";
      const link = /https?:\/\/[^\s"'<>]+\/reset-password\/[A-Za-z0-9_-]+/.exec(body)?.[0];
      if (link) return link;
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await api.dispose();
  }
  throw new Error(`No reset e-mail for ${EMAIL} in MailDev at ${MAILDEV}`);
}

let changed = false;

// Put the seeded password back through the API so the suite can run again.
test.afterAll(async ({ baseURL }) => {
  if (!changed) return;
  const api = await request.newContext({ baseURL });
  try {
    const login = await api.post("/api/auth/login", { data: { email: EMAIL, password: NEW_PASSWORD } });
    expect(login.ok()).toBeTruthy();
    const { token } = (await login.json()) as { token: string };
    const back = await api.post("/api/auth/change-password", {
      headers: { Authorization: `Bearer ${token}` },
      data: { oldPassword: NEW_PASSWORD, newPassword: PASSWORD },
    });
    expect(back.ok()).toBeTruthy();
  } finally {
    await api.dispose();
  }
});

test("forgot password: the e-mailed link sets a new password that logs in", async ({ page, baseURL }) => {
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot password" })).toBeVisible();
  await checkA11y(page, "/forgot-password");

  const since = Date.now();
  await page.getByLabel(/^Email/).fill(EMAIL);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toContainText(/./);
  await checkA11y(page, "/forgot-password after sending");

  const link = new URL(await waitForResetLink(since));
  await page.goto(new URL(link.pathname, baseURL).toString());
  await expect(page.getByRole("heading", { name: "Set a new password" })).toBeVisible();
  await checkA11y(page, "/reset-password");
  await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
  await page.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Reset password" }).click();

  await page.waitForURL("**/login");
  changed = true;
  await expect(page.getByText("Success")).toBeVisible();
  await checkA11y(page, "/login after reset");

  await login(page, EMAIL, NEW_PASSWORD);
  await dismissGreeting(page);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});
