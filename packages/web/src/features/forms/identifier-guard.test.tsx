import { createHash } from "node:crypto";
import { IDENTIFIER_MESSAGES, ITEM_TYPES, resolutionKey } from "@cpd/contract";
import { withNhsCheckDigit } from "@cpd/contract/testing";
import { screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { renderWithProviders } from "../../test/render";
import { FormItemField } from "./FormItemField";
import type { FormItem } from "./form-model";
import type { IdentifierGuard } from "./identifier-marks";

/** The same nine digits with a check digit that fails. */
const failingNumber = (valid: string) => `${valid.slice(0, 9)}${(Number(valid[9]) + 1) % 10}`;
/** Written 3-3-4, as it is usually pasted. */
const spaced = (n: string) => `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`;

// First digits 4x: not a date of birth (so not a CHI number), nor a test or H&C number.
const VALID = withNhsCheckDigit("485777314");
const OTHER_VALID = withNhsCheckDigit("463218895");
const sha256 = (text: string) => createHash("sha256").update(resolutionKey(text)).digest("hex");

const NHS_REASON = IDENTIFIER_MESSAGES["nhs-number"];

function Field({
  type,
  initial = "",
  guard,
  onValue,
}: {
  type: number;
  initial?: string;
  guard: IdentifierGuard;
  onValue?: (v: string) => void;
}) {
  const [value, setValue] = useState(initial);
  const item: FormItem = { identifier: "Field1", title: "Notes", required: false, type, maxLength: 2000 };
  return (
    <FormItemField
      item={item}
      value={value}
      disabled={false}
      entryId={guard.entryId}
      identifiers={guard}
      onChange={(v) => {
        setValue(v as string);
        onValue?.(v as string);
      }}
      onEvidenceAdd={vi.fn()}
      onEvidenceRemove={vi.fn()}
    />
  );
}

const guard = (over: Partial<IdentifierGuard> = {}): IdentifierGuard => ({
  entryId: null,
  resolutions: [],
  options: {},
  ...over,
});

describe("the patient-identifier guard in a plain text field", () => {
  it("lists a pasted NHS number with its reason, describes the field by it, and redacts it", async () => {
    const onValue = vi.fn();
    const { user } = renderWithProviders(<Field type={ITEM_TYPES.text} guard={guard()} onValue={onValue} />);
    const input = screen.getByRole("textbox", { name: "Notes" });
    await user.click(input);
    await user.paste(`Saw the patient, NHS ${spaced(VALID)}, today.`);

    const flags = await screen.findByTestId("identifier-flags");
    await within(flags).findByText(NHS_REASON, { exact: false });
    expect(flags).toHaveTextContent(`“${spaced(VALID)}”`);
    await waitFor(() => expect(input).toHaveAccessibleDescription(new RegExp(NHS_REASON.slice(0, 30))));
    // Unsaved: the resolution waits for a save.
    const notId = within(flags).getByRole("button", { name: "Not a patient identifier" });
    expect(notId).toBeDisabled();
    expect(notId).toHaveAccessibleDescription(/Save the entry first/);

    await user.click(within(flags).getByRole("button", { name: "Redact" }));
    expect(onValue).toHaveBeenLastCalledWith("Saw the patient, NHS [redacted], today.");
    expect(input).toHaveValue("Saw the patient, NHS [redacted], today.");
    await waitFor(() => expect(within(flags).queryByRole("button", { name: "Redact" })).toBeNull());
    expect(input.getAttribute("aria-describedby") ?? "").not.toContain("identifiers");
  });

  it("hides a text the entry already resolved", async () => {
    const text = `One ${VALID} and another ${spaced(OTHER_VALID)}`;
    renderWithProviders(
      <Field
        type={ITEM_TYPES.text}
        initial={text}
        guard={guard({ entryId: "e1", resolutions: [sha256(spaced(OTHER_VALID))] })}
      />,
    );
    const flags = await screen.findByTestId("identifier-flags");
    await within(flags).findByText(`“${VALID}”.`, { exact: false });
    expect(within(flags).getAllByRole("listitem")).toHaveLength(1);
    expect(flags).not.toHaveTextContent(spaced(OTHER_VALID));
  });

  it("does not flag a ten-digit number failing the check", async () => {
    const failing = failingNumber(VALID);
    renderWithProviders(
      <Field type={ITEM_TYPES.text} initial={`Ref ${failing}, NHS ${OTHER_VALID}`} guard={guard()} />,
    );
    const flags = await screen.findByTestId("identifier-flags");
    // Once the scan is in (the valid number is listed), the failing one is not.
    await within(flags).findByText(`“${OTHER_VALID}”.`, { exact: false });
    expect(within(flags).getAllByRole("listitem")).toHaveLength(1);
    expect(flags).not.toHaveTextContent(failing);
  });

  it("marks a saved entry's text as not a patient identifier and hides it", async () => {
    const api = fakeApi([
      [
        "POST",
        /^\/api\/entries\/e1\/identifier-resolutions$/,
        () => ({ identifierFindings: [], unresolvedFindings: 0 }),
      ],
    ]);
    const { user } = renderWithProviders(
      <Field type={ITEM_TYPES.text} initial={`NHS ${VALID}`} guard={guard({ entryId: "e1" })} />,
    );
    const flags = await screen.findByTestId("identifier-flags");
    await user.click(await within(flags).findByRole("button", { name: "Not a patient identifier" }));
    await waitFor(() => expect(within(flags).queryByRole("listitem")).toBeNull());
    expect(api.to(/identifier-resolutions$/, "POST").map((r) => r.body)).toEqual([{ text: VALID }]);
    expect(screen.getByRole("textbox", { name: "Notes" })).toHaveValue(`NHS ${VALID}`);
  });

  it("does not flag the writer's own e-mail address", async () => {
    renderWithProviders(
      <Field
        type={ITEM_TYPES.text}
        initial={`Write to me@example.org or them@example.org`}
        guard={guard({ options: { ownEmail: "me@example.org" } })}
      />,
    );
    const flags = await screen.findByTestId("identifier-flags");
    await within(flags).findByText("“them@example.org”.", { exact: false });
    expect(within(flags).getAllByRole("listitem")).toHaveLength(1);
  });
});

describe("the patient-identifier guard in the rich-text editor", () => {
  it("underlines an NHS number, lists it with its reason and redacts it in the text", async () => {
    const onValue = vi.fn();
    const { user } = renderWithProviders(
      <Field
        type={ITEM_TYPES.longText}
        initial={`<p>First line</p><p>Patient <strong>${spaced(VALID)}</strong> seen</p>`}
        guard={guard()}
        onValue={onValue}
      />,
    );
    const editor = await screen.findByRole("textbox", { name: "Notes" });
    const flags = await screen.findByTestId("identifier-flags");
    await within(flags).findByText(NHS_REASON, { exact: false });
    await waitFor(() => expect(editor.querySelector(".identifier-flag")).toHaveTextContent(spaced(VALID)));
    await waitFor(() => expect(editor).toHaveAccessibleDescription(new RegExp(NHS_REASON.slice(0, 30))));

    await user.click(within(flags).getByRole("button", { name: "Redact" }));
    await waitFor(() => expect(onValue).toHaveBeenCalled());
    const html = onValue.mock.lastCall?.[0] as string;
    expect(html).toContain("[redacted]");
    expect(html).not.toContain(VALID.slice(0, 3));
    expect(html).toContain("<p>First line</p>");
    await waitFor(() => expect(editor.querySelector(".identifier-flag")).toBeNull());
    await waitFor(() => expect(within(flags).queryByRole("listitem")).toBeNull());
  });

  it("does not underline a ten-digit number failing the check", async () => {
    const failing = failingNumber(VALID);
    renderWithProviders(
      <Field type={ITEM_TYPES.longText} initial={`<p>${failing}</p><p>${OTHER_VALID}</p>`} guard={guard()} />,
    );
    const editor = await screen.findByRole("textbox", { name: "Notes" });
    await waitFor(() => expect(editor.querySelectorAll(".identifier-flag")).toHaveLength(1));
    expect(editor.querySelector(".identifier-flag")).toHaveTextContent(OTHER_VALID);
  });
});
