import { act, screen } from "@testing-library/react";
import { Outlet, useNavigate } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setClock } from "../../lib/clock";
import { session } from "../../lib/session";
import { renderApp } from "../../test/render";
import { GreetingOverlay } from "./GreetingOverlay";

/** A stand-in login page: stores the session, then goes on as the real login pages do. */
function FakeLogin({ next }: { next: string }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={() => {
        session.login("token", ["User-Basic"], true);
        navigate(next, { replace: true });
      }}
    >
      Log in
    </button>
  );
}

/** The signed-in shell with the greeting, as AppLayout has it. */
function renderShell({
  at,
  next = "/dashboard",
  firstName = "Alex",
}: {
  at: string;
  next?: string;
  firstName?: string;
}) {
  return renderApp(
    [
      { path: "/login", element: <FakeLogin next={next} /> },
      {
        element: (
          <>
            <GreetingOverlay firstName={firstName} />
            <Outlet />
          </>
        ),
        children: [
          { path: "/dashboard", element: <h1>Dashboard</h1> },
          { path: "/settings", element: <h1>Settings</h1> },
        ],
      },
    ],
    { at },
  );
}

async function logIn(opts: { next?: string; firstName?: string } = {}) {
  const view = renderShell({ at: "/login", ...opts });
  await view.user.click(screen.getByRole("button", { name: "Log in" }));
  return view;
}

beforeEach(() => setClock("2026-01-12T08:00:00Z"));
afterEach(() => {
  vi.useRealTimers();
  setClock(null);
  session.clear("logout");
});

describe("the greeting", () => {
  it("greets on the dashboard right after a login, and hides itself six seconds later by the app's clock", async () => {
    // The greeting's timer (an interval polling the app's clock) on fake time, moved on by the test.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    await logIn();
    expect(await screen.findByRole("dialog", { name: "Good morning, Alex" })).toBeInTheDocument();
    expect(session.get()?.greeted).toBe(true);

    // Time passes for the timer, the clock does not: still open.
    await act(() => vi.advanceTimersByTimeAsync(7_000));
    expect(screen.getByRole("dialog", { name: "Good morning, Alex" })).toBeInTheDocument();

    setClock("2026-01-12T08:00:06Z");
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("says good evening after four o'clock", async () => {
    setClock("2026-01-12T17:30:00Z");
    await logIn({ firstName: "Sam" });
    expect(await screen.findByRole("dialog", { name: "Good evening, Sam" })).toBeInTheDocument();
  });

  it("does not greet again when the page is reloaded", async () => {
    const first = await logIn();
    await screen.findByRole("dialog", { name: /^Good morning/ });
    first.unmount();

    renderShell({ at: "/dashboard" });
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("does not greet on a page loaded straight from its address, even in a session not yet greeted", async () => {
    session.login("token", ["User-Basic"], true);
    renderShell({ at: "/dashboard" });
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();
    // That load used up this login's greeting.
    expect(session.get()?.greeted).toBe(true);
  });

  it("does not cover the page a login went on to when the user asked for it (a deep link)", async () => {
    await logIn({ next: "/settings" });
    expect(await screen.findByRole("heading", { name: "Settings" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(session.get()?.greeted).toBe(true);
  });
});
