import { ATTESTATION_MESSAGES, CONFIRMATION_STATEMENT } from "@cpd/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setClock } from "../../lib/clock";
import { guestTokenStore } from "../../lib/guest-token";
import { fakeApi, type Route, withError } from "../../test/fake-api";
import { renderApp } from "../../test/render";
import { drawOnPad, PNG_URL } from "../supervision/test-fixtures";
import { Attester } from "./AttesterPage";
import {
  ATTESTATION_ID,
  codeSent,
  confirmationView,
  HASH,
  link,
  signerDetails,
  TOKEN,
  view,
} from "./test-data";

vi.mock("signature_pad", async () => ({
  default: (await import("../supervision/test-fixtures")).FakeSignaturePad,
}));

const tokens = guestTokenStore("attestationGuest");
const VIEW = new RegExp(`^/api/attestation/${ATTESTATION_ID}$`);

function setup(extra: Route[] = []) {
  const api = fakeApi([
    ...extra,
    ["GET", /\/link$/, () => link],
    [
      "POST",
      /\/code$/,
      (req) =>
        (req.body as { code: string | null }).code === null
          ? codeSent
          : { ...codeSent, message: ATTESTATION_MESSAGES.authenticated, token: TOKEN, resendAfter: 0 },
    ],
    ["GET", VIEW, () => view()],
    [
      "POST",
      /\/sign$/,
      () => ({ message: ATTESTATION_MESSAGES.signed, hash: HASH, signedAt: "2026-07-01T12:00:00Z" }),
    ],
    ["POST", /\/decline$/, () => ({ message: ATTESTATION_MESSAGES.declined })],
  ]);
  const auth: string[] = [];
  const answer = globalThis.fetch;
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init: RequestInit = {}) => {
    auth.push(new Headers(init.headers).get("Authorization") ?? "");
    return answer(input, init);
  });
  const app = renderApp(
    [
      { path: "/attestation/:id", element: <Attester /> },
      { path: "/verify/attestation/:id", element: <p>Verify page</p> },
    ],
    { at: `/attestation/${ATTESTATION_ID}` },
  );
  return { ...app, api, auth };
}

beforeEach(() => setClock("2026-07-01T12:00:00Z"));
afterEach(() => {
  setClock(null);
  vi.unstubAllGlobals();
});

/** The form's fields as the NMC asks for them, filled in. */
async function fillDetails(user: ReturnType<typeof setup>["user"]) {
  const labels = {
    registrationNumber: /^Your PIN or registration number/,
    regulator: /^The body you are registered with/,
    email: /^Your e-mail address/,
    address: /^Your professional address/,
    postcode: /^Postcode/,
  } as const;
  for (const [field, name] of Object.entries(labels)) {
    await user.type(screen.getByRole("textbox", { name }), signerDetails[field as keyof typeof labels]);
  }
}

describe("the attester's page", () => {
  it("names who asks and for what, sends the code, and opens the covered records with it", async () => {
    const { user, api, auth } = setup();
    expect(
      await screen.findByRole("heading", { level: 1, name: "Revalidation attestation" }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        /asks you to sign an attestation for their revalidation: an NMC reflective discussion/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("Nia Nurse")).toBeInTheDocument();
    expect(
      screen.getByText("We will send a 6-digit code to s•••@nhs.net (and by text to •••• •••123)."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Send code" }));
    const code = await screen.findByRole("textbox", { name: "6-digit code" });
    expect(code).toHaveFocus();
    await user.type(code, "12345");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(screen.getByText("Enter the 6-digit code we sent you.")).toBeInTheDocument();
    await user.type(code, "6");
    await user.click(screen.getByRole("button", { name: "Verify" }));

    const covered = await screen.findByRole("region", { name: "What you are asked to attest" });
    expect(within(covered).getByRole("heading", { name: "Falls on the ward" })).toBeInTheDocument();
    expect(within(covered).getByText("Reflective account · 10/05/2026")).toBeInTheDocument();
    expect(within(covered).getByText(/^What did you learn from the CPD activity/)).toBeInTheDocument();
    expect(within(covered).getByText("Check the bed rails.")).toBeInTheDocument();
    expect(within(covered).getByText("Sepsis study day")).toBeInTheDocument();
    // Rich text is shown as text: nothing of it runs or renders.
    expect(within(covered).getByText("Recognising sepsis")).toBeInTheDocument();
    expect(covered.querySelector("img")).toBeNull();
    expect(
      screen.getByText(
        /\(NMC registration 12A3456E\) asks you, Sam Colleague, to sign an NMC reflective discussion/,
      ),
    ).toBeInTheDocument();
    expect(api.to(/\/code$/, "POST").map((r) => r.body)).toEqual([{ code: null }, { code: "123456" }]);
    expect(auth.at(-1)).toBe(`Bearer ${TOKEN}`);
    expect(tokens.read(ATTESTATION_ID)).toBe(TOKEN);
  });

  it("checks the form and the drawing, then signs with the details and shows the hash", async () => {
    tokens.store(ATTESTATION_ID, TOKEN);
    const { user, api } = setup();
    const sign = await screen.findByRole("button", { name: "Sign" });
    expect(screen.getByRole("textbox", { name: /^Your name/ })).toHaveValue("Sam Colleague");
    expect(screen.getByRole("textbox", { name: /^Date/ })).toHaveValue("01/07/2026");
    await screen.findByRole("group", { name: "Your signature" });
    await user.click(sign);
    expect(screen.getByText("Enter your PIN or registration number")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: /^Your PIN or registration number/ })).toHaveFocus();
    expect(api.to(/\/sign$/, "POST")).toHaveLength(0);

    await fillDetails(user);
    await user.click(sign);
    expect(screen.getByRole("alert")).toHaveTextContent(ATTESTATION_MESSAGES.signatureRequired);
    expect(api.to(/\/sign$/, "POST")).toHaveLength(0);

    drawOnPad();
    await user.click(sign);
    expect(await screen.findByText(ATTESTATION_MESSAGES.signed)).toBeInTheDocument();
    expect(api.to(/\/sign$/, "POST")[0]?.body).toEqual({
      details: { ...signerDetails, statement: null },
      signature: PNG_URL,
    });
    expect(screen.getByText(HASH)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Check this hash on the verification page" })).toHaveAttribute(
      "href",
      `/verify/attestation/${ATTESTATION_ID}?hash=${HASH}`,
    );
    expect(tokens.read(ATTESTATION_ID)).toBeNull();
  });

  it("asks a confirmer to confirm the statement, and sends it", async () => {
    tokens.store(ATTESTATION_ID, TOKEN);
    const { user, api } = setup([["GET", VIEW, () => confirmationView()]]);
    const statement = await screen.findByRole("checkbox", { name: CONFIRMATION_STATEMENT });
    await fillDetails(user);
    drawOnPad();
    await user.click(screen.getByRole("button", { name: "Sign" }));
    expect(screen.getByText(ATTESTATION_MESSAGES.statementRequired)).toBeInTheDocument();
    expect(statement).toHaveFocus();
    await user.click(statement);
    await user.click(screen.getByRole("button", { name: "Sign" }));
    await waitFor(() => expect(api.to(/\/sign$/, "POST")).toHaveLength(1));
    expect(api.to(/\/sign$/, "POST")[0]?.body).toMatchObject({
      details: { statement: CONFIRMATION_STATEMENT },
    });
  });

  it("declines with a reason", async () => {
    tokens.store(ATTESTATION_ID, TOKEN);
    const { user, api } = setup();
    await user.click(await screen.findByRole("button", { name: "Decline this request" }));
    const reason = screen.getByRole("textbox", { name: /^Your reason/ });
    expect(reason).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Send my decline" }));
    expect(screen.getByText(ATTESTATION_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(api.to(/\/decline$/, "POST")).toHaveLength(0);
    await user.type(reason, "I was not at that discussion.");
    await user.click(screen.getByRole("button", { name: "Send my decline" }));
    expect(await screen.findByText(ATTESTATION_MESSAGES.declined)).toBeInTheDocument();
    expect(api.to(/\/decline$/, "POST")[0]?.body).toEqual({ reason: "I was not at that discussion." });
  });

  it("says why a link cannot be used", async () => {
    setup([["GET", /\/link$/, () => withError(410, "LINK_EXPIRED", ATTESTATION_MESSAGES.linkExpired)]]);
    expect(await screen.findByText("This link cannot be used")).toBeInTheDocument();
    expect(screen.getByText(ATTESTATION_MESSAGES.linkExpired)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Send code" })).toBeNull();
  });

  it("goes back to the code step when the token stops working", async () => {
    tokens.store(ATTESTATION_ID, "ag_stale0000000000000000000000000000000000000");
    setup([["GET", VIEW, () => withError(401, "UNAUTHORIZED", "Unauthorized")]]);
    expect(await screen.findByRole("button", { name: "Send code" })).toBeInTheDocument();
    expect(tokens.read(ATTESTATION_ID)).toBeNull();
  });

  it("shows a closed request read-only, with no form", async () => {
    tokens.store(ATTESTATION_ID, TOKEN);
    setup([["GET", VIEW, () => view({ state: "signed" })]]);
    expect(await screen.findByText(ATTESTATION_MESSAGES.notOpen)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Falls on the ward" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Sign" })).toBeNull();
  });

  it("refuses an address that is not an attestation's", async () => {
    const api = fakeApi([]);
    renderApp([{ path: "/attestation/:id", element: <Attester /> }], { at: "/attestation/not-a-uuid" });
    expect(await screen.findByText(ATTESTATION_MESSAGES.linkInvalid)).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });
});
