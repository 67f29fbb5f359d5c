import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
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
