// The organisation's settings form: the regulator members must hold a registration with
// (REQ-REVAL-09) is chosen beside the switches and saved with them, the other settings as they were;
// the appointed confirmers (REQ-ATTEST-09) are typed one a line, and their confirmations listed.
import { APPOINTED_CONFIRMER_MESSAGES, CONFIRMATION_STATEMENT } from "@cpd/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { session } from "../../lib/session";
import { fakeApi, type Route } from "../../test/fake-api";
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
  appointedConfirmers: ["carol@trust.example"],
};

const ORGANISATIONS: Route = [
  "GET",
  /\/organisations$/,
  () => ({
    items: [{ id: 4, key: "t", name: "Trust", governingBodyType: null, analytics: false, userCount: 2 }],
    total: 1,
  }),
];
const LISTS: Route[] = [
  ["GET", /\/organisations\/4\/(tags|categories|arranged-in)$/, () => ({ tags: [] })],
  ["GET", /\/organisations\/4\/additional-fields$/, () => []],
];

const SIGNED = {
  id: "6f1d3c1e-1b7a-4d7e-9a55-3f0c2b1e7a10",
  member: { id: "0b5f1e8a-4f4e-4c52-9d51-2f7b8f6a1c22", name: "Mia User" },
  state: "signed",
  createdAt: "2026-11-01T10:00:00.000Z",
  expiresAt: "2026-12-01T10:00:00.000Z",
  openedAt: "2026-11-02T10:00:00.000Z",
  signedAt: "2026-11-03T10:00:00.000Z",
  declinedAt: null,
  withdrawnAt: null,
  attester: { name: "Carol Confirmer", email: "Carol@Trust.example" },
  signer: {
    name: "Carol Confirmer",
    registrationNumber: "01A2345B",
    regulator: "NMC",
    email: "carol@trust.example",
    address: "Ward 9, City Hospital",
    postcode: "LS1 3EX",
    date: "2026-11-03",
    statement: CONFIRMATION_STATEMENT,
  },
};

afterEach(() => session.clear("logout"));

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

describe("the appointed confirmers", () => {
  it("are typed one a line, checked with the contract's message, saved lower-cased; their confirmations are listed", async () => {
    session.login("token", ["User-Basic", "Organisation-Manager"], true);
    const api = fakeApi([
      ORGANISATIONS,
      ["GET", /\/organisations\/4\/settings$/, () => SETTINGS],
      ["PUT", /\/organisations\/4\/settings$/, (req) => req.body],
      ["GET", /\/organisations\/4\/confirmations/, () => ({ items: [SIGNED], total: 1 })],
      ...LISTS,
    ]);
    const { user } = renderApp([{ path: "/organisation/settings", element: <OrganisationSettingsPage /> }], {
      at: "/organisation/settings",
    });
    const field = await screen.findByRole("textbox", { name: "Appointed confirmers" });
    expect(field).toHaveValue("carol@trust.example");

    await user.type(field, "{Enter}not-an-email");
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    expect(await screen.findByText(APPOINTED_CONFIRMER_MESSAGES.invalid)).toBeInTheDocument();
    const puts = () => api.to(/\/organisations\/4\/settings$/, "PUT");
    expect(puts()).toHaveLength(0);

    await user.clear(field);
    await user.type(field, "carol@trust.example{Enter}Dan@Trust.Example");
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.body).toEqual({
      ...SETTINGS,
      appointedConfirmers: ["carol@trust.example", "dan@trust.example"],
    });

    const table = await screen.findByRole("table", { name: "1 confirmation" });
    const cells = within(table)
      .getAllByRole("cell")
      .map((c) => c.textContent);
    expect(cells[0]).toBe("Mia User");
    expect(cells[1]).toContain("Carol@Trust.example");
    expect(cells[3]).toMatch(/^Signed /);
    expect(cells[4]).toContain("NMC 01A2345B");
    const reads = api.to(/\/organisations\/4\/confirmations/, "GET");
    expect(reads[0]?.url.search).toBe("?page=1&perPage=50");
  });

  it("are not listed for someone who is not a manager (an administrator picking the organisation)", async () => {
    session.login("token", ["User-Basic", "Admin"], true);
    const api = fakeApi([ORGANISATIONS, ["GET", /\/organisations\/4\/settings$/, () => SETTINGS], ...LISTS]);
    renderApp([{ path: "/organisation/settings", element: <OrganisationSettingsPage /> }], {
      at: "/organisation/settings",
    });
    await screen.findByRole("textbox", { name: "Appointed confirmers" });
    expect(screen.queryByRole("heading", { name: /appointed confirmers/ })).toBeNull();
    expect(api.to(/\/organisations\/4\/confirmations/, "GET")).toHaveLength(0);
  });
});
