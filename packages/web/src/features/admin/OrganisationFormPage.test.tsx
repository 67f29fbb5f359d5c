import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { renderApp } from "../../test/render";
import OrganisationFormPage from "./OrganisationFormPage";

const SEEDED = "/api/organisations/7/logos/logo?v=aaaaaaaaaaaa";
const UPLOADED = "/api/organisations/7/logos/logo?v=bbbbbbbbbbbb";
const org = (over: Record<string, unknown> = {}) => ({
  id: 7,
  key: "acme-health",
  name: "Acme Health NHS Trust",
  enabled: true,
  governingBodyType: null,
  features: {},
  logoUrl: SEEDED,
  loginLogoUrl: null,
  logoNotice: null,
  loginLink: "/login?organisation=acme-health",
  colourHex: "#005EB8",
  videoUrl: null,
  usesOauth: false,
  oidcIssuer: null,
  oidcClientId: null,
  oidcClientSecretSet: false,
  managers: [],
  userCount: 3,
  createdAt: "2026-01-01T00:00:00.000Z",
  ...over,
});

function setup() {
  const api = fakeApi([
    ["GET", /\/admin\/organisations\/7$/, () => org()],
    ["POST", /\/admin\/organisations\/7\/logos\/logo$/, () => org({ logoUrl: UPLOADED })],
    ["PUT", /\/admin\/organisations\/7$/, (r) => org(r.body as Record<string, unknown>)],
  ]);
  renderApp([{ path: "/admin/organisations/:organisationId/configure", element: <OrganisationFormPage /> }], {
    at: "/admin/organisations/7/configure",
  });
  return api;
}

afterEach(() => vi.unstubAllGlobals());

describe("the organisation form's logos (ADR 0021)", () => {
  it("saves the configuration as it was read, logos included", async () => {
    const api = setup();
    expect(await screen.findByRole("img", { name: "Logo preview" })).toHaveAttribute("src", SEEDED);
    await userEvent.click(screen.getByRole("button", { name: "Save organisation" }));
    await waitFor(() => expect(api.to(/\/admin\/organisations\/7$/, "PUT")).toHaveLength(1));
    expect(api.to(/\/admin\/organisations\/7$/, "PUT")[0]?.body).toMatchObject({
      logoUrl: SEEDED,
      loginLogoUrl: null,
      loginLink: "/login?organisation=acme-health",
    });
  });

  it("uploads a chosen file at once and shows the stored logo", async () => {
    const api = setup();
    await screen.findByLabelText("Upload the logo");
    // Mantine's FileInput is a button over a hidden file input; the first one is the header logo's.
    const input = document.querySelectorAll<HTMLInputElement>('input[type="file"]')[0] as HTMLInputElement;
    const file = new File(["<svg xmlns='http://www.w3.org/2000/svg'/>"], "logo.svg", {
      type: "image/svg+xml",
    });
    await userEvent.upload(input, file);
    await waitFor(() =>
      expect(screen.getByRole("img", { name: "Logo preview" })).toHaveAttribute("src", UPLOADED),
    );
    const [sent] = api.to(/\/logos\/logo$/, "POST");
    expect(sent?.body).toBe(file);
  });

  it("edits the login link and removes a logo on save", async () => {
    const api = setup();
    const link = await screen.findByLabelText(/Login link/);
    fireEvent.change(link, { target: { value: "https://sso.example.org/start" } });
    await userEvent.click(screen.getAllByRole("button", { name: "Remove" })[0] as HTMLElement);
    await userEvent.click(screen.getByRole("button", { name: "Save organisation" }));
    await waitFor(() => expect(api.to(/\/admin\/organisations\/7$/, "PUT")).toHaveLength(1));
    expect(api.to(/\/admin\/organisations\/7$/, "PUT")[0]?.body).toMatchObject({
      logoUrl: null,
      loginLink: "https://sso.example.org/start",
    });
  });
});
