// The onboarding registrations step (REQ-REVAL-02, REQ-REVAL-09): skippable unless the
// organisation requires a registration the new member lacks; a save goes on to the welcome screen.
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { renderApp } from "../../test/render";
import OnboardingRegistrationsPage from "./OnboardingRegistrationsPage";
import { expectRequiredRegistrationPrompt, gphcPack, nmcPack, registration } from "./test-data";

function setup(requiredRegistration: "NMC" | null) {
  const api = fakeApi([
    ["GET", /^\/api\/revalidation$/, () => ({ items: [], requiredRegistration })],
    ["GET", /^\/api\/revalidation\/packs$/, () => ({ items: [nmcPack, gphcPack] })],
    ["GET", /^\/api\/profile\/registrations$/, () => ({ items: [] })],
    [
      "PUT",
      /^\/api\/profile\/registrations$/,
      (req) => ({
        items: (req.body as { items: object[] }).items.map((r) => ({ ...registration, ...r })),
      }),
    ],
  ]);
  const app = renderApp(
    [
      { path: "/welcome/registrations", element: <OnboardingRegistrationsPage /> },
      { path: "/welcome", element: <h1>Welcome screen</h1> },
      { path: "/profile", element: <h1>Profile</h1> },
    ],
    { at: "/welcome/registrations" },
  );
  return { ...app, api };
}

describe("the onboarding registrations step", () => {
  it("can be skipped when the organisation requires no registration", async () => {
    const { user, api } = setup(null);
    expect(
      await screen.findByRole("heading", { name: "Your professional registrations" }),
    ).toBeInTheDocument();
    expect(await screen.findByText("You have no registrations yet.")).toBeInTheDocument();
    expect(screen.queryByText(/Your organisation requires/)).not.toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: "Skip for now" }));
    expect(await screen.findByRole("heading", { name: "Welcome screen" })).toBeInTheDocument();
    expect(api.to(/^\/api\/profile\/registrations$/, "PUT")).toHaveLength(0);
  });

  it("cannot be skipped while a required registration is missing, and goes on once it is saved", async () => {
    const { user, api } = setup("NMC");
    await expectRequiredRegistrationPrompt("NMC");
    expect(screen.queryByRole("button", { name: "Skip for now" })).not.toBeInTheDocument();

    await user.click(await screen.findByRole("button", { name: "Add a registration" }));
    await user.click(screen.getByRole("combobox", { name: /^Regulator/ }));
    await user.click(await screen.findByRole("option", { name: "Nursing and Midwifery Council (NMC)" }));
    await user.click(screen.getByRole("combobox", { name: /^Registers/ }));
    await user.click(await screen.findByRole("option", { name: "Nurse" }));
    await user.type(screen.getByRole("textbox", { name: /Registration number/ }), "12A3456E");
    await user.type(screen.getByRole("textbox", { name: /Renewal or revalidation date/ }), "31/03/2028");
    await user.click(screen.getByRole("button", { name: "Save registrations" }));

    expect(await screen.findByRole("heading", { name: "Welcome screen" })).toBeInTheDocument();
    await waitFor(() => expect(api.to(/^\/api\/profile\/registrations$/, "PUT")).toHaveLength(1));
    expect(api.to(/^\/api\/profile\/registrations$/, "PUT")[0]?.body).toMatchObject({
      items: [
        { regulator: "NMC", registers: ["nurse"], registrationNumber: "12A3456E", renewalDate: "2028-03-31" },
      ],
    });
  });
});
