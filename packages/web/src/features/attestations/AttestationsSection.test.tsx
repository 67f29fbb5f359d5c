import { ATTESTATION_MESSAGES } from "@cpd/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setClock } from "../../lib/clock";
import { fakeApi, type Route, withError } from "../../test/fake-api";
import { renderWithProviders } from "../../test/render";
import { practiceRecord, progress } from "../revalidation/test-data";
import { AttestationsSection } from "./AttestationsSection";
import { ATTESTATION_ID, attestation, HASH, reflectiveAccount, signerDetails } from "./test-data";

const SIGNED_ID = "9d4a5b6c-7e8f-4a9b-8c0d-1e2f3a4b5c6d";
const DECLINED_ID = "0e5b6c7d-8f9a-4b0c-9d1e-2f3a4b5c6d7e";
const entry = { id: "8c3f4e5d-6a7b-4c8d-9e0f-1a2b3c4d5e6f", title: "Sepsis study day", date: "2026-04-02" };

function setup(items = [attestation()], extra: Route[] = []) {
  const api = fakeApi([
    ...extra,
    ["GET", /^\/api\/revalidation\/attestations$/, () => ({ items, total: items.length })],
    [
      "GET",
      /^\/api\/revalidation\/records$/,
      () => ({ items: [reflectiveAccount, practiceRecord], total: 2 }),
    ],
    [
      "GET",
      /^\/api\/entries\/limit\/100\/page\/1$/,
      () => ({ items: [entry], total: 1, years: [], tags: [], categories: [], governingBodies: [] }),
    ],
    ["POST", /^\/api\/revalidation\/attestations$/, () => attestation()],
    [
      "POST",
      /\/withdraw$/,
      () => ({ message: ATTESTATION_MESSAGES.withdrawn, attestation: attestation({ state: "withdrawn" }) }),
    ],
    ["POST", /\/remind$/, () => ({ message: ATTESTATION_MESSAGES.reminded, attestation: attestation() })],
  ]);
  return { ...renderWithProviders(<AttestationsSection p={progress()} />), api };
}

beforeEach(() => setClock("2026-07-02T12:00:00Z"));
afterEach(() => setClock(null));

describe("the attestations section", () => {
  it("lists the registration's requests with their states in words", async () => {
    const { api } = setup([
      attestation({ state: "opened", openedAt: "2026-07-01T10:00:00.000Z" }),
      attestation({
        id: SIGNED_ID,
        kind: "nmcConfirmation",
        state: "signed",
        signedAt: "2026-07-01T11:00:00.000Z",
        signedHash: HASH,
        recordChangedSinceSigning: true,
        signer: { ...signerDetails, statement: null },
      }),
      attestation({
        id: DECLINED_ID,
        state: "declined",
        declinedAt: "2026-07-01T12:00:00.000Z",
        declineReason: "I was not at that discussion.",
      }),
    ]);
    const section = await screen.findByRole("region", { name: "Attestations (NMC 12A3456E)" });
    const list = await within(section).findByRole("list", { name: "Attestation requests (NMC 12A3456E)" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(3);
    expect(api.to(/^\/api\/revalidation\/attestations$/)[0]?.url.search).toBe(
      "?registrationId=0b8f7c1e-3c1a-4d43-9a57-1f3a2b4c5d6e&page=1&perPage=50",
    );

    const open = within(screen.getByTestId(`attestation-${ATTESTATION_ID}`));
    expect(open.getByText("Opened")).toBeInTheDocument();
    expect(open.getByText("Sam Colleague (sam@nhs.net)")).toBeInTheDocument();
    expect(open.getByText(/the link works until 31\/07\/2026 10:00/)).toBeInTheDocument();
    expect(
      open.getByRole("button", {
        name: "Send a reminder for the NMC reflective discussion by Sam Colleague",
      }),
    ).toBeEnabled();
    expect(open.getByRole("button", { name: /^Withdraw/ })).toBeEnabled();

    const signed = within(screen.getByTestId(`attestation-${SIGNED_ID}`));
    expect(signed.getByText("Signed")).toBeInTheDocument();
    expect(signed.getByText("Record changed since signing")).toBeInTheDocument();
    expect(signed.getByText(HASH)).toBeInTheDocument();
    expect(
      signed.getByText(
        "Signed as Sam Colleague, NMC 98B7654C, sam@nhs.net, Ward 7, City Hospital AB1 2CD, dated 01/07/2026.",
      ),
    ).toBeInTheDocument();
    expect(signed.queryByRole("button")).toBeNull();

    const declined = within(screen.getByTestId(`attestation-${DECLINED_ID}`));
    expect(declined.getByText("Declined")).toBeInTheDocument();
    expect(declined.getByText("I was not at that discussion.")).toBeInTheDocument();
    expect(declined.queryByRole("button")).toBeNull();
  });

  it("withdraws after confirming, and sends a reminder at most once a day", async () => {
    const { user, api } = setup([
      attestation(),
      attestation({ id: SIGNED_ID, lastReminderAt: "2026-07-02T08:00:00.000Z" }),
    ]);
    const first = within(await screen.findByTestId(`attestation-${ATTESTATION_ID}`));
    await user.click(first.getByRole("button", { name: /^Send a reminder/ }));
    await waitFor(() => expect(api.to(/\/remind$/, "POST")).toHaveLength(1));
    expect(api.to(/\/remind$/, "POST")[0]?.url.pathname).toBe(
      `/api/revalidation/attestations/${ATTESTATION_ID}/remind`,
    );
    expect(await screen.findByText(ATTESTATION_MESSAGES.reminded)).toBeInTheDocument();

    const reminded = within(screen.getByTestId(`attestation-${SIGNED_ID}`));
    expect(reminded.getByRole("button", { name: /^Send a reminder/ })).toBeDisabled();
    expect(reminded.getByText(/the next from 03\/07\/2026 09:00/)).toBeInTheDocument();

    await user.click(first.getByRole("button", { name: /^Withdraw/ }));
    const confirm = await screen.findByRole("dialog", { name: "Withdraw this request?" });
    expect(api.to(/\/withdraw$/, "POST")).toHaveLength(0);
    await user.click(within(confirm).getByRole("button", { name: "Withdraw" }));
    await waitFor(() => expect(api.to(/\/withdraw$/, "POST")).toHaveLength(1));
    expect(await screen.findByText(ATTESTATION_MESSAGES.withdrawn)).toBeInTheDocument();
    // The list is read again after the change.
    await waitFor(() => expect(api.to(/^\/api\/revalidation\/attestations$/).length).toBeGreaterThan(1));
  });

  it("shows the server's refusal of a reminder", async () => {
    const { user } = setup(
      [attestation()],
      [["POST", /\/remind$/, () => withError(409, "REMINDER_TOO_SOON", ATTESTATION_MESSAGES.remindTooSoon)]],
    );
    const first = within(await screen.findByTestId(`attestation-${ATTESTATION_ID}`));
    await user.click(first.getByRole("button", { name: /^Send a reminder/ }));
    expect(await screen.findByText(ATTESTATION_MESSAGES.remindTooSoon)).toBeInTheDocument();
  });

  it("asks someone to attest: checks the form, then sends the kind, the attester and the records", async () => {
    const { user, api } = setup([]);
    expect(await screen.findByText("No requests yet.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Ask someone to attest" }));
    const dialog = await screen.findByRole("dialog", { name: "Ask someone to attest" });
    await within(dialog).findByRole("checkbox", { name: /Falls on the ward/ });

    await user.click(within(dialog).getByRole("button", { name: "Send request" }));
    expect(within(dialog).getByText("Choose what you are asking for")).toBeInTheDocument();
    expect(within(dialog).getByText(ATTESTATION_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(ATTESTATION_MESSAGES.noRecords)).toBeInTheDocument();
    expect(within(dialog).getByRole("combobox", { name: /^What you are asking for/ })).toHaveFocus();
    expect(api.to(/^\/api\/revalidation\/attestations$/, "POST")).toHaveLength(0);

    await user.click(within(dialog).getByRole("combobox", { name: /^What you are asking for/ }));
    await user.click(await screen.findByRole("option", { name: "NMC reflective discussion" }));
    await user.type(within(dialog).getByRole("textbox", { name: /^Their name/ }), "Sam Colleague");
    await user.type(within(dialog).getByRole("textbox", { name: /^Their e-mail address/ }), "sam@nhs.net");
    await user.type(within(dialog).getByRole("textbox", { name: /^Their mobile number/ }), "0123");
    await user.click(within(dialog).getByRole("checkbox", { name: /Falls on the ward/ }));
    await user.click(within(dialog).getByRole("button", { name: "Send request" }));
    expect(within(dialog).getByText(ATTESTATION_MESSAGES.mobileInvalid)).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: /^Their mobile number/ })).toHaveFocus();

    await user.clear(within(dialog).getByRole("textbox", { name: /^Their mobile number/ }));
    await user.type(within(dialog).getByRole("textbox", { name: /^Their mobile number/ }), "07700 900123");
    await user.click(within(dialog).getByRole("combobox", { name: /^CPD entries it covers/ }));
    await user.click(await screen.findByRole("option", { name: "Sepsis study day (02/04/2026)" }));
    await user.click(within(dialog).getByRole("button", { name: "Send request" }));

    await waitFor(() => expect(api.to(/^\/api\/revalidation\/attestations$/, "POST")).toHaveLength(1));
    expect(api.to(/^\/api\/revalidation\/attestations$/, "POST")[0]?.body).toEqual({
      kind: "nmcReflectiveDiscussion",
      registrationId: "0b8f7c1e-3c1a-4d43-9a57-1f3a2b4c5d6e",
      attester: { name: "Sam Colleague", email: "sam@nhs.net", mobile: "07700 900123" },
      recordIds: [reflectiveAccount.id],
      entryIds: [entry.id],
    });
    // The entries offered are the cycle's.
    expect(api.to(/^\/api\/entries\//)[0]?.url.searchParams.get("from")).toBe("2025-04-01");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByText(ATTESTATION_MESSAGES.created)).toBeInTheDocument();
  });

  it("shows the API's refusal in the dialog", async () => {
    const { user } = setup(
      [],
      [
        [
          "POST",
          /^\/api\/revalidation\/attestations$/,
          () => withError(404, "RECORD_NOT_FOUND", ATTESTATION_MESSAGES.recordNotFound),
        ],
      ],
    );
    await user.click(await screen.findByRole("button", { name: "Ask someone to attest" }));
    const dialog = await screen.findByRole("dialog", { name: "Ask someone to attest" });
    await user.click(within(dialog).getByRole("combobox", { name: /^What you are asking for/ }));
    await user.click(await screen.findByRole("option", { name: "NMC confirmation" }));
    await user.type(within(dialog).getByRole("textbox", { name: /^Their name/ }), "Casey Confirmer");
    await user.type(within(dialog).getByRole("textbox", { name: /^Their e-mail address/ }), "casey@nhs.net");
    await user.click(await within(dialog).findByRole("checkbox", { name: /Ward 7/ }));
    await user.click(within(dialog).getByRole("button", { name: "Send request" }));
    expect(await within(dialog).findByText(ATTESTATION_MESSAGES.recordNotFound)).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Ask someone to attest" })).toBeInTheDocument();
  });

  it("is not shown for a regulator that asks for no attestation", () => {
    const api = fakeApi([]);
    const hcpc = progress({
      pack: { id: "hcpc-2024", title: "HCPC renewal", version: "2024", regulator: "HCPC" },
    });
    renderWithProviders(<AttestationsSection p={hcpc} />);
    expect(screen.queryByRole("region")).toBeNull();
    expect(screen.queryByRole("button", { name: "Ask someone to attest" })).toBeNull();
    expect(api.requests).toHaveLength(0);
  });
});
