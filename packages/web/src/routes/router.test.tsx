import { screen, waitFor } from "@testing-library/react";
import { lazy } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { session } from "../lib/session";
import { fakeApi } from "../test/fake-api";
import { renderApp } from "../test/render";
import { withTimeout } from "./lazy-pages";
import { ROUTES, withErrorBoundaries } from "./router";

afterEach(() => {
  session.clear("logout");
  vi.useRealTimers();
});

describe("the route table", () => {
  it.each([
    ["/v2/auth/login", "Log in"],
    ["/auth/login", "Log in"],
    ["/v2/auth/mobile-login", "Log in with the mobile app"],
    ["/auth/login/app", "Log in with the mobile app"],
    ["/v2/auth/forgot-password", "Forgot password"],
    ["/auth/forgot-password", "Forgot password"],
    [`/v2/auth/forgot-password/${"a".repeat(40)}`, "Set a new password"],
  ])("%s opens the same page as its counterpart", async (at, heading) => {
    fakeApi([["POST", /\/auth\/login\/app\/token$/, () => ({ token: "t".repeat(32) })]]);
    renderApp(ROUTES, { at });
    expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeInTheDocument();
  });

  it("sends an unknown address to / (and so to login without a session)", async () => {
    fakeApi([]);
    const { router } = renderApp(ROUTES, { at: "/no/such/page" });
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/login/));
    expect(router.state.location.pathname).not.toBe("/no/such/page");
  });
});

describe("the route error boundary", () => {
  it("shows Reload, not the router's screen, when a lazy page fails to load", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const Broken = lazy(() => Promise.reject(new Error("Failed to fetch dynamically imported module")));
    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, reload });
    const { user } = renderApp(withErrorBoundaries([{ path: "/", element: <Broken /> }]));
    const button = await screen.findByRole("button", { name: "Reload" });
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    expect(screen.queryByText(/Unexpected Application Error/)).toBeNull();
    await user.click(button);
    expect(reload).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });

  it("fails a lazy load that takes longer than 120 s", async () => {
    vi.useFakeTimers();
    const never = withTimeout(new Promise<never>(() => undefined));
    const outcome = never.then(
      () => "loaded",
      (e: Error) => e.message,
    );
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe("Loading took longer than 120000 ms");
  });

  it("lets a lazy load that arrives in time through", async () => {
    await expect(withTimeout(Promise.resolve("page"))).resolves.toBe("page");
  });
});
