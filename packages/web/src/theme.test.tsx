import { readFileSync } from "node:fs";
import { NativeSelect, PasswordInput, Select, Textarea, TextInput } from "@mantine/core";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "./test/render";

describe("the theme", () => {
  it("gives every text input, select and text area the focus outline class (theme.css)", () => {
    renderWithProviders(
      <>
        <TextInput label="Title" />
        <Select label="Category" data={["One"]} />
        <NativeSelect label="Period" data={["12 months"]} />
        <Textarea label="Notes" />
        <PasswordInput label="Password" />
      </>,
    );
    const field = (name: string) => screen.getByLabelText(name, { selector: "input, select, textarea" });
    for (const name of ["Title", "Category", "Period", "Notes"]) {
      expect(field(name)).toHaveClass("input-focus-ring");
      // The rule's selector: a direct child of Mantine's input wrapper.
      expect(field(name).parentElement).toHaveClass("mantine-Input-wrapper");
    }
    // The password's box (around its input and the visibility toggle) carries the outline.
    expect(field("Password").closest(".mantine-Input-wrapper > .input-focus-ring")).not.toBeNull();
  });

  it("draws that outline on keyboard focus, in the primary colour (WCAG 2.4.13)", () => {
    // Read from disk: the test runner hands CSS modules over empty.
    const themeCss = readFileSync(`${import.meta.dirname}/theme.css`, "utf8");
    const rule = /\.input-focus-ring:focus-visible[^{]*\{([^}]*)\}/.exec(themeCss)?.[1] ?? "";
    expect(rule).toContain("outline: 2px solid var(--mantine-primary-color-filled)");
    expect(rule).toContain("outline-offset: 2px");
  });
});
