// The login page renders with no Mantine provider above it (ADR 0033): a Mantine component on it
// would throw here, and would bring Mantine's JavaScript back onto the login route.
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { session } from "../../lib/session";
import { fakeApi, withError } from "../../test/fake-api";
import LoginPage from "./LoginPage";

afterEach(() => session.clear("logout"));

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: "/login", element: <LoginPage /> },
      { path: "/welcome", element: <h1>Welcome</h1> },
    ],
    { initialEntries: ["/login"] },
  );
  return { user: userEvent.setup(), router, ...render(<RouterProvider router={router} />) };
}

describe("the login page without Mantine", () => {
  it("shows the form, its links and the password toggle", async () => {
    fakeApi([["GET", /\/shell\/config$/, () => ({ promoVideoUrl: null, socialLinks: [], footerLinks: [] })]]);
    const { user } = renderLogin();
    expect(screen.getByRole("heading", { level: 1, name: "Log in" })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toBeRequired();
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAttribute("type", "password");
    await user.click(screen.getByRole("button", { name: "Show password" }));
    expect(password).toHaveAttribute("type", "text");
    await user.click(screen.getByRole("button", { name: "Hide password" }));
    expect(password).toHaveAttribute("type", "password");
    expect(screen.getByRole("checkbox", { name: "Remember me" })).toBeChecked();
    expect(screen.getByRole("link", { name: "Forgot password?" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
    expect(screen.getByRole("link", { name: "Log in with a QR code" })).toHaveAttribute("href", "/login/app");
  });

  it("shows a refused login in an alert and logs in on a second try", async () => {
    let attempts = 0;
    fakeApi([
      ["GET", /\/shell\/config$/, () => ({ promoVideoUrl: null, socialLinks: [], footerLinks: [] })],
      [
        "POST",
        /^\/api\/auth\/login$/,
        () =>
          ++attempts === 1
            ? withError(401, "INVALID_CREDENTIALS", "The email address or password is incorrect")
            : { token: "t", roles: ["User-Basic"] },
      ],
    ]);
    const { user, router } = renderLogin();
    await user.type(screen.getByLabelText(/^Email/), "ann@example.org");
    await user.type(screen.getByLabelText(/^Password/), "wrong");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Failed to sign inThe email address or password is incorrect",
    );
    await user.type(screen.getByLabelText(/^Email/), "ann@example.org");
    await user.type(screen.getByLabelText(/^Password/), "Password123!");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    // With no ?redirect=, a login lands on the welcome screen (lib/redirect.ts).
    await waitFor(() => expect(router.state.location.pathname).toBe("/welcome"));
  });
});
