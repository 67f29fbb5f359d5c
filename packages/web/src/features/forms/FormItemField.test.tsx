import { ITEM_TYPES } from "@cpd/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/render";
import { FormItemField } from "./FormItemField";
import type { FormItem } from "./form-model";

function setup(over: Partial<FormItem> & Pick<FormItem, "type">, value: string | string[] = "") {
  const onChange = vi.fn();
  const item: FormItem = { identifier: "Field1", title: "Notes", required: false, ...over };
  const handlers = { onChange, onEvidenceAdd: vi.fn(), onEvidenceRemove: vi.fn() };
  const view = renderWithProviders(
    <FormItemField item={item} value={value} disabled={false} entryId={null} {...handlers} />,
  );
  return { ...view, onChange };
}

describe("a form item's control", () => {
  // Each kind of item that is typed into: its label, its hint read with it, and what it sends.
  const typed: [string, Partial<FormItem> & Pick<FormItem, "type">, string][] = [
    ["short text", { type: ITEM_TYPES.text, maxLength: 100 }, "textbox"],
    ["long plain text", { type: ITEM_TYPES.text, maxLength: 2000 }, "textbox"],
    ["number", { type: ITEM_TYPES.number }, "spinbutton"],
    ["web address", { type: ITEM_TYPES.url }, "textbox"],
  ];
  it.each(typed)("a %s item is labelled, described and sends what is typed", async (_, over, role) => {
    const { user, onChange } = setup({ ...over, required: true, helpText: "Say what you did." });
    const input = screen.getByRole(role, { name: "Notes" });
    expect(input).toBeRequired();
    expect(input).toHaveAccessibleDescription(/^Required field ?\. Say what you did\.$/);
    expect(input).toHaveAttribute("id", "item-Field1");
    await user.type(input, "7");
    expect(onChange).toHaveBeenLastCalledWith("7");
  });

  it("a long plain text item is a text area keeping the item's length limit", () => {
    setup({ type: ITEM_TYPES.text, maxLength: 2000 });
    const input = screen.getByRole("textbox", { name: "Notes" });
    expect(input.tagName).toBe("TEXTAREA");
    expect(input).toHaveAttribute("maxlength", "2000");
    expect(input).not.toBeRequired();
  });

  it("a date item takes DD/MM/YYYY and sends the ISO date", async () => {
    const { user, onChange } = setup({ type: ITEM_TYPES.date, helpText: "When it happened." });
    const input = screen.getByRole("textbox", { name: "Notes" });
    expect(input).toHaveAccessibleDescription("When it happened.");
    await user.type(input, "13/12/2026");
    expect(onChange).toHaveBeenLastCalledWith("2026-12-13");
  });

  it("a checkbox item sends 1 and 0", async () => {
    const { user, onChange } = setup({ type: ITEM_TYPES.checkbox });
    await user.click(screen.getByRole("checkbox", { name: "Notes" }));
    expect(onChange).toHaveBeenLastCalledWith("1");
  });

  it("a multi-select item sends the ticked options", async () => {
    const { user, onChange } = setup({ type: ITEM_TYPES.multiSelect, values: ["A", "B"] }, ["A"]);
    await user.click(screen.getByRole("checkbox", { name: "B" }));
    expect(onChange).toHaveBeenLastCalledWith(["A", "B"]);
  });

  it("a disabled item cannot be changed", () => {
    setup({ type: ITEM_TYPES.url, disabled: true });
    expect(screen.getByRole("textbox", { name: "Notes" })).toBeDisabled();
  });
});
