import { Select, SimpleGrid, TextInput } from "@mantine/core";
import { screen } from "@testing-library/react";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { renderWithProviders } from "../test/render";
import { FilterPanel } from "./FilterPanel";
import { setViewportWidth } from "./test-viewport";

function setup(active: number, width: number) {
  onTestFinished(setViewportWidth(width));
  const onClear = vi.fn();
  const view = renderWithProviders(
    <FilterPanel active={active} onClear={onClear} note={<p>Entries dated 01/01/2026 to 31/12/2026</p>}>
      {(clear) => (
        <SimpleGrid>
          <TextInput label="Search" type="search" />
          <Select label="Entry type" data={["Diary", "Reflection"]} />
          {clear}
        </SimpleGrid>
      )}
    </FilterPanel>,
  );
  return { ...view, onClear };
}

describe("the filter panel on a phone", () => {
  it("is folded away behind a button counting the active filters", () => {
    setup(2, 375);
    const toggle = screen.getByRole("button", { name: "Filters (2 active)" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    const controls = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    expect(controls).not.toBeNull();
    expect(controls).not.toBeVisible();
    expect(screen.queryByRole("searchbox", { name: "Search" })).toBeNull();
    // What the filters mean stays in view.
    expect(screen.getByText("Entries dated 01/01/2026 to 31/12/2026")).toBeVisible();
  });

  it("opens and closes on click, the controls following aria-expanded", async () => {
    const { user } = setup(2, 375);
    const toggle = screen.getByRole("button", { name: "Filters (2 active)" });
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("searchbox", { name: "Search" })).toBeVisible();
    expect(screen.getByRole("combobox", { name: "Entry type" })).toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("searchbox", { name: "Search" })).toBeNull();
  });

  it("offers Clear filters by the toggle, once, while any filter is active", async () => {
    const { user, onClear } = setup(1, 375);
    await user.click(screen.getByRole("button", { name: "Filters (1 active)" }));
    expect(screen.getAllByRole("button", { name: "Clear filters" })).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(onClear).toHaveBeenCalledOnce();
    // The button goes once the page clears its filters; focus waits on the toggle beside it.
    expect(screen.getByRole("button", { name: "Filters (1 active)" })).toHaveFocus();
  });

  it("says plain Filters, with nothing to clear, when no filter is active", () => {
    setup(0, 375);
    expect(screen.getByRole("button", { name: "Filters" })).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("button", { name: "Clear filters" })).toBeNull();
  });
});

describe("the filter panel on a wider screen", () => {
  it("shows the controls at once, with no toggle", () => {
    setup(2, 576);
    expect(screen.getByRole("region", { name: "Filters" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Filters/ })).toBeNull();
    expect(screen.getByRole("searchbox", { name: "Search" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Clear filters" })).toBeVisible();
  });

  it("has no Clear filters with nothing active", () => {
    setup(0, 1280);
    expect(screen.getByRole("searchbox", { name: "Search" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Clear filters" })).toBeNull();
  });
});
