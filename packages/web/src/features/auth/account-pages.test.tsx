import { LIFECYCLE, LIFECYCLE_MESSAGES, MESSAGES } from "@cpd/contract";
import { configure, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ERROR_MESSAGES } from "../../lib/error-messages";
import { safeRedirect } from "../../lib/redirect";
import { session } from "../../lib/session";
import { ACCOUNT_ROUTES } from "../../routes/account-routes";
import { fakeApi, type Route, withError } from "../../test/fake-api";
import { renderApp } from "../../test/render";
import ConfirmEmailPage from "./ConfirmEmailPage";
import LoginPage from "./LoginPage";
import { NO_CAPTCHA_TOKEN } from "./RegisterPage";
import { browser } from "./sso-start";

// The pages load lazily, as in the app: on a busy machine that takes longer than the default second.
configure({ asyncUtilTimeout: 5000 });

const TOKEN = "t".repeat(43);
const FALLBACK = safeRedirect(null);
const routes = [
  ...ACCOUNT_ROUTES,
  { path: "/login", element: <LoginPage /> },
  { path: "/forgot-password", element: <h1>Forgot password</h1> },
  { path: "/entries", element: <h1>Entries</h1> },
  { path: FALLBACK, element: <h1>After login</h1> },
];

afterEach(() => {
  session.clear("logout");
  vi.restoreAllMocks();
  delete (window as { grecaptcha?: unknown }).grecaptcha;
});

/** The fake captcha provider (as scripts/fakes/captcha.mjs draws it): a box whose tick makes a token. */
function fakeCaptcha() {
  const reset = vi.fn();
  (window as { grecaptcha?: unknown }).grecaptcha = {
    render(el: HTMLElement, opts: { sitekey: string; callback: (t: string) => void }) {
      const box = document.createElement("input");
      box.type = "checkbox";
      box.setAttribute("aria-label", `I am not a robot (${opts.sitekey})`);
      box.addEventListener("change", () => opts.callback(`fake-pass-${Math.random()}`));
      el.append(box);
      return 0;
    },
    reset,
  };
  return { reset };
}

const captchaOn: Route = [
  "GET",
  /^\/api\/auth\/captcha$/,
  () => ({ enabled: true, siteKey: "site-key", scriptUrl: "http://127.0.0.1:4640/api.js" }),
];

/** The captcha provider's script tag, once the register page has added it. */
const providerScript = () =>
  waitFor(() => {
    const found = document.head.querySelector<HTMLScriptElement>(
      'script[src="http://127.0.0.1:4640/api.js"]',
    );
    if (!found) throw new Error("no script yet");
    return found;
  });

describe("registration", () => {
  async function fill(user: ReturnType<typeof renderApp>["user"], confirm = "Password123!") {
    await user.type(screen.getByLabelText(/^First name/), "Ann");
    await user.type(screen.getByLabelText(/^Last name/), "Lee");
    await user.type(screen.getByLabelText(/^Email/), "ann@example.org");
    await user.type(screen.getByLabelText(/^Mobile number/), "07911 123456");
    await user.type(screen.getByLabelText(/^Profession/), "Paramedic");
    await user.type(screen.getByLabelText(/^Password/), "Password123!");
    await user.type(screen.getByLabelText(/^Confirm password/), confirm);
  }

  it("is linked from the log in page", async () => {
    fakeApi([]);
    renderApp(routes, { at: "/login" });
    expect(screen.getByRole("link", { name: "Create an account" })).toHaveAttribute(
      "href",
      "/v2/auth/register",
    );
  });

  it("refuses passwords that differ and a missing captcha without sending", async () => {
    fakeCaptcha();
    const api = fakeApi([
      captchaOn,
      ["POST", /validate-email$/, () => ({ valid: true, registered: false, message: "ok" })],
    ]);
    const { user } = renderApp(routes, { at: "/v2/auth/register" });
    expect(await screen.findByRole("heading", { name: "Create an account" })).toBeInTheDocument();
    await screen.findByRole("checkbox", { name: /I am not a robot/ });
    await fill(user, "Password124!");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(LIFECYCLE_MESSAGES.passwordsDoNotMatch);

    await user.clear(screen.getByLabelText(/^Confirm password/));
    await user.type(screen.getByLabelText(/^Confirm password/), "Password123!");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(LIFECYCLE_MESSAGES.captchaMissing);
    expect(api.to(/\/auth\/register$/, "POST")).toHaveLength(0);
  });

  it("offers a password reset when the address is registered", async () => {
    const api = fakeApi([
      captchaOn,
      [
        "POST",
        /^\/api\/auth\/validate-email$/,
        () => ({ valid: true, registered: true, message: LIFECYCLE_MESSAGES.emailRegistered }),
      ],
    ]);
    fakeCaptcha();
    const { user } = renderApp(routes, { at: "/v2/auth/register" });
    await user.type(await screen.findByLabelText(/^Email/), "ann@example.org");
    await user.tab();
    expect(await screen.findByText(LIFECYCLE_MESSAGES.emailRegistered)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Reset your password" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute("aria-invalid", "true");
    expect(api.to(/validate-email$/, "POST")[0]?.body).toEqual({ email: "ann@example.org" });
    // Leaving the field again without a change does not ask again.
    await user.click(screen.getByLabelText(/^Email/));
    await user.tab();
    expect(api.to(/validate-email$/, "POST")).toHaveLength(1);
  });

  it("sends the form with the captcha token and shows the outcome", async () => {
    fakeCaptcha();
    const api = fakeApi([
      captchaOn,
      [
        "POST",
        /validate-email$/,
        () => ({ valid: true, registered: false, message: LIFECYCLE_MESSAGES.emailAvailable }),
      ],
      ["POST", /^\/api\/auth\/register$/, () => ({ message: LIFECYCLE_MESSAGES.registered })],
    ]);
    const { user } = renderApp(routes, { at: "/v2/auth/register" });
    await user.click(await screen.findByRole("checkbox", { name: "I am not a robot (site-key)" }));
    await fill(user);
    expect(screen.getByText(LIFECYCLE_MESSAGES.emailAvailable)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Create account" }));
    const outcome = await screen.findByRole("status");
    expect(outcome).toHaveTextContent(`Check your email${LIFECYCLE_MESSAGES.registered}`);
    expect(screen.getByRole("heading", { level: 1, name: "Registration Successful" })).toBeInTheDocument();
    const body = api.to(/\/auth\/register$/, "POST")[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      firstName: "Ann",
      lastName: "Lee",
      email: "ann@example.org",
      password: "Password123!",
      phoneNumber: "07911 123456",
      jobTitle: "Paramedic",
    });
    expect(body.recaptchaToken).toMatch(/^fake-pass-/);
    expect(screen.getByRole("link", { name: "Go to log in" })).toHaveAttribute("href", "/login");
    expect(outcome.parentElement).toHaveFocus();
  });

  it("shows a refused captcha and asks for a new one", async () => {
    const { reset } = fakeCaptcha();
    const api = fakeApi([
      captchaOn,
      ["POST", /validate-email$/, () => ({ valid: true, registered: false, message: "ok" })],
      ["POST", /\/auth\/register$/, () => withError(400, "CAPTCHA_FAILED", LIFECYCLE_MESSAGES.captchaFailed)],
    ]);
    const { user } = renderApp(routes, { at: "/v2/auth/register" });
    await user.click(await screen.findByRole("checkbox", { name: /I am not a robot/ }));
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(LIFECYCLE_MESSAGES.captchaFailed);
    expect(reset).toHaveBeenCalledWith(0);
    // The spent token is gone: sending again asks for the captcha first.
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(LIFECYCLE_MESSAGES.captchaMissing);
    expect(api.to(/\/auth\/register$/, "POST")).toHaveLength(1);
  });

  it("loads the provider's script, and says when it cannot", async () => {
    fakeApi([captchaOn]);
    renderApp(routes, { at: "/v2/auth/register" });
    const script = await providerScript();
    expect(screen.getByRole("group", { name: "Security check" })).toBeInTheDocument();
    script.dispatchEvent(new Event("error"));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      `Security check unavailable${LIFECYCLE_MESSAGES.captchaMissing}`,
    );
    script.remove();
  });

  it("renders the widget once the provider's script has loaded", async () => {
    fakeApi([captchaOn]);
    renderApp(routes, { at: "/v2/auth/register" });
    const script = await providerScript();
    fakeCaptcha();
    script.dispatchEvent(new Event("load"));
    expect(await screen.findByRole("checkbox", { name: "I am not a robot (site-key)" })).toBeInTheDocument();
    script.remove();
  });

  it("registers without a captcha when the server has none, and checks the mobile number", async () => {
    const api = fakeApi([
      ["GET", /\/auth\/captcha$/, () => ({ enabled: false, siteKey: null, scriptUrl: null })],
      ["POST", /validate-email$/, () => ({ valid: true, registered: false, message: "ok" })],
      ["POST", /\/auth\/register$/, () => ({ message: LIFECYCLE_MESSAGES.registered })],
    ]);
    const { user } = renderApp(routes, { at: "/v2/auth/register" });
    await screen.findByRole("heading", { name: "Create an account" });
    await fill(user);
    await user.clear(screen.getByLabelText(/^Mobile number/));
    await user.type(screen.getByLabelText(/^Mobile number/), "call me");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(MESSAGES.invalidMobile);
    await user.clear(screen.getByLabelText(/^Mobile number/));
    await user.click(screen.getByRole("button", { name: "Create account" }));
    await screen.findByText(LIFECYCLE_MESSAGES.registered);
    expect(api.to(/\/auth\/register$/, "POST")[0]?.body).toMatchObject({
      phoneNumber: null,
      recaptchaToken: NO_CAPTCHA_TOKEN,
    });
    expect(screen.queryByText("Security check")).toBeNull();
  });
});

describe("the confirmation link", () => {
  it("confirms once, even when React runs effects twice", async () => {
    const api = fakeApi([
      ["POST", /^\/api\/auth\/confirm-email\//, () => ({ message: LIFECYCLE_MESSAGES.confirmed })],
    ]);
    renderApp(
      [
        {
          path: "/v2/auth/confirm-email/:token",
          element: (
            <StrictMode>
              <ConfirmEmailPage />
            </StrictMode>
          ),
        },
      ],
      { at: `/v2/auth/confirm-email/${TOKEN}` },
    );
    expect(await screen.findByRole("status")).toHaveTextContent(
      `Email address confirmed${LIFECYCLE_MESSAGES.confirmed}`,
    );
    expect(api.requests.map((r) => r.url.pathname)).toEqual([`/api/auth/confirm-email/${TOKEN}`]);
    expect(screen.getByRole("link", { name: "Go to log in" })).toHaveAttribute("href", "/login");
  });

  it("says when the link is no longer valid", async () => {
    fakeApi([
      [
        "POST",
        /confirm-email\//,
        () => withError(400, "CONFIRMATION_INVALID", LIFECYCLE_MESSAGES.confirmationInvalid),
      ],
    ]);
    renderApp(routes, { at: `/v2/auth/confirm-email/${TOKEN}` });
    expect(await screen.findByRole("alert")).toHaveTextContent(LIFECYCLE_MESSAGES.confirmationInvalid);
  });
});

describe("onboarding", () => {
  const session404: Route = [
    "GET",
    /\/auth\/onboarding\//,
    () => withError(404, "ONBOARDING_INVALID", LIFECYCLE_MESSAGES.onboardingInvalid),
  ];
  const valid: Route = [
    "GET",
    /\/auth\/onboarding\//,
    () => ({ email: "new@example.org", firstName: "Nia", organisationName: "Acme Health NHS Trust" }),
  ];

  it("says Session Invalid for a used or expired link", async () => {
    fakeApi([session404]);
    renderApp(routes, { at: `/v2/auth/onboard/${TOKEN}` });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      `Session Invalid${LIFECYCLE_MESSAGES.onboardingInvalid}`,
    );
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    expect(screen.getByRole("link", { name: "Go to log in" })).toHaveAttribute("href", "/login");
  });

  it("sets the password and governing body, then goes to log in", async () => {
    const api = fakeApi([
      valid,
      ["POST", /\/auth\/onboarding\//, () => ({ message: LIFECYCLE_MESSAGES.onboarded })],
    ]);
    const { user, query } = renderApp(routes, { at: `/v2/auth/onboard/${TOKEN}` });
    expect(await screen.findByText(/Welcome, Nia\. Acme Health NHS Trust has created/)).toBeInTheDocument();
    expect(screen.getByText("new@example.org")).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Password/), "Password123!");
    await user.type(screen.getByLabelText(/^Confirm password/), "Password124!");
    await user.selectOptions(screen.getByLabelText(/^Governing body/), "NMC");
    await user.click(screen.getByRole("button", { name: "Set password" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      LIFECYCLE_MESSAGES.onboardingPasswordsDoNotMatch,
    );
    expect(api.to(/onboarding/, "POST")).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Confirm password/));
    await user.type(screen.getByLabelText(/^Confirm password/), "Password123!");
    await user.click(screen.getByRole("button", { name: "Set password" }));
    expect(await screen.findByRole("status")).toHaveTextContent(LIFECYCLE_MESSAGES.onboarded);
    expect(screen.getByRole("button", { name: "Log in" })).toBeInTheDocument();
    // The first log-in goes on to the registrations step (REQ-REVAL-02).
    expect(query()).toEqual({ redirect: "/welcome/registrations" });
    expect(api.to(/onboarding/, "POST")[0]?.body).toEqual({ password: "Password123!", governingBody: "NMC" });
    expect(api.to(/onboarding/, "GET")).toHaveLength(1);
  });
});

describe("organisation login", () => {
  const branding = (usesOauth: boolean) =>
    [
      "GET",
      /^\/api\/branding\/northshire-sso$/,
      () => ({
        organisationId: 7,
        organisationName: "Northshire NHS Trust",
        logoUrl: null,
        loginLogoUrl: "data:image/svg+xml,<svg/>",
        colourHex: "#005EB8",
        loginLink: null,
        usesOauth,
        videoUrl: null,
      }),
    ] as Route;

  beforeEach(() => {
    vi.spyOn(browser, "go").mockImplementation(() => {});
  });

  it("shows the organisation and its sign-on button", async () => {
    fakeApi([branding(true)]);
    renderApp(routes, { at: "/auth/login/organisation/northshire-sso?redirect=%2Fentries" });
    const button = await screen.findByRole("link", { name: "Sign in with Northshire NHS Trust" });
    expect(button).toHaveAttribute("href", "/api/auth/external-login/7/start?redirect_to=%2Fentries");
    expect(
      screen.getByRole("heading", { level: 1, name: "Log in to Northshire NHS Trust" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Northshire NHS Trust" })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    expect(browser.go).not.toHaveBeenCalled();
    expect(document.title).toBe("Log in to Northshire NHS Trust | CPD Dashboard");
  });

  it("starts sign-on at once with ?sso=1 (the short link keeps the query)", async () => {
    fakeApi([branding(true)]);
    const { router } = renderApp(routes, { at: "/o/northshire-sso?sso=1" });
    await waitFor(() => expect(browser.go).toHaveBeenCalledWith("/api/auth/external-login/7/start"));
    expect(router.state.location.pathname).toBe("/auth/login/organisation/northshire-sso");
    expect(screen.getByRole("status")).toHaveTextContent("Taking you to Northshire NHS Trust");
  });

  it("shows the message of an error code, and does not start again", async () => {
    fakeApi([branding(true)]);
    renderApp(routes, { at: "/auth/login/organisation/northshire-sso?sso=1&error=SSO_OTHER_ORGANISATION" });
    expect(await screen.findByRole("alert")).toHaveTextContent(LIFECYCLE_MESSAGES.ssoOtherOrganisation);
    expect(browser.go).not.toHaveBeenCalled();
  });

  it("never shows free text from the URL", async () => {
    fakeApi([branding(true)]);
    renderApp(routes, { at: "/auth/login/organisation/northshire-sso?error=Your+account+is+locked" });
    expect(await screen.findByRole("alert")).toHaveTextContent(LIFECYCLE_MESSAGES.ssoFailed);
  });

  it("logs in with a password when the organisation has no sign-on", async () => {
    fakeApi([
      branding(false),
      ["POST", /^\/api\/auth\/login$/, () => ({ token: "t", roles: ["User-Basic"] })],
    ]);
    const { user } = renderApp(routes, { at: "/auth/login/organisation/northshire-sso?redirect=%2Fentries" });
    await user.type(await screen.findByLabelText(/^Email/), "ann@example.org");
    await user.type(screen.getByLabelText(/^Password/), "Password123!");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByRole("heading", { name: "Entries" })).toBeInTheDocument();
    expect(session.token()).toBe("t");
  });

  it("says when the organisation cannot be loaded", async () => {
    fakeApi([
      ["GET", /\/branding\//, () => withError(403, "ORGANISATION_DISABLED", MESSAGES.organisationDisabled)],
    ]);
    renderApp(routes, { at: "/o/closed-trust" });
    expect(await screen.findByRole("alert")).toHaveTextContent(MESSAGES.organisationDisabled);
  });

  it("the server's /auth/login?error= lands on the log in page with its message", async () => {
    fakeApi([]);
    const { router } = renderApp(routes, { at: "/auth/login?error=SSO_NOT_CONFIGURED" });
    expect(await screen.findByRole("alert")).toHaveTextContent(LIFECYCLE_MESSAGES.ssoNotConfigured);
    expect(router.state.location.pathname).toBe("/login");
  });
});

describe("single sign-on's way back", () => {
  it("exchanges the one-time token, keeps the session and goes to redirectTo", async () => {
    const api = fakeApi([
      ["POST", /^\/api\/auth\/otp\/login$/, () => ({ token: "sso-token", roles: ["User-Basic"] })],
    ]);
    renderApp(routes, { at: `/auth/login/sso?otp=${TOKEN}&redirectTo=%2Fentries` });
    expect(await screen.findByRole("heading", { name: "Entries" })).toBeInTheDocument();
    expect(api.requests.map((r) => r.body)).toEqual([{ token: TOKEN }]);
    expect(session.get()).toMatchObject({ token: "sso-token", remember: true });
  });

  it("follows only a path of this site", async () => {
    fakeApi([["POST", /otp\/login$/, () => ({ token: "sso-token", roles: ["User-Basic"] })]]);
    const { router } = renderApp(routes, {
      at: `/auth/login/sso?otp=${TOKEN}&redirectTo=${encodeURIComponent("https://evil.example/entries")}`,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(FALLBACK));
  });

  it("says sign-on failed when the token is refused (used or expired)", async () => {
    fakeApi([["POST", /otp\/login$/, () => withError(410, "OTP_EXPIRED", "This QR code has expired")]]);
    renderApp(routes, { at: `/auth/login/sso?otp=${TOKEN}` });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      `Single sign-on failed${LIFECYCLE_MESSAGES.ssoFailed}`,
    );
    expect(session.get()).toBeNull();
  });

  it("says when the server could not answer", async () => {
    fakeApi([["POST", /otp\/login$/, () => withError(503, "SERVICE_UNAVAILABLE", "busy")]]);
    renderApp(routes, { at: `/auth/login/sso?otp=${TOKEN}` });
    expect(await screen.findByRole("alert")).toHaveTextContent(ERROR_MESSAGES.SERVICE_UNAVAILABLE as string);
  });

  it("says sign-on failed without a token", async () => {
    const api = fakeApi([]);
    renderApp(routes, { at: "/auth/login/sso" });
    expect(await screen.findByRole("alert")).toHaveTextContent(LIFECYCLE_MESSAGES.ssoFailed);
    expect(api.requests).toHaveLength(0);
  });
});

describe("the change-of-email link", () => {
  it("says the link has no token", async () => {
    fakeApi([]);
    renderApp(routes, { at: "/v2/auth/confirm-email-change" });
    expect(await screen.findByRole("alert")).toHaveTextContent(LIFECYCLE_MESSAGES.emailChangeNoToken);
  });

  it("changes the address, then logs out and goes to log in", async () => {
    session.login("old-token", ["User-Basic"], true);
    const api = fakeApi([
      ["POST", /^\/api\/profile\/change-email\//, () => ({ message: LIFECYCLE_MESSAGES.emailChanged })],
      ["POST", /^\/api\/auth\/logout$/, () => withError(401, "UNAUTHORIZED", "Session ended")],
    ]);
    const { router } = renderApp(routes, { at: `/v2/auth/confirm-email-change/${TOKEN}` });
    expect(await screen.findByRole("status")).toHaveTextContent(LIFECYCLE_MESSAGES.emailChanged);
    expect(session.token()).toBe("old-token");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"), {
      timeout: LIFECYCLE.emailChangeRedirectMs + 2000,
    });
    expect(session.get()).toBeNull();
    expect(api.to(/change-email\//, "POST")[0]?.url.pathname).toBe(`/api/profile/change-email/${TOKEN}`);
    expect(await screen.findByRole("status")).toHaveTextContent(LIFECYCLE_MESSAGES.emailChanged);
  });

  it("says when the link is invalid, and stays", async () => {
    fakeApi([
      [
        "POST",
        /change-email\//,
        () => withError(400, "EMAIL_CHANGE_INVALID", LIFECYCLE_MESSAGES.emailChangeInvalid),
      ],
    ]);
    renderApp(routes, { at: `/v2/auth/confirm-email-change/${TOKEN}` });
    expect(await screen.findByRole("alert")).toHaveTextContent(LIFECYCLE_MESSAGES.emailChangeInvalid);
  });
});
