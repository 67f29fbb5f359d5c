// Issue 11 in the browser: registration with the captcha and the e-mailed confirmation, a known
// address offered a password reset, organisation single sign-on through the local OpenID provider
// (scripts/fakes/oidc.mjs, seeded organisation `northshire-sso`), change of e-mail by the link sent
// to the new address, verification of the alternative e-mail with a mailed code, and scheduled
// deletion. Every test makes its own users; axe runs on every page of the product visited.
import { LIFECYCLE_MESSAGES } from "@cpd/contract";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { checkA11y } from "./axe";
import {
  dismissGreeting,
  fixPageClock,
  login,
  londonDay,
  morningOf,
  PASSWORD,
  skipMiniTour,
  stamp,
} from "./helpers";
import { waitForMail } from "./mail";
import { createUser } from "./users";

// Mail, logins and many axe runs per test: slower than most specs on a loaded machine.
test.describe.configure({ timeout: 120_000 });

const TOKEN = "[A-Za-z0-9_-]+";
const SSO_KEY = "northshire-sso";
const SSO_NAME = "Northshire NHS Trust (SSO)";

/** The path of the first link to `path/<token>` in the newest matching e-mail to `email`. */
async function mailedPath(email: string, since: number, subject: RegExp, path: string): Promise<string> {
  const [link] = await waitForMail(email, {
    since,
    subject,
    pattern: new RegExp(`https?://[^\\s"'<>]+${path}/${TOKEN}`),
  });
  return new URL(link).pathname;
}

/** A page in a browser context of its own (no session, no provider cookies), clock fixed. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await fixPageClock(page, morningOf(londonDay()));
  await skipMiniTour(page);
  return page;
}

/** Fills the registration form (not the captcha) for `email`. */
async function fillRegistration(page: Page, email: string, password: string) {
  await page.getByLabel(/^First name/).fill("Rae");
  await page.getByLabel(/^Last name/).fill("Registrant");
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Mobile number/).fill("07911 123456");
  await page.getByLabel(/^Profession/).fill("Paramedic");
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Confirm password/).fill(password);
}

/** Signs in on the local OpenID provider's page and lands on this site's dashboard. */
async function signInAtProvider(page: Page, email: string, appOrigin: string) {
  await expect(page.getByRole("heading", { name: "Local OpenID provider" })).toBeVisible();
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/(welcome|dashboard)$/);
  expect(new URL(page.url()).origin).toBe(appOrigin);
  await dismissGreeting(page);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
}

/** The fake provider's "I am not a robot" box, rendered by its script into the form. */
const captchaBox = (page: Page) => page.getByRole("checkbox", { name: "I am not a robot" });

test("registration: the captcha, the e-mailed confirmation link, then log in on a trial", async ({
  page,
}) => {
  const email = `e2e-register-${stamp()}@test.example`;
  await page.goto("/login");
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/v2\/auth\/register$/);
  await expect(page.getByRole("heading", { level: 1, name: "Create an account" })).toBeVisible();
  await expect(captchaBox(page)).toBeVisible();
  await checkA11y(page, "/v2/auth/register");

  await fillRegistration(page, email, PASSWORD);
  // The address is checked on leaving the field: a new one is available.
  await page.getByLabel(/^Mobile number/).focus();
  await expect(page.getByText(LIFECYCLE_MESSAGES.emailAvailable)).toBeVisible();

  // Without the captcha ticked, the form says so and sends nothing.
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("alert").or(page.getByRole("status"))).toContainText(
    LIFECYCLE_MESSAGES.captchaMissing,
  );
  await checkA11y(page, "/v2/auth/register without the captcha");

  await captchaBox(page).check();
  const since = Date.now();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Registration Successful" })).toBeVisible();
  await expect(page.getByText(LIFECYCLE_MESSAGES.registered)).toBeVisible();
  await checkA11y(page, "/v2/auth/register after registering");

  const confirmPath = await mailedPath(
    email,
    since,
    /^Confirm your CPD account's email address$/,
    "/v2/auth/confirm-email",
  );

  // Before the link is opened, the right password is refused with the reason.
  await page.goto("/login");
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText(LIFECYCLE_MESSAGES.emailNotConfirmed)).toBeVisible();
  await checkA11y(page, "/login refusing an unconfirmed account");

  await page.goto(confirmPath);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your email address" })).toBeVisible();
  await expect(page.getByText(LIFECYCLE_MESSAGES.confirmed)).toBeVisible();
  await checkA11y(page, "/v2/auth/confirm-email/<token>");
  await page.getByRole("link", { name: "Go to log in" }).click();
  await expect(page).toHaveURL(/\/login$/);

  await login(page, { email, password: PASSWORD });
  await dismissGreeting(page);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  // A new account is on a free trial: the banner counts the days down.
  await expect(page.getByText(/^\d+ days? left in your free trial$/)).toBeVisible();
  await checkA11y(page, "/dashboard on a trial");
});

test("registration with an address that has an account offers a password reset", async ({ page }) => {
  const existing = await createUser();
  await page.goto("/v2/auth/register");
  await expect(page.getByRole("heading", { level: 1, name: "Create an account" })).toBeVisible();
  await fillRegistration(page, existing.email.toUpperCase(), `Another-${stamp()}!`);
  await page.getByLabel(/^Mobile number/).focus();
  await expect(page.getByText(LIFECYCLE_MESSAGES.emailRegistered)).toBeVisible();
  const reset = page.getByRole("link", { name: "Reset your password" });
  await expect(reset).toBeVisible();
  await checkA11y(page, "/v2/auth/register with a known address");

  // Registering anyway answers as for a new address, and the owner is told by e-mail.
  await captchaBox(page).check();
  const since = Date.now();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Registration Successful" })).toBeVisible();
  await waitForMail(existing.email, {
    since,
    subject: /^Someone tried to register with your email address$/,
    pattern: /\/forgot-password/,
  });

  await page.goto("/v2/auth/register");
  await page.getByLabel(/^Email/).fill(existing.email);
  await page.getByLabel(/^Mobile number/).focus();
  await page.getByRole("link", { name: "Reset your password" }).click();
  await expect(page.getByRole("heading", { name: "Forgot password" })).toBeVisible();
  await checkA11y(page, "/forgot-password from registration");
});

test("organisation single sign-on: branding, the provider's login, back signed in; foreign redirects are not followed", async ({
  browser,
  baseURL,
}) => {
  const email = `e2e-sso-${stamp()}@test.example`;
  const page = await freshPage(browser);
  const appOrigin = new URL(baseURL as string).origin;

  // The short link, asked to go somewhere else afterwards.
  await page.goto(`/o/${SSO_KEY}?redirect=${encodeURIComponent("https://evil.example/steal")}`);
  await expect(page).toHaveURL(new RegExp(`/auth/login/organisation/${SSO_KEY}`));
  await expect(page.getByRole("heading", { level: 1, name: `Log in to ${SSO_NAME}` })).toBeVisible();
  await expect(page.getByRole("img", { name: SSO_NAME })).toBeVisible();
  const signIn = page.getByRole("link", { name: `Sign in with ${SSO_NAME}` });
  await expect(signIn).toBeVisible();
  await expect(page.getByLabel(/^Password/)).toHaveCount(0);
  await checkA11y(page, `/auth/login/organisation/${SSO_KEY}`);

  // The local provider's page (not the product's: axe is not run on it).
  await signIn.click();
  // Back in the SPA, signed in as a new member of the organisation.
  await signInAtProvider(page, email, appOrigin);
  await checkA11y(page, "/dashboard after single sign-on");
  await page.context().close();

  // The API's start asked straight for a foreign redirect: sign-on still ends on this site.
  const again = await freshPage(browser);
  const branding = await again.request.get(`/api/branding/${SSO_KEY}`);
  expect(branding.status()).toBe(200);
  const { organisationId } = (await branding.json()) as { organisationId: number };
  await again.goto(
    `/api/auth/external-login/${organisationId}/start?redirect_to=${encodeURIComponent("https://evil.example/steal")}`,
  );
  await signInAtProvider(again, email, appOrigin);
  // An organisation member's address is the organisation's: no change of e-mail here.
  await again.goto("/account-management");
  await expect(again.getByText(LIFECYCLE_MESSAGES.ssoManaged)).toBeVisible();
  await expect(again.getByLabel(/^New email address/)).toBeDisabled();
  await checkA11y(again, "/account-management of a sign-on member");
  await again.context().close();
});

test("change of e-mail: the link in the new mailbox, then log in with the new address", async ({ page }) => {
  const user = await createUser({ firstName: "Cass" });
  const newEmail = `e2e-new-${stamp()}@test.example`;
  await login(page, user);
  await dismissGreeting(page);

  await page.goto("/account-management");
  await expect(page.getByRole("heading", { level: 1, name: "Account Management" })).toBeVisible();
  await checkA11y(page, "/account-management");
  const change = page.getByRole("button", { name: "Change email" });
  await page.getByLabel(/^New email address/).fill(newEmail);
  await expect(change).toBeDisabled();
  await page.getByLabel(/^Confirm new email address/).fill(newEmail);
  const since = Date.now();
  await change.click();

  // Logged out at once, with the server's message.
  await page.waitForURL("**/login");
  await expect(page.getByText(LIFECYCLE_MESSAGES.emailChangeSent)).toBeVisible();
  await checkA11y(page, "/login after asking for a change of e-mail");

  const confirmPath = await mailedPath(
    newEmail,
    since,
    /^Confirm your new CPD email address$/,
    "/v2/auth/confirm-email-change",
  );
  await page.goto(confirmPath);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your new email address" })).toBeVisible();
  await expect(page.getByText(LIFECYCLE_MESSAGES.emailChanged)).toBeVisible();
  await checkA11y(page, "/v2/auth/confirm-email-change/<token>");
  // A few seconds later, the page goes on to log in by itself.
  await page.waitForURL("**/login");
  await expect(page.getByText(LIFECYCLE_MESSAGES.emailChanged)).toBeVisible();
  await checkA11y(page, "/login after the change of e-mail");

  // The old address is told.
  await waitForMail(user.email, {
    since,
    subject: /^Your CPD email address has been changed$/,
    pattern: new RegExp(newEmail.replace(/[.]/g, "\\.")),
  });

  await login(page, { email: newEmail, password: user.password });
  await dismissGreeting(page);
  await page.goto("/account-management");
  await page.getByRole("link", { name: "Email history" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Email change history" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: newEmail });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(user.email);
  await checkA11y(page, "/email-history");
});

test("verify the alternative e-mail with a code from the mailbox", async ({ page }) => {
  const alternative = `e2e-alt-${stamp()}@test.example`;
  const user = await createUser({ alternativeEmail: alternative });
  await login(page, user);
  await dismissGreeting(page);

  await page.goto("/profile");
  const row = page.getByRole("definition").filter({ hasText: alternative });
  await expect(row.getByText("Unverified", { exact: true })).toBeVisible();
  await checkA11y(page, "/profile with an unverified alternative e-mail");

  const since = Date.now();
  await row.getByRole("button", { name: "Verify alternative email" }).click();
  const dialog = page.getByRole("dialog", { name: "Verify alternative email address" });
  const codeField = dialog.getByLabel(/^Verification code/);
  await expect(codeField).toBeVisible();
  await expect(dialog.getByText(LIFECYCLE_MESSAGES.codeSentEmail)).toBeVisible();
  await checkA11y(page, "/profile with the verification modal");

  const [, code] = await waitForMail(alternative, {
    since,
    subject: /^Your CPD verification code$/,
    pattern: /alternative email address is (\d{6})\./,
  });
  await codeField.fill(code as string);
  await dialog.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(LIFECYCLE_MESSAGES.alternativeEmailVerified)).toBeVisible();
  await expect(row.getByText("Verified", { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: "Verify alternative email" })).toHaveCount(0);
  await checkA11y(page, "/profile with the alternative e-mail verified");
});

test("scheduled deletion needs the confirm box, shows its date, and a full member cancels it", async ({
  page,
}) => {
  const user = await createUser({ tier: "PREMIUM" });
  await login(page, user);
  await dismissGreeting(page);
  await page.goto("/account-management");
  await expect(page.getByRole("heading", { level: 1, name: "Account Management" })).toBeVisible();

  const when = page.getByLabel("When should your account be deleted?");
  await expect(when).toHaveValue("7");
  // The date the choice leads to, as the page words it; the scheduled state must show the same.
  const description = page.getByText(/^Your account will be deleted on .+\.$/);
  const planned = /^Your account will be deleted on (.+)\.$/.exec(
    (await description.textContent()) ?? "",
  )?.[1];
  expect(planned, "the date under the select").toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

  const scheduleButton = page.getByRole("button", { name: "Schedule deletion" });
  await scheduleButton.click();
  await expect(page.getByText(LIFECYCLE_MESSAGES.deletionConfirm)).toBeVisible();
  await expect(page.getByText("Deletion scheduled")).toHaveCount(0);
  await checkA11y(page, "/account-management without the confirm box");

  await page.getByRole("checkbox", { name: /I understand that my account/ }).check();
  await scheduleButton.click();
  await expect(page.getByText(`Your account is scheduled to be deleted on ${planned}.`)).toBeVisible();
  await expect(page.getByText(/^Your account will be deleted on \d{1,2} \w+ \d{4}\.$/).first()).toBeVisible();
  await expect(page.getByText("Your account is scheduled for deletion")).toBeVisible();
  await checkA11y(page, "/account-management with a deletion scheduled");

  await page.getByRole("button", { name: "Cancel deletion" }).click();
  await expect(page.getByText(`Your account is scheduled to be deleted on ${planned}.`)).toBeHidden();
  await expect(page.getByText("Your account is scheduled for deletion")).toBeHidden();
  await checkA11y(page, "/account-management after cancelling");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Account Management" })).toBeVisible();
  await expect(page.getByLabel("When should your account be deleted?")).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel deletion" })).toHaveCount(0);
});

test("a member on a trial schedules deletion but cannot cancel it", async ({ page }) => {
  const user = await createUser({ tier: "BASIC", trialDaysLeft: 30 });
  await login(page, user);
  await dismissGreeting(page);
  await page.goto("/account-management");
  await page.getByRole("checkbox", { name: /I understand that my account/ }).check();
  await page.getByRole("button", { name: "Schedule deletion" }).click();
  await expect(page.getByText(/^Your account is scheduled to be deleted on .+\.$/)).toBeVisible();
  await expect(page.getByText(`${LIFECYCLE_MESSAGES.deletionCancelFullOnly}.`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel deletion" })).toHaveCount(0);
  await checkA11y(page, "/account-management of a trial member with a deletion scheduled");
});

test("registration and organisation login at a phone's width (375 px)", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  for (const [path, heading] of [
    ["/v2/auth/register", "Create an account"],
    [`/auth/login/organisation/${SSO_KEY}`, `Log in to ${SSO_NAME}`],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    if (path.includes("register")) await expect(captchaBox(page)).toBeVisible();
    else await expect(page.getByRole("link", { name: `Sign in with ${SSO_NAME}` })).toBeVisible();
    await checkA11y(page, `${path} at 375 px`);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${path} fits 375 px`,
    ).toBeLessThanOrEqual(375);
  }
});
