import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { setClock } from "../../lib/clock";
import { session } from "../../lib/session";
import { renderWithProviders } from "../../test/render";
import { GreetingOverlay } from "./GreetingOverlay";

afterEach(() => {
  setClock(null);
  session.clear("logout");
});

describe("the greeting", () => {
  it("greets by the app's clock and hides itself six seconds later by that clock", async () => {
    setClock("2026-01-12T08:00:00Z");
    session.login("token", ["User-Basic"], true);
    renderWithProviders(<GreetingOverlay firstName="Alex" />);
    expect(screen.getByRole("dialog", { name: "Good morning, Alex" })).toBeInTheDocument();

    // Real time passes, the clock does not: still open.
    await act(() => new Promise((r) => setTimeout(r, 600)));
    expect(screen.getByRole("dialog", { name: "Good morning, Alex" })).toBeInTheDocument();

    setClock("2026-01-12T08:00:06Z");
    await act(() => new Promise((r) => setTimeout(r, 600)));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("says good evening after four o'clock", () => {
    setClock("2026-01-12T17:30:00Z");
    session.login("token", ["User-Basic"], true);
    renderWithProviders(<GreetingOverlay firstName="Sam" />);
    expect(screen.getByRole("dialog", { name: "Good evening, Sam" })).toBeInTheDocument();
  });
});
