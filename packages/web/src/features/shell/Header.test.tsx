import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setViewportWidth } from "../../lib/test-viewport";
import { renderApp } from "../../test/render";
import { Header } from "./Header";

/** What a sighted user reads on an element: no visually hidden text, no decoration hidden from assistive tech. */
function shownText(el: HTMLElement): string {
  const copy = el.cloneNode(true) as HTMLElement;
  for (const hidden of copy.querySelectorAll('style, .mantine-VisuallyHidden-root, [aria-hidden="true"]'))
    hidden.remove();
  return (copy.textContent ?? "").replace(/\s+/g, " ").trim();
}

function renderHeader(fullName: string) {
  const noop = () => {};
  return renderApp([
    {
      path: "/",
      element: (
        <Header
          fullName={fullName}
          imageUrl={null}
          logoUrl={null}
          organisationName={null}
          navOpened={false}
          onToggleNav={noop}
          onLogout={noop}
        />
      ),
    },
  ]);
}

describe("the header", () => {
  it("names the account button with the name it shows (axe label-content-name-mismatch)", () => {
    renderHeader("Ann Taylor");
    const button = screen.getByRole("button", { name: /Ann Taylor/ });
    // The avatar's initial is decoration: the words shown are the user's name.
    expect(shownText(button)).toBe("Ann Taylor");
    expect(button).toHaveAccessibleName(expect.stringContaining(shownText(button)));
    expect(button).toHaveAccessibleName("Account menu for Ann Taylor");
  });
});

describe("the header on a phone", () => {
  let restore: () => void;
  beforeEach(() => {
    restore = setViewportWidth(375);
  });
  afterEach(() => restore());

  it("shows only the initial and the chevron, the name staying in the button's name", () => {
    renderHeader("Ann Taylor");
    const button = screen.getByRole("button", { name: "Account menu for Ann Taylor" });
    // Nothing but decoration is seen, so nothing seen is missing from the name (WCAG 2.5.3).
    expect(shownText(button)).toBe("");
    expect(button.querySelector("svg")).not.toBeNull();
  });
});
