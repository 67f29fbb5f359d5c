import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { renderApp } from "../../test/render";
import SharedCpdPage from "./SharedCpdPage";

const card = {
  id: "s1",
  title: "Sepsis screening module",
  description: "A short e-learning module.",
  avatarUrl: null,
  category: "Clinical Education",
  nickname: "Jo",
  date: "2026-11-20",
  websiteUrl: "https://www.example.org/sepsis",
  upvotes: 3,
  hasUpvoted: false,
  mine: false,
};

/** What a sighted user reads on an element: no visually hidden text, no decoration hidden from assistive tech. */
function shownText(el: HTMLElement): string {
  const copy = el.cloneNode(true) as HTMLElement;
  for (const hidden of copy.querySelectorAll('style, .visually-hidden, [aria-hidden="true"]'))
    hidden.remove();
  return (copy.textContent ?? "").replace(/\s+/g, " ").trim();
}

describe("a Shared CPD card", () => {
  it("names its links and buttons by what they show first, then the card", async () => {
    fakeApi([
      ["GET", /^\/api\/shared-cpd\/limit\/\d+\/page\/\d+$/, () => ({ items: [card], total: 1 })],
      ["GET", /^\/api\/shared-cpd\/categories$/, () => ["Clinical Education"]],
    ]);
    renderApp([{ path: "/shared-cpd", element: <SharedCpdPage /> }], { at: "/shared-cpd" });

    const visit = await screen.findByRole("link", { name: /^Visit website/ });
    expect(shownText(visit)).toBe("Visit website");
    expect(visit).toHaveAccessibleName(expect.stringMatching(/^Visit website\b.*Sepsis screening module/));

    const helpful = screen.getByRole("button", { name: /^Helpful/ });
    expect(shownText(helpful)).toBe("Helpful · 3");
    expect(helpful).toHaveAccessibleName(expect.stringMatching(/^Helpful · 3\b.*Sepsis screening module$/));
  });
});
