import { ITEM_TYPES } from "@cpd/contract";
import { act, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { renderWithProviders } from "../../test/render";
import { focusItem } from "./ErrorSummary";
import { FormItemField } from "./FormItemField";
import type { FormItem } from "./form-model";

function setup(
  over: Partial<FormItem> & Pick<FormItem, "type">,
  value: string | string[] = "",
  error?: string,
) {
  const onChange = vi.fn();
  const item: FormItem = { identifier: "Field1", title: "Notes", required: false, ...over };
  const handlers = { onChange, onEvidenceAdd: vi.fn(), onEvidenceRemove: vi.fn() };
  const view = renderWithProviders(
    <FormItemField item={item} value={value} disabled={false} entryId={null} error={error} {...handlers} />,
  );
  return { ...view, onChange };
}

/** A required rich-text item shown with `message` until "Fill" is clicked. */
function RichTextFilledLater({ message }: { message: string }) {
  const [error, setError] = useState<string | undefined>(message);
  const item: FormItem = { identifier: "Field1", title: "Notes", required: true, type: ITEM_TYPES.longText };
  return (
    <>
      <button type="button" onClick={() => setError(undefined)}>
        Fill
      </button>
      <FormItemField
        item={item}
        value=""
        disabled={false}
        entryId={null}
        error={error}
        onChange={vi.fn()}
        onEvidenceAdd={vi.fn()}
        onEvidenceRemove={vi.fn()}
      />
    </>
  );
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

describe("an item left blank", () => {
  const MESSAGE = "The Notes field is not provided";
  // Every kind of item: the control the error summary's link focuses says it is invalid, and why.
  const kinds: [string, Partial<FormItem> & Pick<FormItem, "type">][] = [
    ["short text", { type: ITEM_TYPES.text, maxLength: 100 }],
    ["long plain text", { type: ITEM_TYPES.text, maxLength: 2000 }],
    ["rich text", { type: ITEM_TYPES.longText }],
    ["select", { type: ITEM_TYPES.dropdown, values: ["A", "B"] }],
    ["multi-select", { type: ITEM_TYPES.multiSelect, values: ["A", "B"] }],
    ["date", { type: ITEM_TYPES.date }],
    ["number", { type: ITEM_TYPES.number }],
    ["hours", { type: ITEM_TYPES.number, identifier: "DiaryHours" }],
    ["web address", { type: ITEM_TYPES.url }],
    ["checkbox", { type: ITEM_TYPES.checkbox }],
    ["upload", { type: ITEM_TYPES.upload }],
  ];
  it.each(kinds)("a %s item is marked invalid, described by its message and focusable", async (_, over) => {
    fakeApi([["GET", /^\/api\/file\/unassigned$/, () => []]]);
    setup({ ...over, required: true, helpText: "Say what you did." }, "", MESSAGE);
    await screen.findByText(MESSAGE);
    const identifier = over.identifier ?? "Field1";
    // The rich-text editor loads in its own chunk.
    await waitFor(() => expect(document.getElementById(`item-${identifier}`)).not.toBeNull());
    act(() => focusItem(identifier));
    const control = document.activeElement as HTMLElement;
    expect(control).not.toBe(document.body);
    await waitFor(() => expect(control).toHaveAttribute("aria-invalid", "true"));
    const ids = control.getAttribute("aria-describedby")?.split(" ") ?? [];
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toContain(MESSAGE);
  });

  it("a rich-text item loses the mark with its message", async () => {
    const { user } = renderWithProviders(<RichTextFilledLater message={MESSAGE} />);
    const editor = await screen.findByRole("textbox", { name: "Notes" });
    await waitFor(() => expect(editor).toHaveAttribute("aria-invalid", "true"));
    await user.click(screen.getByRole("button", { name: "Fill" }));
    await waitFor(() => expect(editor).not.toHaveAttribute("aria-invalid"));
    // Described by its hint ("Required field") alone.
    expect(editor).toHaveAttribute("aria-describedby", "item-Field1-description");
  });

  it("is not marked without a message", async () => {
    setup({ type: ITEM_TYPES.text, required: true });
    expect(screen.getByRole("textbox", { name: "Notes" })).not.toHaveAttribute("aria-invalid");
  });
});

describe("a rich-text item's toolbar", () => {
  it("is one Tab stop; arrows, Home and End move along its buttons", async () => {
    const { user } = setup({ type: ITEM_TYPES.longText });
    const toolbar = await screen.findByRole("toolbar", { name: "Formatting for Notes" });
    const button = (name: string) => within(toolbar).getByRole("button", { name });
    const tabbable = () =>
      within(toolbar)
        .getAllByRole("button")
        .filter((b) => b.tabIndex === 0);
    expect(tabbable()).toEqual([button("Bold")]);

    act(() => button("Bold").focus());
    await user.keyboard("{ArrowRight}");
    expect(button("Italic")).toHaveFocus();
    // The button last focused keeps the Tab stop.
    expect(tabbable()).toEqual([button("Italic")]);
    // Undo and Redo are disabled (nothing typed yet): End stops at the last enabled button.
    await user.keyboard("{End}");
    expect(button("Align right")).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(button("Bold")).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(button("Align right")).toHaveFocus();
    await user.keyboard("{Home}");
    expect(button("Bold")).toHaveFocus();

    // Tab leaves the toolbar for the text.
    await user.tab();
    expect(toolbar).not.toContainElement(document.activeElement as HTMLElement);
    expect(document.activeElement).toHaveAttribute("id", "item-Field1");
  });
});
