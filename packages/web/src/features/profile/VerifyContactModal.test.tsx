import { LIFECYCLE_MESSAGES } from "@cpd/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi, type Route, withError } from "../../test/fake-api";
import { profile } from "../../test/fixtures";
import { renderWithProviders } from "../../test/render";
import { BasicDetailsCard } from "./BasicDetailsCard";

const START = /^\/api\/profile\/start-mobile-number-verification$/;
const COMPLETE = /^\/api\/profile\/complete-mobile-number-verification$/;

function setup(routes: Route[], over = {}) {
  const api = fakeApi(routes);
  const view = renderWithProviders(
    <BasicDetailsCard
      profile={profile({ alternativeEmail: "ann@work.example", alternativeEmailVerified: true, ...over })}
      canEdit
      onDirtyChange={() => {}}
    />,
  );
  const dialog = () => screen.getByRole("dialog", { name: "Verify mobile number" });
  return { ...view, api, dialog };
}

describe("contact verification on the profile", () => {
  it("badges each contact; only unverified ones offer Verify", () => {
    setup([]);
    const details = screen.getByRole("region", { name: "Basic details" });
    const badges = within(details).getAllByText(/^(Verified|Unverified)$/);
    // Mobile (unverified), primary email (always verified), alternative email (verified).
    expect(badges.map((b) => b.textContent)).toEqual(["Unverified", "Verified", "Verified"]);
    expect(
      within(details)
        .getAllByRole("button", { name: /^Verify/ })
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual(["Verify mobile number"]);
  });

  it("sends a code, wants exactly 6 digits, then verifies and says so", async () => {
    const { user, api, dialog } = setup([
      ["POST", START, () => ({ message: LIFECYCLE_MESSAGES.codeSentMobile })],
      ["POST", COMPLETE, () => ({ verified: true, message: LIFECYCLE_MESSAGES.mobileVerified })],
      ["GET", /^\/api\/profile$/, () => profile({ mobileVerified: true })],
    ]);
    await user.click(screen.getByRole("button", { name: "Verify mobile number" }));
    const d = dialog();
    expect(await within(d).findByText(new RegExp(LIFECYCLE_MESSAGES.codeSentMobile))).toHaveTextContent(
      "(07911 123456). It expires in 15 minutes.",
    );
    expect(api.to(START, "POST")).toHaveLength(1);
    const code = within(d).getByLabelText(/^Verification code/);
    expect(code).toHaveFocus();
    expect(within(d).getByRole("button", { name: /^Send a new code \(in \d+ s\)$/ })).toBeDisabled();

    await user.type(code, "12345");
    await user.click(within(d).getByRole("button", { name: "Verify" }));
    expect(within(d).getByText(LIFECYCLE_MESSAGES.codeFormat)).toBeInTheDocument();
    expect(api.to(COMPLETE, "POST")).toHaveLength(0);

    await user.type(code, "6");
    await user.click(within(d).getByRole("button", { name: "Verify" }));
    expect(await screen.findByText(LIFECYCLE_MESSAGES.mobileVerified)).toBeInTheDocument();
    expect(api.to(COMPLETE, "POST")[0]?.body).toEqual({ verificationCode: "123456" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("keeps the modal open after a wrong code, with the required failure toast", async () => {
    const { user, dialog } = setup([
      ["POST", START, () => ({ message: LIFECYCLE_MESSAGES.codeSentMobile })],
      ["POST", COMPLETE, () => withError(400, "CODE_INVALID", LIFECYCLE_MESSAGES.codeWrong)],
    ]);
    await user.click(screen.getByRole("button", { name: "Verify mobile number" }));
    const d = dialog();
    await user.type(await within(d).findByLabelText(/^Verification code/), "000000");
    await user.click(within(d).getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Failed to verify mobile number")).toBeInTheDocument();
    expect(within(d).getByLabelText(/^Verification code/)).toHaveAccessibleDescription(
      expect.stringContaining(LIFECYCLE_MESSAGES.codeWrong),
    );
    expect(dialog()).toBeInTheDocument();
  });

  it("closes with 'Failed to start verification process' when no code can be sent", async () => {
    const { user } = setup([["POST", START, () => withError(500, "INTERNAL_ERROR", "boom")]]);
    await user.click(screen.getByRole("button", { name: "Verify mobile number" }));
    expect(await screen.findByText("Failed to start verification process")).toBeInTheDocument();
    expect(screen.getByText("Please try again")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Verify mobile number" })).toBeNull());
  });

  it("says why, when the server's refusal tells the user what to do", async () => {
    const { user } = setup([
      ["POST", START, () => withError(503, "SMS_UNAVAILABLE", LIFECYCLE_MESSAGES.smsUnavailable)],
    ]);
    await user.click(screen.getByRole("button", { name: "Verify mobile number" }));
    expect(await screen.findByText("Failed to start verification process")).toBeInTheDocument();
    expect(screen.getByText(LIFECYCLE_MESSAGES.smsUnavailable)).toBeInTheDocument();
  });
});
