import { MESSAGES } from "@cpd/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { session } from "../../lib/session";
import { fakeApi, withError } from "../../test/fake-api";
import { renderApp, renderWithProviders } from "../../test/render";
import { ChangePasswordCard } from "../account/ChangePasswordCard";
import ForgotPasswordPage from "./ForgotPasswordPage";
import LoginPage from "./LoginPage";
import ResetPasswordPage from "./ResetPasswordPage";

const RESET_ID = "a".repeat(40);
const routes = [
  { path: "/login", element: <LoginPage /> },
  { path: "/forgot-password", element: <ForgotPasswordPage /> },
  { path: "/reset/:id", element: <ResetPasswordPage /> },
  { path: "/dashboard", element: <h1>Dashboard</h1> },
];

afterEach(() => session.clear("logout"));

describe("the log in page", () => {
  it("shows the configured promo video, social links and footer links below the form", async () => {
    fakeApi([
      [
        "GET",
        /^\/api\/shell\/config$/,
        () => ({
          footerLinks: [{ label: "Privacy policy", url: "https://example.org/privacy" }],
          socialLinks: [{ label: "LinkedIn", url: "https://example.org/linkedin" }],
          promoVideoUrl: "https://player.example.org/promo",
          hcpcGuideVideoUrl: null,
        }),
      ],
    ]);
    renderApp(routes, { at: "/login" });
    expect(await screen.findByTitle("Promo video")).toHaveAttribute(
      "src",
      "https://player.example.org/promo",
    );
    const social = screen.getByRole("navigation", { name: "Social media" });
    expect(within(social).getByRole("link", { name: /LinkedIn/ })).toHaveAttribute(
      "href",
      "https://example.org/linkedin",
    );
    expect(screen.getByRole("link", { name: /Privacy policy/ })).toHaveAttribute(
      "href",
      "https://example.org/privacy",
    );
  });

  it("shows no video or links when none are configured", async () => {
    const api = fakeApi([
      [
        "GET",
        /^\/api\/shell\/config$/,
        () => ({ footerLinks: [], socialLinks: [], promoVideoUrl: null, hcpcGuideVideoUrl: null }),
      ],
    ]);
    renderApp(routes, { at: "/login" });
    await waitFor(() => expect(api.to(/\/shell\/config$/)).toHaveLength(1));
    expect(screen.queryByTitle("Promo video")).toBeNull();
    expect(screen.queryByRole("navigation", { name: "Social media" })).toBeNull();
  });

  it("shows the server's message, clears the form and focuses the email", async () => {
    fakeApi([
      [
        "POST",
        /^\/api\/auth\/login$/,
        () => withError(401, "INVALID_CREDENTIALS", MESSAGES.invalidCredentials),
      ],
    ]);
    const { user } = renderApp(routes, { at: "/login" });
    await user.type(screen.getByLabelText(/^Email/), "ann@example.org");
    await user.type(screen.getByLabelText(/^Password/), "wrong-password");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(`Failed to sign in${MESSAGES.invalidCredentials}`);
    expect(screen.getByLabelText(/^Email/)).toHaveValue("");
    expect(screen.getByLabelText(/^Password/)).toHaveValue("");
    expect(screen.getByLabelText(/^Email/)).toHaveFocus();
  });

  it("logs in and goes to the page asked for", async () => {
    const api = fakeApi([["POST", /^\/api\/auth\/login$/, () => ({ token: "t", roles: ["User-Basic"] })]]);
    const { user } = renderApp(routes, { at: "/login?redirect=%2Fdashboard" });
    await user.type(screen.getByLabelText(/^Email/), " ann@example.org ");
    await user.type(screen.getByLabelText(/^Password/), "Password123!");
    await user.click(screen.getByRole("checkbox", { name: "Remember me" }));
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(api.to(/\/auth\/login$/, "POST")[0]?.body).toEqual({
      email: "ann@example.org",
      password: "Password123!",
      temporary: true,
    });
  });
});

describe("the forgot password page", () => {
  it("says the link was sent", async () => {
    const api = fakeApi([["POST", /^\/api\/auth\/reset$/, () => ({ message: "Check your email" })]]);
    const { user } = renderApp(routes, { at: "/forgot-password" });
    await user.type(screen.getByLabelText(/^Email/), "ann@example.org");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Password ResetCheck your email");
    expect(api.to(/\/auth\/reset$/, "POST")[0]?.body).toEqual({ email: "ann@example.org" });
    expect(screen.getByRole("link", { name: "Back to log in" })).toHaveAttribute("href", "/login");
  });

  it("says why the request failed", async () => {
    fakeApi([["POST", /^\/api\/auth\/reset$/, () => withError(429, "TOO_MANY_REQUESTS", "slow down")]]);
    const { user } = renderApp(routes, { at: "/forgot-password" });
    await user.type(screen.getByLabelText(/^Email/), "ann@example.org");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Failed to request a password resetToo many attempts. Please wait a few minutes and try again.",
    );
  });
});

describe("the reset password page", () => {
  async function fill(user: ReturnType<typeof renderApp>["user"], next: string, confirm: string) {
    await user.type(screen.getByLabelText(/^New password/), next);
    await user.type(screen.getByLabelText(/^Confirm new password/), confirm);
    await user.click(screen.getByRole("button", { name: "Reset password" }));
  }

  it("refuses a short password, then passwords that differ, without sending", async () => {
    const api = fakeApi([]);
    const { user } = renderApp(routes, { at: `/reset/${RESET_ID}` });
    expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription("At least 8 characters");
    await fill(user, "short", "other");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      `Password not changed${MESSAGES.passwordWeak}`,
    );
    await user.clear(screen.getByLabelText(/^New password/));
    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await fill(user, "Password123!", "Password124!");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The two passwords do not match. Please try again.",
    );
    expect(api.requests).toHaveLength(0);
  });

  it("sets the password and goes to log in with the server's message", async () => {
    const api = fakeApi([
      ["POST", /^\/api\/auth\/password-reset\//, () => ({ message: "Password changed" })],
    ]);
    const { user } = renderApp(routes, { at: `/reset/${RESET_ID}` });
    await fill(user, "Password123!", "Password123!");
    expect(await screen.findByRole("status")).toHaveTextContent("SuccessPassword changed");
    expect(screen.getByRole("button", { name: "Log in" })).toBeInTheDocument();
    expect(api.to(/password-reset/, "POST")[0]?.url.pathname).toBe(`/api/auth/password-reset/${RESET_ID}`);
  });
});

describe("the change password card", () => {
  it("refuses new passwords that differ, then changes and keeps the new token", async () => {
    session.login("old-token", ["User-Basic"], false);
    const api = fakeApi([
      ["POST", /^\/api\/auth\/change-password$/, () => ({ token: "new-token", roles: ["User-Basic"] })],
    ]);
    const { user } = renderWithProviders(<ChangePasswordCard />);
    expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription("At least 8 characters");
    await user.type(screen.getByLabelText(/^Current password/), "Password123!");
    await user.type(screen.getByLabelText(/^New password/), "Password456!");
    await user.type(screen.getByLabelText(/^Confirm new password/), "Password457!");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(MESSAGES.passwordsDoNotMatch);
    expect(api.requests).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await user.type(screen.getByLabelText(/^Confirm new password/), "Password456!");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    await waitFor(() => expect(session.token()).toBe("new-token"));
    expect(api.requests[0]?.body).toEqual({ oldPassword: "Password123!", newPassword: "Password456!" });
    expect(await screen.findByText("Password Changed")).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.passwordsDoNotMatch)).toBeNull();
    expect(screen.getByLabelText(/^Current password/)).toHaveValue("");
  });
});
