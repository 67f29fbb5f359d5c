import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setClock } from "../../lib/clock";
import { session } from "../../lib/session";
import { fakeApi, withError } from "../../test/fake-api";
import { branding, calendarEvent } from "../../test/fixtures";
import { renderApp } from "../../test/render";
import ManageEventsPage from "./ManageEventsPage";

const ORG = 7;
const EVENT = calendarEvent({
  id: "5d0c8a3e-2b1f-4c6d-9e8a-7f6b5c4d3e2a",
  title: "Sepsis study day",
  happensAt: "2026-11-20T09:00:00.000Z",
  endsAt: "2026-11-20T17:00:00.000Z",
  description: "A day on sepsis",
  location: "Leeds",
  registrations: 3,
  organisationId: ORG,
});
const WEBINAR = {
  id: "6e1d9b4f-3c2a-4d7e-8f9b-8a7c6d5e4f3b",
  webinarId: "6e1d9b4f-3c2a-4d7e-8f9b-8a7c6d5e4f3b",
  webinarIdStr: "sepsis-update-2026",
  title: "Sepsis update",
  webinarDescription: "What changed",
  startDate: "2026-11-21T18:00:00.000Z",
  endDate: "2026-11-21T19:00:00.000Z",
  registered: false,
  joinLink: null,
  organisationId: ORG,
};
const PLATFORM_EVENT = {
  ...EVENT,
  id: "7f2eac5a-4d3b-4e8f-9a0c-9b8d7e6f5a4c",
  title: "Platform day",
  organisationId: null,
  capacity: null,
  registrations: 0,
};

type Answer = (body: unknown) => unknown;

function setup(roles: string[], answers: { saveEvent?: Answer; saveWebinar?: Answer } = {}) {
  session.login("token", roles, false);
  const api = fakeApi([
    ["GET", /^\/api\/branding$/, () => branding({ organisationId: ORG, organisationName: "Trust" })],
    ["GET", /^\/api\/calendar\/events\/manage$/, () => [EVENT, PLATFORM_EVENT]],
    ["GET", /^\/api\/webinars\/manage$/, () => [WEBINAR]],
    ["POST", /^\/api\/calendar\/events$/, (r) => (answers.saveEvent ?? (() => EVENT))(r.body)],
    ["PUT", /^\/api\/calendar\/events\/[^/]+$/, (r) => (answers.saveEvent ?? (() => EVENT))(r.body)],
    ["DELETE", /^\/api\/calendar\/events\/[^/]+$/, () => ({})],
    ["POST", /^\/api\/webinars$/, (r) => (answers.saveWebinar ?? (() => WEBINAR))(r.body)],
    ["PUT", /^\/api\/webinars\/[^/]+$/, (r) => (answers.saveWebinar ?? (() => WEBINAR))(r.body)],
    ["DELETE", /^\/api\/webinars\/[^/]+$/, () => ({})],
  ]);
  const app = renderApp(
    [
      { path: "/manage", element: <ManageEventsPage /> },
      { path: "/dashboard", element: <p>Dashboard</p> },
    ],
    { at: "/manage" },
  );
  return { ...app, api };
}

beforeEach(() => setClock("2026-11-01T12:00:00.000Z"));
afterEach(() => {
  setClock(null);
  session.clear("logout");
});

async function fillTimes(user: ReturnType<typeof setup>["user"], dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText(/^Start date/), "20/11/2026");
  await user.type(within(dialog).getByLabelText(/^End date/), "20/11/2026");
}

describe("the events and webinars page", () => {
  it("sends users who manage nothing to the dashboard", async () => {
    setup(["User-Basic"]);
    expect(await screen.findByText("Dashboard")).toBeInTheDocument();
  });

  it("lets a manager edit their organisation's events only", async () => {
    const { user } = setup(["Organisation-Manager"]);
    await screen.findByText("Sepsis study day");
    // Managers start with their own; the switch shows the platform's too, without actions.
    expect(screen.queryByText("Platform day")).toBeNull();
    await user.click(screen.getByRole("switch", { name: "Also show platform-wide events and webinars" }));
    expect(await screen.findByText("Platform day")).toBeInTheDocument();
    expect(screen.getByText("Platform event")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Edit Sepsis study day" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Edit Platform day" })).toBeNull();
    expect(screen.getByText("3 of 40")).toBeInTheDocument();
  });

  it("checks an event's required fields before sending it", async () => {
    const { user, api } = setup(["Admin"]);
    await screen.findByText("Sepsis study day");
    await user.click(screen.getByRole("button", { name: "Create event" }));
    const dialog = screen.getByRole("dialog", { name: "Create event" });
    await user.click(within(dialog).getByRole("button", { name: "Create event" }));
    expect(within(dialog).getByText("Please enter a title.")).toBeInTheDocument();
    expect(within(dialog).getByText("Please enter the start date.")).toBeInTheDocument();
    expect(within(dialog).getByText("Please enter the end date.")).toBeInTheDocument();
    expect(api.to(/^\/api\/calendar\/events$/, "POST")).toHaveLength(0);
  });

  it("creates an event with London times on the wire, then closes", async () => {
    const { user, api } = setup(["Admin"]);
    await screen.findByText("Sepsis study day");
    await user.click(screen.getByRole("button", { name: "Create event" }));
    const dialog = screen.getByRole("dialog", { name: "Create event" });
    await user.type(within(dialog).getByLabelText(/^Title/), "Audit workshop");
    await fillTimes(user, dialog);
    await user.type(within(dialog).getByLabelText("Location"), "York");
    await user.type(within(dialog).getByLabelText("Capacity"), "25");
    await user.click(within(dialog).getByRole("button", { name: "Create event" }));
    await waitFor(() => expect(api.to(/^\/api\/calendar\/events$/, "POST")).toHaveLength(1));
    expect(api.to(/^\/api\/calendar\/events$/, "POST")[0]?.body).toEqual({
      title: "Audit workshop",
      description: "",
      location: "York",
      contactName: null,
      contactEmail: null,
      website: null,
      joinEventLink: null,
      happensAt: "2026-11-20T09:00:00.000Z",
      endsAt: "2026-11-20T10:00:00.000Z",
      capacity: 25,
    });
    expect(await screen.findByText("Event Created")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Create event" })).toBeNull());
  });

  it("edits an event, placing the server's message next to its field", async () => {
    const { user, api } = setup(["Organisation-Manager"], {
      saveEvent: () => withError(400, "VALIDATION_ERROR", "Contact email is not in the expected format"),
    });
    await user.click(await screen.findByRole("button", { name: "Edit Sepsis study day" }));
    const dialog = screen.getByRole("dialog", { name: "Edit event" });
    expect(within(dialog).getByLabelText(/^Title/)).toHaveValue("Sepsis study day");
    expect(within(dialog).getByLabelText(/^Start date/)).toHaveValue("20/11/2026");
    expect(within(dialog).getByLabelText(/^Start time/)).toHaveValue("09:00");
    expect(within(dialog).getByLabelText(/^End time/)).toHaveValue("17:00");
    await user.type(within(dialog).getByLabelText("Contact email"), "nobody");
    await user.click(within(dialog).getByRole("button", { name: "Save event" }));
    await waitFor(() => expect(api.to(/^\/api\/calendar\/events\//, "PUT")).toHaveLength(1));
    expect(api.to(/^\/api\/calendar\/events\//, "PUT")[0]?.url.pathname).toBe(
      `/api/calendar/events/${EVENT.id}`,
    );
    expect(
      await within(dialog).findByText("Contact email is not in the expected format"),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Contact email")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("dialog", { name: "Edit event" })).toBeInTheDocument();
  });

  it("shows a server message that names no field above the form", async () => {
    const { user } = setup(["Admin"], {
      saveEvent: () => withError(400, "VALIDATION_ERROR", "Something else is wrong"),
    });
    await user.click(await screen.findByRole("button", { name: "Edit Sepsis study day" }));
    const dialog = screen.getByRole("dialog", { name: "Edit event" });
    await user.click(within(dialog).getByRole("button", { name: "Save event" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Something else is wrong");
  });

  it("deletes an event after confirming", async () => {
    const { user, api } = setup(["Admin"]);
    await user.click(await screen.findByRole("button", { name: "Delete Sepsis study day" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete event" });
    expect(within(confirm).getByText(/^Delete Sepsis study day\? Registered users/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole("button", { name: "Delete event" }));
    await waitFor(() => expect(api.to(/^\/api\/calendar\/events\//, "DELETE")).toHaveLength(1));
    expect(await screen.findByText("Event Deleted")).toBeInTheDocument();
  });

  it("creates a webinar, a taken identifier shown at the identifier", async () => {
    const { user, api } = setup(["Admin"], {
      saveWebinar: () => withError(409, "CONFLICT", "A webinar with this identifier already exists"),
    });
    await screen.findByText("Sepsis study day");
    await user.click(screen.getByRole("tab", { name: "Webinars" }));
    await screen.findByText("sepsis-update-2026");
    await user.click(screen.getByRole("button", { name: "Create webinar" }));
    const dialog = screen.getByRole("dialog", { name: "Create webinar" });
    await user.click(within(dialog).getByRole("button", { name: "Create webinar" }));
    expect(within(dialog).getByText("Please enter an identifier.")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Identifier/), "audit-2026");
    await user.type(within(dialog).getByLabelText(/^Title/), "Audit");
    await fillTimes(user, dialog);
    await user.type(within(dialog).getByLabelText(/^Join link/), "https://meet.example/a");
    await user.click(within(dialog).getByRole("button", { name: "Create webinar" }));
    await waitFor(() => expect(api.to(/^\/api\/webinars$/, "POST")).toHaveLength(1));
    expect(api.to(/^\/api\/webinars$/, "POST")[0]?.body).toEqual({
      webinarIdStr: "audit-2026",
      title: "Audit",
      webinarDescription: "",
      startDate: "2026-11-20T09:00:00.000Z",
      endDate: "2026-11-20T10:00:00.000Z",
      joinLink: "https://meet.example/a",
    });
    expect(
      await within(dialog).findByText("A webinar with this identifier already exists"),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Identifier/)).toHaveAttribute("aria-invalid", "true");
  });

  it("edits a webinar under its fixed identifier, then deletes it", async () => {
    const { user, api } = setup(["Admin"]);
    await screen.findByText("Sepsis study day");
    await user.click(screen.getByRole("tab", { name: "Webinars" }));
    await user.click(await screen.findByRole("button", { name: "Edit Sepsis update" }));
    const dialog = screen.getByRole("dialog", { name: "Edit webinar" });
    expect(within(dialog).getByLabelText(/^Identifier/)).toBeDisabled();
    expect(within(dialog).getByLabelText("Description")).toHaveValue("What changed");
    await user.click(within(dialog).getByRole("button", { name: "Save webinar" }));
    await waitFor(() => expect(api.to(/^\/api\/webinars\//, "PUT")).toHaveLength(1));
    expect(api.to(/^\/api\/webinars\//, "PUT")[0]?.url.pathname).toBe("/api/webinars/sepsis-update-2026");
    expect(await screen.findByText("Webinar Saved")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Edit webinar" })).toBeNull());

    await user.click(screen.getByRole("button", { name: "Delete Sepsis update" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete webinar" });
    await user.click(within(confirm).getByRole("button", { name: "Delete webinar" }));
    await waitFor(() => expect(api.to(/^\/api\/webinars\//, "DELETE")).toHaveLength(1));
    expect(api.to(/^\/api\/webinars\//, "DELETE")[0]?.url.pathname).toBe("/api/webinars/sepsis-update-2026");
    expect(await screen.findByText("Webinar Deleted")).toBeInTheDocument();
  });
});
