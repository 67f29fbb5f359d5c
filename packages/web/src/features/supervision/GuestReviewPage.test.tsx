import { IDENTIFIER_FINDING_MESSAGES, SUPERVISION_MESSAGES } from "@cpd/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setClock } from "../../lib/clock";
import { fakeApi, type Route, withError, withStatus } from "../../test/fake-api";
import { formItem, formPage } from "../../test/fixtures";
import { renderApp } from "../../test/render";
import { GuestReview } from "./GuestReviewPage";
import { readGuestToken, storeGuestToken } from "./guest-token";
import * as fx from "./test-fixtures";

vi.mock("signature_pad", async () => ({ default: (await import("./test-fixtures")).FakeSignaturePad }));

const TOKEN = "sg_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";
const link = {
  status: "shared",
  maskedEmail: "j•••@nhs.net",
  maskedNumber: "•••• •••123",
  expiresAt: "2026-07-08T09:30:00.000Z",
};
const codeSent = {
  message: SUPERVISION_MESSAGES.codeSent,
  token: null,
  expiresAt: null,
  resendAfter: 30,
  channels: ["email", "sms"],
};

const session = fx.supervisionForm("Supervisor").pages[0] as ReturnType<typeof formPage>;

/** The record as the Supervisor (owner) shared it with Jo, the Supervisee. */
const view = (over: Parameters<typeof fx.reviewee>[0] = {}) => ({
  ownerName: "Alex Morgan",
  viewer: { kind: "reviewee", side: "Supervisee", name: "Jo Bloggs" },
  form: fx.supervisionForm("Supervisor", {
    guest: true,
    shared: true,
    editable: false,
    reviewee: fx.reviewee(over),
    files: [
      {
        id: "f1",
        filename: "notes.pdf",
        contentType: "application/pdf",
        url: `/api/supervision/${fx.SHARE_ID}/files/f1`,
      },
    ],
    pages: [
      // The fixture's session page (title, date, the owner's role) and one unanswered question.
      formPage("Supervision session", [
        ...session.items,
        formItem("OtherPartyRole", "Their job title", 1, false),
      ]),
      formPage("Discussion", [
        formItem("Topics", "Topics discussed", 2, false, {
          value: '<p>Caseload <b>review</b></p><p>Leave</p><img src="x" onerror="alert(1)">',
        }),
        formItem("Wellbeing", "Wellbeing check completed", 7, false, { value: "1" }),
        formItem("Evidence", "Evidence", 8, false, { value: ["f1"] }),
      ]),
    ],
  }),
});

/** Asking for a code works; entering one gets `answer`. */
const codeAnswer = (answer: unknown): Route => [
  "POST",
  /\/authenticate\//,
  (req) =>
    (req.body as { authenticationCode: string | null }).authenticationCode === null ? codeSent : answer,
];

function setup(extra: Route[] = []) {
  const api = fakeApi([
    ...extra,
    ["GET", /\/link$/, () => link],
    codeAnswer({ ...codeSent, message: SUPERVISION_MESSAGES.authenticated, token: TOKEN, resendAfter: 0 }),
    ["GET", new RegExp(`^/api/supervision/${fx.SHARE_ID}$`), () => view()],
    [
      "POST",
      /^\/api\/supervision\/complete$/,
      () => ({ message: SUPERVISION_MESSAGES.completed, completed: true, reviewee: fx.reviewee() }),
    ],
  ]);
  // The Authorization header of each call, in order (the fake API does not keep headers).
  const auth: string[] = [];
  const answer = globalThis.fetch;
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init: RequestInit = {}) => {
    auth.push(new Headers(init.headers).get("Authorization") ?? "");
    return answer(input, init);
  });
  const app = renderApp([{ path: "/review/supervision/:id", element: <GuestReview /> }], {
    at: `/review/supervision/${fx.SHARE_ID}`,
  });
  return { ...app, api, auth };
}

/** Asks for a code, then enters and verifies `code`. */
async function sendAndEnter(user: ReturnType<typeof setup>["user"], code: string) {
  await user.click(await screen.findByRole("button", { name: "Send code" }));
  await user.type(await screen.findByRole("textbox", { name: "6-digit code" }), code);
  await user.click(screen.getByRole("button", { name: "Verify" }));
}

const storeToken = () => storeGuestToken(fx.SHARE_ID, TOKEN);

beforeEach(() => setClock("2026-07-01T12:00:00Z"));
afterEach(() => setClock(null));

describe("the reviewee's code", () => {
  it("says where the code goes, sends it, counts down to Resend, and opens the record with the code", async () => {
    const { user, api, auth } = setup();
    expect(await screen.findByRole("heading", { level: 1, name: "Supervision review" })).toBeInTheDocument();
    expect(
      await screen.findByText("We will send a 6-digit code to j•••@nhs.net (and by text to •••• •••123)."),
    ).toBeInTheDocument();
    expect(screen.getByText("The link works until 08/07/2026 10:30.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Send code" }));

    const code = await screen.findByRole("textbox", { name: "6-digit code" });
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute("inputmode", "numeric");
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(code).toHaveAttribute("maxlength", "6");
    expect(screen.getByRole("status")).toHaveTextContent(SUPERVISION_MESSAGES.codeSent);
    const resend = screen.getByRole("button", { name: "Resend code" });
    expect(resend).toBeDisabled();
    expect(resend).toHaveAccessibleDescription("You can ask for a new code in 30 s.");

    // 30 seconds on by the app's clock: the next tick enables Resend.
    setClock("2026-07-01T12:00:30Z");
    await waitFor(() => expect(screen.getByRole("button", { name: "Resend code" })).toBeEnabled(), {
      timeout: 2500,
    });
    await user.click(screen.getByRole("button", { name: "Resend code" }));
    await waitFor(() => expect(api.to(/\/authenticate\//, "POST")).toHaveLength(2));
    expect(await screen.findByText("You can ask for a new code in 30 s.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(screen.getByText("Enter the 6-digit code we sent you.")).toBeInTheDocument();
    await user.type(code, "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));

    expect(await screen.findByRole("heading", { level: 2, name: "The record" })).toBeInTheDocument();
    expect(api.to(/\/authenticate\//, "POST")[2]?.body).toEqual({ authenticationCode: "123456" });
    expect(readGuestToken(fx.SHARE_ID)).toBe(TOKEN);
    expect(auth.at(-1)).toBe(`Bearer ${TOKEN}`);
  });

  it("toasts 'Failed to complete authentication' with the server's message for an expired code", async () => {
    const { user } = setup([codeAnswer(withError(400, "OTP_EXPIRED", SUPERVISION_MESSAGES.codeExpired))]);
    await sendAndEnter(user, "654321");
    expect(await screen.findByText("Failed to complete authentication")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "6-digit code" })).toHaveAccessibleDescription(
      SUPERVISION_MESSAGES.codeExpired,
    );
    expect(readGuestToken(fx.SHARE_ID)).toBeNull();
  });

  it("toasts 'Failed to initiate authentication' when no code can be sent", async () => {
    const { user } = setup([
      ["POST", /\/authenticate\//, () => withError(503, "SERVICE_UNAVAILABLE", "queue down")],
    ]);
    await user.click(await screen.findByRole("button", { name: "Send code" }));
    expect(await screen.findByText("Failed to initiate authentication")).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "6-digit code" })).toBeNull();
  });

  it("shows the locked message when the fifth wrong code locks the share", async () => {
    const { user } = setup([codeAnswer(withError(403, "SHARE_LOCKED", SUPERVISION_MESSAGES.locked))]);
    await sendAndEnter(user, "111111");
    expect(await screen.findByText("This link cannot be used")).toBeInTheDocument();
    // The page says it, and the failure toast repeats the server's words.
    expect(screen.getAllByText(SUPERVISION_MESSAGES.locked)).toHaveLength(2);
    expect(screen.queryByRole("textbox", { name: "6-digit code" })).toBeNull();
  });
});

describe("a link that cannot be used", () => {
  it.each([
    [410, "LINK_EXPIRED", SUPERVISION_MESSAGES.linkExpired],
    [404, "LINK_INVALID", SUPERVISION_MESSAGES.linkInvalid],
  ])("answers %i %s with its message", async (status, code, message) => {
    setup([["GET", /\/link$/, () => withError(status, code, message)]]);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText("This link cannot be used")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Send code" })).toBeNull();
  });

  it("says a locked share is locked", async () => {
    setup([["GET", /\/link$/, () => ({ ...link, status: "locked" })]]);
    expect(await screen.findByText(SUPERVISION_MESSAGES.locked)).toBeInTheDocument();
  });

  it("goes back to the code step when the stored token is refused (401), forgetting it", async () => {
    storeToken();
    setup([
      [
        "GET",
        new RegExp(`^/api/supervision/${fx.SHARE_ID}$`),
        () =>
          withStatus(401, {
            statusCode: 401,
            code: "UNAUTHORIZED",
            message: SUPERVISION_MESSAGES.linkInvalid,
          }),
      ],
    ]);
    expect(await screen.findByRole("button", { name: "Send code" })).toBeInTheDocument();
    expect(readGuestToken(fx.SHARE_ID)).toBeNull();
  });

  it.each([
    [
      "the expired message when the record answers 410",
      410,
      "LINK_EXPIRED",
      SUPERVISION_MESSAGES.linkExpired,
    ],
    [
      "the server's reason when the record, changed since sharing, is withheld (409)",
      409,
      "IDENTIFIERS_FOUND",
      IDENTIFIER_FINDING_MESSAGES.sharedBlocked,
    ],
  ])("shows %s", async (_, status, code, message) => {
    storeToken();
    setup([["GET", new RegExp(`^/api/supervision/${fx.SHARE_ID}$`), () => withError(status, code, message)]]);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});

describe("the record, for the reviewee", () => {
  it("shows the answers as text, evidence and PDF links with the token, topics without the toggle", async () => {
    storeToken();
    setup();
    expect(
      await screen.findByText(/Alex Morgan shared this supervision record with you/),
    ).toBeInTheDocument();
    const record = within(screen.getByRole("region", { name: "The record" }));
    expect(record.getByText("Weekly supervision")).toBeInTheDocument();
    // The owner's "Your role" question, read from the reviewee's side.
    expect(record.getByText("Alex Morgan's role")).toBeInTheDocument();
    expect(record.queryByText("Your role")).toBeNull();
    expect(record.getByText("01/07/2026")).toBeInTheDocument();
    expect(record.getByText("Not answered")).toBeInTheDocument();
    expect(record.getByText("Yes")).toBeInTheDocument();
    // Rich text is read as text: no markup, nothing loaded or run.
    const topics = record.getByText(/Caseload review/);
    expect(topics.textContent).toBe("Caseload review\nLeave");
    expect(document.querySelector("img[src='x']")).toBeNull();
    expect(record.queryByRole("textbox")).toBeNull();
    expect(record.getByRole("link", { name: "notes.pdf" })).toHaveAttribute(
      "href",
      `/api/supervision/${fx.SHARE_ID}/files/f1?token=${TOKEN}`,
    );
    expect(screen.getByRole("link", { name: "Download PDF" })).toHaveAttribute(
      "href",
      `/api/supervision/${fx.SHARE_ID}/pdf?token=${TOKEN}`,
    );
    // The Supervisee side reads the completion; the Supervisor has not signed, so it waits.
    expect(screen.queryByRole("checkbox", { name: "Completed" })).toBeNull();
    expect(screen.getByText("Not completed")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(SUPERVISION_MESSAGES.waitSupervisor);
    expect(screen.getByRole("button", { name: "Sign Off" })).toBeDisabled();
    expect(screen.queryByRole("checkbox", { name: "Use my saved signature" })).toBeNull();
  });

  it("says how many evidence files are not shown (the API leaves them out)", async () => {
    storeToken();
    const withheld = { record: false, files: 2, message: IDENTIFIER_FINDING_MESSAGES.withheldFiles(2) };
    setup([["GET", new RegExp(`^/api/supervision/${fx.SHARE_ID}$`), () => ({ ...view(), withheld })]]);
    const record = within(await screen.findByRole("region", { name: "The record" }));
    expect(record.getByRole("status")).toHaveTextContent(IDENTIFIER_FINDING_MESSAGES.withheldFiles(2));
  });

  it("signs after the Supervisor with a drawn signature, then thanks the reviewee", async () => {
    storeToken();
    const { user, api, auth, router } = setup([
      ["GET", new RegExp(`^/api/supervision/${fx.SHARE_ID}$`), () => view({ Signature: fx.signature() })],
    ]);
    const sign = await screen.findByRole("button", { name: "Sign Off" });
    expect(sign).toBeEnabled();
    await screen.findByRole("group", { name: "Your signature" });
    await user.click(sign);
    expect(screen.getByRole("alert")).toHaveTextContent(SUPERVISION_MESSAGES.globalForGuests);

    fx.drawOnPad();
    await user.click(screen.getByRole("button", { name: "Sign Off" }));
    expect(
      await screen.findByText("Thank you, you have signed the supervision record as the Supervisee."),
    ).toBeInTheDocument();
    expect(api.to(/^\/api\/supervision\/complete$/, "POST")[0]?.body).toEqual({
      entryId: fx.ENTRY_ID,
      guest: true,
      signature: fx.PNG_URL,
      useGlobalSignature: false,
    });
    expect(auth.at(-1)).toBe(`Bearer ${TOKEN}`);
    expect(screen.getByText(SUPERVISION_MESSAGES.completed)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/review/supervision/${fx.SHARE_ID}`);
  });

  it("the reviewee on the Supervisor side ticks topics", async () => {
    storeToken();
    const { user, api } = setup([
      [
        "GET",
        new RegExp(`^/api/supervision/${fx.SHARE_ID}$`),
        () => ({
          ...view({ RevieweeType: "Supervisor", Topics: [fx.topic({ Completed: "1" })] }),
          viewer: { kind: "reviewee", side: "Supervisor", name: "Jo Bloggs" },
        }),
      ],
      ["POST", /\/complete$/, () => fx.topic()],
    ]);
    const box = await screen.findByRole("checkbox", { name: "Completed" });
    expect(box).toBeChecked();
    await user.click(box);
    await waitFor(() => expect(api.to(/\/[^/]+\/[^/]+\/complete$/, "POST")).toHaveLength(1));
    expect(screen.getByRole("button", { name: "Sign Off" })).toBeEnabled();
  });
});
