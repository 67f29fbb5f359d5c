import { SUPERVISION_MESSAGES } from "@cpd/contract";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { renderWithProviders } from "../../test/render";
import ProfileSignatureCard from "./ProfileSignatureCard";
import { drawOnPad, PNG_URL } from "./test-fixtures";

vi.mock("signature_pad", async () => ({ default: (await import("./test-fixtures")).FakeSignaturePad }));

const URL_PATH = /^\/api\/personal-profile\/signature$/;

function setup(saved: string | null, canEdit = true) {
  let current = saved;
  const api = fakeApi([
    ["GET", URL_PATH, () => ({ signature: current })],
    [
      "PUT",
      URL_PATH,
      (r) => {
        current = (r.body as { signature: string }).signature;
        return { message: SUPERVISION_MESSAGES.profileSignatureSaved, signature: current };
      },
    ],
    [
      "DELETE",
      URL_PATH,
      () => {
        current = null;
        return { message: SUPERVISION_MESSAGES.profileSignatureDeleted };
      },
    ],
  ]);
  return { ...renderWithProviders(<ProfileSignatureCard canEdit={canEdit} />), api };
}

describe("the profile's saved signature", () => {
  it("draws and saves a signature on the sign-off's pad; nothing drawn asks for a drawing", async () => {
    const { user, api } = setup(null);
    expect(await screen.findByText("You have no saved signature.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Draw signature" }));
    expect(await screen.findByRole("group", { name: "Your signature" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save signature" }));
    expect(screen.getByRole("alert")).toHaveTextContent(SUPERVISION_MESSAGES.signatureRequired);
    expect(api.to(URL_PATH, "PUT")).toHaveLength(0);

    drawOnPad();
    await user.click(screen.getByRole("button", { name: "Save signature" }));
    await waitFor(() => expect(api.to(URL_PATH, "PUT")).toHaveLength(1));
    expect(api.to(URL_PATH, "PUT")[0]?.body).toEqual({ signature: PNG_URL });
    expect(await screen.findByText(SUPERVISION_MESSAGES.profileSignatureSaved)).toBeInTheDocument();
    expect(await screen.findByRole("img", { name: "Your saved signature" })).toHaveAttribute("src", PNG_URL);
  });

  it("shows the saved signature, replaces it and deletes it", async () => {
    const old = "data:image/png;base64,b2xk";
    const { user, api } = setup(old);
    expect(await screen.findByRole("img", { name: "Your saved signature" })).toHaveAttribute("src", old);
    await user.click(screen.getByRole("button", { name: "Replace signature" }));
    await screen.findByRole("group", { name: "Your signature" });
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.getByRole("img", { name: "Your saved signature" })).toHaveAttribute("src", old);

    await user.click(screen.getByRole("button", { name: "Delete signature" }));
    await waitFor(() => expect(api.to(URL_PATH, "DELETE")).toHaveLength(1));
    expect(await screen.findByText("You have no saved signature.")).toBeInTheDocument();
    expect(screen.queryByRole("img", { name: "Your saved signature" })).not.toBeInTheDocument();
  });

  it("offers no changes to whoever may not edit the profile", async () => {
    setup("data:image/png;base64,b2xk", false);
    expect(await screen.findByRole("img", { name: "Your saved signature" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /signature/ })).not.toBeInTheDocument();
  });
});
