import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/render";
import { RenameFileModal } from "./RenameFileModal";

const FILE = { id: "0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0", filename: "Sepsis+audit.notes.pdf" };

function setup(file: typeof FILE | null = FILE) {
  const onRename = vi.fn();
  const onCancel = vi.fn();
  const view = renderWithProviders(
    <RenameFileModal
      title="Rename file"
      file={file}
      pending={false}
      onCancel={onCancel}
      onRename={onRename}
    />,
  );
  return { ...view, onRename, onCancel };
}

describe("the rename file modal", () => {
  it("edits the name without its extension, '+' shown as a space", () => {
    setup();
    const dialog = screen.getByRole("dialog", { name: "Rename file" });
    expect(within(dialog).getByLabelText("New name")).toHaveValue("Sepsis audit.notes");
    expect(within(dialog).getByText("The file keeps its extension.")).toBeInTheDocument();
  });

  it("renames keeping the original extension", async () => {
    const { user, onRename } = setup();
    const input = screen.getByLabelText("New name");
    await user.clear(input);
    await user.type(input, "Sepsis audit 2026{Enter}");
    expect(onRename).toHaveBeenCalledWith(FILE.id, "Sepsis audit 2026.pdf");
  });

  it("cannot rename to a blank name", async () => {
    const { user, onRename } = setup();
    const input = screen.getByLabelText("New name");
    await user.clear(input);
    await user.type(input, "   ");
    expect(screen.getByRole("button", { name: "Rename" })).toBeDisabled();
    await user.type(input, "{Enter}");
    expect(onRename).not.toHaveBeenCalled();
  });

  it("cancels without renaming, and is closed without a file", async () => {
    const { user, onCancel, onRename } = setup();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onRename).not.toHaveBeenCalled();
  });

  it("is closed when no file is being renamed", () => {
    setup(null);
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
