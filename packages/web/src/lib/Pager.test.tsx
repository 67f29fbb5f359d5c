import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../test/render";
import { Pager } from "./Pager";

function setup(page: number, pages: number, steps = false) {
  const onPage = vi.fn();
  const view = renderWithProviders(
    <Pager label="Pages of things" page={page} pages={pages} onPage={onPage} steps={steps} />,
  );
  return { ...view, onPage };
}

describe("the pager", () => {
  it("is not shown when everything fits on one page, and is from two pages on", () => {
    const onePage = setup(1, 1, true);
    expect(screen.queryByRole("navigation")).toBeNull();
    expect(screen.queryAllByRole("button")).toEqual([]);
    onePage.unmount();
    // The same pager with a second page appears, so the absence above is the one-page rule.
    setup(1, 2, true);
    const nav = screen.getByRole("navigation", { name: "Pages of things" });
    expect(
      within(nav)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Previous", "1", "2", "Next"]);
  });

  it("lists the pages, marks the current one and goes to the one clicked", async () => {
    const { user, onPage } = setup(2, 3);
    const nav = screen.getByRole("navigation", { name: "Pages of things" });
    expect(
      within(nav)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["1", "2", "3"]);
    expect(within(nav).getByRole("button", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("button", { name: "Page 3" })).not.toHaveAttribute("aria-current");
    await user.click(within(nav).getByRole("button", { name: "Page 3" }));
    expect(onPage).toHaveBeenCalledWith(3);
  });

  it("with steps, has Previous and Next, each disabled at its end", async () => {
    const { user, onPage } = setup(1, 12, true);
    const nav = screen.getByRole("navigation", { name: "Pages of things" });
    const labels = within(nav)
      .getAllByRole("button")
      .map((b) => b.textContent);
    expect(labels).toEqual(["Previous", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Next"]);
    expect(within(nav).getByRole("button", { name: "Previous" })).toBeDisabled();
    await user.click(within(nav).getByRole("button", { name: "Next" }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it("with steps on the last page, Next is disabled and Previous goes back", async () => {
    const { user, onPage } = setup(12, 12, true);
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Previous" }));
    expect(onPage).toHaveBeenCalledWith(11);
  });
});
