import { IDENTIFIER_FINDING_MESSAGES, IDENTIFIER_MESSAGES, LIFECYCLE_MESSAGES } from "@cpd/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { useLocation } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setClock } from "../../lib/clock";
import { session } from "../../lib/session";
import { fakeApi, type Route, withError, withStatus } from "../../test/fake-api";
import { profile } from "../../test/fixtures";
import { renderApp } from "../../test/render";
import AccountManagementPage from "./AccountManagementPage";

function LoginStub() {
  const { state } = useLocation();
  return <p>Login page: {(state as { message?: string } | null)?.message}</p>;
}

const DELETION = /^\/api\/user-account\/me\/scheduled-deletion$/;

function setup({
  fullMember = true,
  usesOauth = false,
  scheduled = { scheduled: false, scheduledDate: null as string | null },
  routes = [] as Route[],
  at = "/account-management",
} = {}) {
  const api = fakeApi([
    ...routes,
    ["GET", /^\/api\/branding$/, () => ({ organisationId: usesOauth ? 7 : null, usesOauth })],
    ["GET", /^\/api\/profile$/, () => profile({ fullMember })],
    ["GET", DELETION, () => scheduled],
    ["POST", /^\/api\/auth\/logout$/, () => ({})],
  ]);
  const view = renderApp(
    [
      { path: "/account-management", element: <AccountManagementPage /> },
      { path: "/login", element: <LoginStub /> },
    ],
    { at },
  );
  const card = (name: string) => screen.getByRole("region", { name });
  return { ...view, api, card };
}

beforeEach(() => {
  setClock("2026-11-24T10:00:00Z");
  session.login("token", ["User-Basic"], true);
});
afterEach(() => {
  setClock(null);
  session.clear("logout");
});

describe("changing the e-mail address", () => {
  it("needs both fields, checks them, then sends the link, logs out and goes to login with the message", async () => {
    const sent = { message: LIFECYCLE_MESSAGES.emailChangeSent };
    const { user, api, card, router } = setup({
      routes: [["POST", /^\/api\/profile\/change-email$/, () => sent]],
    });
    const c = card("Change email");
    const button = within(c).getByRole("button", { name: "Change email" });
    expect(button).toBeDisabled();
    await user.type(within(c).getByLabelText(/^New email address/), "ann@example");
    expect(button).toBeDisabled();
    await user.type(within(c).getByLabelText(/^Confirm new email address/), "ann@example");
    await user.click(button);
    expect(within(c).getByRole("alert")).toHaveTextContent(LIFECYCLE_MESSAGES.emailInvalid);

    await user.type(within(c).getByLabelText(/^New email address/), ".org");
    await user.type(within(c).getByLabelText(/^Confirm new email address/), ".com");
    await user.click(button);
    expect(within(c).getByRole("alert")).toHaveTextContent(LIFECYCLE_MESSAGES.emailsDoNotMatch);
    expect(api.to(/change-email$/, "POST")).toHaveLength(0);

    await user.clear(within(c).getByLabelText(/^Confirm new email address/));
    await user.type(within(c).getByLabelText(/^Confirm new email address/), "ann@example.org");
    await user.click(button);
    expect(await screen.findByText(`Login page: ${sent.message}`)).toBeInTheDocument();
    expect(api.to(/change-email$/, "POST")[0]?.body).toEqual({ emailAddress: "ann@example.org" });
    expect(api.to(/\/auth\/logout$/, "POST")).toHaveLength(1);
    expect(session.get()).toBeNull();
    expect(router.state.location.pathname).toBe("/login");
  });

  it("shows the server's refusal and stays", async () => {
    const { user, card } = setup({
      routes: [
        [
          "POST",
          /^\/api\/profile\/change-email$/,
          () => withError(409, "EMAIL_TAKEN", LIFECYCLE_MESSAGES.emailTaken),
        ],
      ],
    });
    const c = card("Change email");
    await user.type(within(c).getByLabelText(/^New email address/), "bob@example.org");
    await user.type(within(c).getByLabelText(/^Confirm new email address/), "bob@example.org");
    await user.click(within(c).getByRole("button", { name: "Change email" }));
    expect(await within(c).findByRole("alert")).toHaveTextContent(LIFECYCLE_MESSAGES.emailTaken);
    expect(session.get()).not.toBeNull();
  });

  it("is managed by a single sign-on organisation", async () => {
    const { card } = setup({ usesOauth: true });
    const c = card("Change email");
    expect(await within(c).findByText(LIFECYCLE_MESSAGES.ssoManaged)).toBeInTheDocument();
    expect(within(c).getByLabelText(/^New email address/)).toBeDisabled();
    expect(within(c).getByLabelText(/^Confirm new email address/)).toBeDisabled();
    expect(within(c).getByRole("button", { name: "Change email" })).toBeDisabled();
    expect(within(c).getByRole("link", { name: "Email history" })).toHaveAttribute("href", "/email-history");
  });
});

describe("deleting the account", () => {
  it("shows the date of each delay and sends nothing until the box is ticked", async () => {
    const answer = {
      scheduled: true,
      scheduledDate: "2026-12-25",
      message: "Your account will be deleted on 25 December 2026.",
    };
    const { user, api, card } = setup({ routes: [["POST", DELETION, () => answer]] });
    const c = card("Delete account");
    const select = within(c).getByLabelText("When should your account be deleted?");
    expect(select).toHaveValue("7");
    expect(select).toHaveAccessibleDescription("Your account will be deleted on 02/12/2026.");
    await user.selectOptions(select, "1");
    expect(select).toHaveAccessibleDescription("Your account will be deleted on 26/11/2026.");
    await user.selectOptions(select, "30");
    expect(select).toHaveAccessibleDescription("Your account will be deleted on 25/12/2026.");

    await user.click(within(c).getByRole("button", { name: "Schedule deletion" }));
    expect(within(c).getByText(LIFECYCLE_MESSAGES.deletionConfirm)).toBeInTheDocument();
    expect(api.to(DELETION, "POST")).toHaveLength(0);

    await user.click(within(c).getByRole("checkbox", { name: /I understand/ }));
    await user.click(within(c).getByRole("button", { name: "Schedule deletion" }));
    expect(await screen.findByText(answer.message)).toBeInTheDocument();
    expect(Object.fromEntries(api.to(DELETION, "POST")[0]?.url.searchParams ?? [])).toEqual({
      scheduledDate: "2026-12-25",
    });
    // The card now shows the scheduled state, and the box must be ticked again.
    expect(within(c).getByText("Your account is scheduled to be deleted on 25/12/2026.")).toBeInTheDocument();
    expect(within(c).getByRole("checkbox", { name: /I understand/ })).not.toBeChecked();
  });

  it("deletes at once: logs out and goes to login with the server's message", async () => {
    const answer = { scheduled: true, scheduledDate: "2026-11-24", message: LIFECYCLE_MESSAGES.deletedNow };
    const { user, api, card } = setup({ routes: [["POST", DELETION, () => answer]] });
    const c = card("Delete account");
    const select = within(c).getByLabelText("When should your account be deleted?");
    await user.selectOptions(select, "now");
    expect(select).toHaveAccessibleDescription("Your account will be deleted immediately.");
    await user.click(within(c).getByRole("checkbox", { name: /I understand/ }));
    await user.click(within(c).getByRole("button", { name: "Delete my account now" }));
    expect(await screen.findByText(`Login page: ${LIFECYCLE_MESSAGES.deletedNow}`)).toBeInTheDocument();
    expect(api.to(DELETION, "POST")[0]?.url.searchParams.get("deleteNow")).toBe("true");
    expect(session.get()).toBeNull();
  });

  it("lets a full member cancel a scheduled deletion", async () => {
    const { user, api, card } = setup({
      scheduled: { scheduled: true, scheduledDate: "2026-12-02" },
      routes: [["DELETE", DELETION, () => ({})]],
    });
    const c = card("Delete account");
    expect(
      await within(c).findByText("Your account is scheduled to be deleted on 02/12/2026."),
    ).toBeInTheDocument();
    await user.click(within(c).getByRole("button", { name: "Cancel deletion" }));
    await waitFor(() => expect(within(c).queryByText(/scheduled to be deleted/)).toBeNull());
    expect(api.to(DELETION, "DELETE")).toHaveLength(1);
    expect(await screen.findByText("Cancelled")).toBeInTheDocument();
  });

  it("gives other members no cancel button", async () => {
    const { card } = setup({
      fullMember: false,
      scheduled: { scheduled: true, scheduledDate: "2026-12-02" },
    });
    const c = card("Delete account");
    expect(
      await within(c).findByText("Your account is scheduled to be deleted on 02/12/2026."),
    ).toBeInTheDocument();
    expect(within(c).getByText(`${LIFECYCLE_MESSAGES.deletionCancelFullOnly}.`)).toBeInTheDocument();
    expect(within(c).queryByRole("button", { name: "Cancel deletion" })).toBeNull();
  });

  it("toasts a refused request", async () => {
    const { user, card } = setup({
      routes: [["POST", DELETION, () => withError(400, "DELETION_DATE", LIFECYCLE_MESSAGES.deletionDate)]],
    });
    const c = card("Delete account");
    await user.click(within(c).getByRole("checkbox", { name: /I understand/ }));
    await user.click(within(c).getByRole("button", { name: "Schedule deletion" }));
    expect(await screen.findByText("Failed to request account deletion")).toBeInTheDocument();
    expect(screen.getByText(LIFECYCLE_MESSAGES.deletionDate)).toBeInTheDocument();
  });
});

describe("exporting the record", () => {
  it("asks for an export and says what happens next", async () => {
    const id = "0b6d8e3c-2f4a-4c1e-9d7b-5a6f7e8d9c0b";
    const { user, api, card } = setup({
      routes: [
        [
          "POST",
          /^\/api\/user-account\/me\/export$/,
          () => ({ id, message: LIFECYCLE_MESSAGES.exportRequested }),
        ],
      ],
    });
    const c = card("Export my data");
    expect(within(c).queryByRole("button", { name: /Download/ })).toBeNull();
    await user.click(within(c).getByRole("button", { name: "Export my data" }));
    expect(await within(c).findByText(LIFECYCLE_MESSAGES.exportRequested)).toBeInTheDocument();
    expect(api.to(/\/export$/, "POST")).toHaveLength(1);
  });

  it("lists the entries holding a patient identifier when the export is refused", async () => {
    const entryId = "5f0c2a1e-8b7d-4e3f-9a6b-1c2d3e4f5a6b";
    const { user, card } = setup({
      routes: [
        [
          "POST",
          /^\/api\/user-account\/me\/export$/,
          () =>
            withStatus(409, {
              statusCode: 409,
              code: "IDENTIFIERS_FOUND",
              message: IDENTIFIER_FINDING_MESSAGES.blocked,
              details: {
                total: 3,
                findings: [
                  {
                    field: "title",
                    kind: "nhs-test-number",
                    severity: "identifier",
                    start: 0,
                    end: 12,
                    reason: IDENTIFIER_MESSAGES["nhs-test-number"],
                    recordType: "reflection",
                    recordId: entryId,
                    recordTitle: "Night shift",
                  },
                ],
              },
            }),
        ],
      ],
    });
    const c = card("Export my data");
    await user.click(within(c).getByRole("button", { name: "Export my data" }));
    const alert = await within(c).findByRole("alert");
    expect(alert).toHaveTextContent(IDENTIFIER_FINDING_MESSAGES.blocked);
    expect(within(alert).getByRole("link", { name: "Night shift" })).toHaveAttribute(
      "href",
      `/edit/reflection/${entryId}`,
    );
    expect(alert).toHaveTextContent(`(Title): ${IDENTIFIER_MESSAGES["nhs-test-number"]}`);
    expect(alert).toHaveTextContent("and 2 more");
  });

  it("offers the download the e-mailed link points to, and says when it is gone", async () => {
    const id = "0b6d8e3c-2f4a-4c1e-9d7b-5a6f7e8d9c0b";
    const { user, api, card } = setup({
      at: `/account-management?export=${id}`,
      routes: [
        [
          "GET",
          /^\/api\/user-account\/me\/export\/[0-9a-f-]+$/,
          () => withError(404, "EXPORT_NOT_FOUND", LIFECYCLE_MESSAGES.exportNotFound),
        ],
      ],
    });
    const c = card("Export my data");
    await user.click(within(c).getByRole("button", { name: "Download your export (ZIP)" }));
    expect(await within(c).findByRole("alert")).toHaveTextContent(LIFECYCLE_MESSAGES.exportNotFound);
    expect(api.to(new RegExp(`/export/${id}$`))).toHaveLength(1);
  });
});
