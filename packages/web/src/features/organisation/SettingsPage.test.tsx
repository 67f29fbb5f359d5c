// The organisation's settings form: the regulator members must hold a registration with
// (REQ-REVAL-09) is chosen beside the switches and saved with them, the other settings as they were.
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { renderApp } from "../../test/render";
import OrganisationSettingsPage from "./SettingsPage";

/** An organisation that fixes its members' hours and interval, and requires an HCPC registration. */
const SETTINGS = {
  cpdHours: 37.5,
  startDate: null,
  reportInterval: 3,
  dashboardWidgets: { reflection: false, supervision: true },
  allFeatures: true,
  logoutTimer: { enabled: true },
  requiredRegulator: "HCPC",
};

describe("the organisation settings form", () => {
  it("changes the regulator members must hold a registration with, and can clear it", async () => {
    const api = fakeApi([
      [
        "GET",
        /\/organisations$/,
        () => ({
          items: [
            { id: 4, key: "t", name: "Trust", governingBodyType: null, analytics: false, userCount: 2 },
          ],
          total: 1,
        }),
      ],
      ["GET", /\/organisations\/4\/settings$/, () => SETTINGS],
      ["PUT", /\/organisations\/4\/settings$/, (req) => req.body],
      ["GET", /\/organisations\/4\/(tags|categories|arranged-in)$/, () => ({ tags: [] })],
      ["GET", /\/organisations\/4\/additional-fields$/, () => []],
    ]);
    const { user } = renderApp([{ path: "/organisation/settings", element: <OrganisationSettingsPage /> }], {
      at: "/organisation/settings",
    });
    const select = await screen.findByRole("combobox", { name: /^Members must hold a registration with/ });
    expect(select).toHaveValue("Health and Care Professions Council (HCPC)");
    await user.click(select);
    await user.click(await screen.findByRole("option", { name: "Nursing and Midwifery Council (NMC)" }));
    expect(screen.queryByRole("option", { name: /Another body/ })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    const puts = () => api.to(/\/organisations\/4\/settings$/, "PUT");
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.body).toEqual({ ...SETTINGS, requiredRegulator: "NMC" });

    await user.click(select);
    await user.click(await screen.findByRole("option", { name: "No registration required" }));
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]?.body).toEqual({ ...SETTINGS, requiredRegulator: null });
  });
});
