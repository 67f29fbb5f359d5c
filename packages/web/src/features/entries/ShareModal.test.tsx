import { SHARED_CPD_MESSAGES } from "@cpd/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fakeApi, withError } from "../../test/fake-api";
import { renderWithProviders } from "../../test/render";
import { ShareModal, type ShareSource } from "./ShareModal";
import { AGREEMENT_REQUIRED } from "./share-rules";

const ENTRY_ID = "6d3d5f0e-8a1b-4b8e-9a77-1f2b3c4d5e6f";
const source: ShareSource = {
  id: ENTRY_ID,
  title: "Sepsis screening",
  category: "Clinical Education",
  description: "<p>Screening tools &amp; <strong>red flags</strong> in the community.</p>",
  websiteUrl: "",
};

function setup(share: () => unknown = () => ({})) {
  const api = fakeApi([
    ["GET", /^\/api\/shared-cpd\/categories$/, () => ["Clinical Education", "Leadership"]],
    ["POST", /^\/api\/shared-cpd$/, share],
  ]);
  const onClose = vi.fn();
  const view = renderWithProviders(<ShareModal source={source} onClose={onClose} />);
  const dialog = () => screen.getByRole("dialog", { name: "Share to Shared CPD" });
  const shares = () => api.to(/^\/api\/shared-cpd$/, "POST");
  return { ...view, api, onClose, dialog, shares };
}

describe("the share modal", () => {
  it("starts from the entry: its title, its description as plain text, its category when the community has it", async () => {
    const { dialog } = setup();
    const d = dialog();
    expect(within(d).getByLabelText(/^Title/)).toHaveValue("Sepsis screening");
    expect(within(d).getByLabelText(/^Description/)).toHaveValue(
      "Screening tools & red flags in the community.",
    );
    await waitFor(() => expect(within(d).getByLabelText(/^Category/)).toHaveValue("Clinical Education"));
    expect(within(d).getByText("355 of 400 characters left")).toBeInTheDocument();
  });

  it("names every problem and sends nothing until they are fixed", async () => {
    const { user, dialog, shares, onClose } = setup();
    const d = dialog();
    await user.clear(within(d).getByLabelText(/^Title/));
    await user.type(within(d).getByLabelText(/^Website/), "not a link");
    await user.click(within(d).getByRole("button", { name: "Share" }));

    expect(within(d).getByText(SHARED_CPD_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(within(d).getByText(SHARED_CPD_MESSAGES.invalidWebsite)).toBeInTheDocument();
    expect(within(d).getByText(AGREEMENT_REQUIRED)).toBeInTheDocument();
    expect(shares()).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();

    // Fixing a field clears its message.
    await user.type(within(d).getByLabelText(/^Title/), "Sepsis");
    expect(within(d).queryByText(SHARED_CPD_MESSAGES.titleRequired)).toBeNull();
  });

  it("shares the checked draft, says so and closes", async () => {
    const { user, dialog, shares, onClose } = setup();
    const d = dialog();
    await waitFor(() => expect(within(d).getByLabelText(/^Category/)).toHaveValue("Clinical Education"));
    await user.selectOptions(within(d).getByLabelText(/^Category/), "Leadership");
    await user.type(within(d).getByLabelText(/^Website/), "https://www.example.org/sepsis");
    await user.click(within(d).getByLabelText(/^I agree that the above does not contain/));
    await user.click(within(d).getByRole("button", { name: "Share" }));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(shares()).toHaveLength(1);
    expect(shares()[0]?.url.searchParams.get("entryId")).toBe(ENTRY_ID);
    expect(shares()[0]?.body).toEqual({
      title: "Sepsis screening",
      description: "Screening tools & red flags in the community.",
      category: "Leadership",
      websiteUrl: "https://www.example.org/sepsis",
    });
    expect(await screen.findByText(SHARED_CPD_MESSAGES.shared)).toBeInTheDocument();
  });

  it("keeps the dialog open and shows the server's message when sharing fails", async () => {
    const { user, dialog, onClose } = setup(() =>
      withError(409, "ALREADY_SHARED", SHARED_CPD_MESSAGES.alreadyShared),
    );
    const d = dialog();
    await waitFor(() => expect(within(d).getByLabelText(/^Category/)).toHaveValue("Clinical Education"));
    await user.type(within(d).getByLabelText(/^Website/), "https://www.example.org/sepsis");
    await user.click(within(d).getByLabelText(/^I agree that the above does not contain/));
    await user.click(within(d).getByRole("button", { name: "Share" }));

    const toast = await screen.findByRole("alert");
    expect(toast).toHaveTextContent("Failed to share CPD");
    expect(toast).toHaveTextContent(SHARED_CPD_MESSAGES.alreadyShared);
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog()).toBeInTheDocument();
  });
});
