import { IDENTIFIER_FINDING_MESSAGES, SUPERVISION_MESSAGES } from "@cpd/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fakeApi, type Route, withError } from "../../test/fake-api";
import { renderApp } from "../../test/render";
import EntryFormRoute from "../forms/EntryFormPage";
import type { Form } from "../forms/form-model";
import {
  drawOnPad,
  ENTRY_ID,
  PNG_URL,
  reviewee,
  SHARE_ID,
  signature,
  supervisionForm,
  TOPIC_ID,
  topic,
} from "./test-fixtures";

vi.mock("signature_pad", async () => ({ default: (await import("./test-fixtures")).FakeSignaturePad }));

const SAVED_SIGNATURE = "data:image/png;base64,iVBORw0KGgo=";

function setup(form: Form, extra: Route[] = []) {
  const api = fakeApi([
    ...extra,
    ["GET", /^\/api\/form\/entry\/[^/]+$/, () => form],
    ["POST", /^\/api\/supervision\/share$/, () => ({ message: "Shared Successfully", reviewee: reviewee() })],
    ["POST", /^\/api\/supervision\/reset$/, () => ({ message: SUPERVISION_MESSAGES.reset })],
    ["POST", /^\/api\/supervision\/[^/]+\/[^/]+\/complete$/, () => topic({ Completed: "1" })],
    ["POST", /^\/api\/supervision\/[^/]+\/[^/]+\/comment$/, () => topic().Comments[0]],
    [
      "POST",
      /^\/api\/supervision\/complete$/,
      () => ({ message: SUPERVISION_MESSAGES.signed, completed: false, reviewee: reviewee() }),
    ],
    ["GET", /^\/api\/personal-profile\/signature$/, () => ({ signature: SAVED_SIGNATURE })],
  ]);
  const app = renderApp(
    [
      { path: "/edit/:type/:id", element: <EntryFormRoute /> },
      { path: "/entries", element: <h1>Entries list</h1> },
      { path: "/dashboard", element: <h1>Dashboard</h1> },
    ],
    { at: `/edit/supervision/${ENTRY_ID}` },
  );
  return { ...app, api };
}

type User = ReturnType<typeof setup>["user"];
/** Types by pasting: typing key by key is slow in jsdom and tests nothing more here. */
async function fill(user: User, el: HTMLElement, text: string) {
  await user.click(el);
  await user.paste(text);
}
async function openShare(user: User, other: string) {
  await user.click((await panel()).getByRole("button", { name: `Share with the ${other}` }));
  return within(await screen.findByRole("dialog", { name: `Share with the ${other}` }));
}

const panel = async () =>
  within(await screen.findByRole("region", { name: "Supervision review" }, { timeout: 5000 }));

describe("sharing a supervision record", () => {
  it("checks the dialog's fields with the contract's messages before sending anything", async () => {
    const { user, api } = setup(supervisionForm("Supervisor"));
    const dialog = await openShare(user, "Supervisee");
    const name = dialog.getByRole("textbox", { name: /^Name/ });
    expect(name).toBeRequired();
    expect(name).toHaveAccessibleDescription("Required field");
    await user.click(dialog.getByRole("button", { name: "Share" }));
    expect(dialog.getByText(SUPERVISION_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(dialog.getByText(SUPERVISION_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(dialog.getByText(SUPERVISION_MESSAGES.numberRequired)).toBeInTheDocument();
    expect(dialog.getByText(SUPERVISION_MESSAGES.expiryRequired)).toBeInTheDocument();
    expect(dialog.getByText(SUPERVISION_MESSAGES.topicTitleRequired)).toBeInTheDocument();
    expect(name).toHaveFocus();

    await fill(user, name, "Jo Bloggs");
    await fill(user, dialog.getByRole("textbox", { name: /^Email/ }), "jo@nhs");
    await fill(user, dialog.getByRole("textbox", { name: /^Phone number/ }), "call me");
    await user.click(dialog.getByRole("button", { name: "Share" }));
    expect(dialog.getByText(SUPERVISION_MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(dialog.getByText(SUPERVISION_MESSAGES.numberInvalid)).toBeInTheDocument();
    expect(dialog.queryByText(SUPERVISION_MESSAGES.nameRequired)).toBeNull();
    expect(api.to(/\/share$/, "POST")).toHaveLength(0);
  });

  it("shares with the other side, toasts, and goes to Entries", async () => {
    const { user, api, router } = setup(supervisionForm("Supervisor"));
    const dialog = await openShare(user, "Supervisee");
    await fill(user, dialog.getByRole("textbox", { name: /^Name/ }), "  Jo Bloggs ");
    await fill(user, dialog.getByRole("textbox", { name: /^Email/ }), "jo@nhs.net");
    await fill(user, dialog.getByRole("textbox", { name: /^Phone number/ }), "07700 900123");
    await user.selectOptions(dialog.getByRole("combobox", { name: /^Link expires after/ }), "14 days");
    await fill(user, dialog.getByRole("textbox", { name: /^Topic 1 title/ }), "Caseload review");
    await user.click(dialog.getByRole("button", { name: "Add topic" }));
    await fill(user, dialog.getByRole("textbox", { name: /^Topic 2 title/ }), "Wellbeing");
    await fill(user, dialog.getByRole("textbox", { name: "Topic 2 agreed actions" }), " Take leave ");
    await user.click(dialog.getByRole("button", { name: "Share" }));

    await waitFor(() => expect(api.to(/\/share$/, "POST")).toHaveLength(1));
    expect(api.to(/\/share$/, "POST")[0]?.body).toEqual({
      entryId: ENTRY_ID,
      reviewee: {
        type: "Supervisee",
        name: "Jo Bloggs",
        email: "jo@nhs.net",
        number: "07700 900123",
        expiry: 14,
      },
      topics: [{ title: "Caseload review" }, { title: "Wellbeing", actions: "Take leave" }],
    });
    expect(await screen.findByText("Shared Successfully")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/entries"));
  });

  it("toasts the server's message when sharing fails, and keeps the dialog", async () => {
    const { user } = setup(supervisionForm("Supervisee"), [
      [
        "POST",
        /^\/api\/supervision\/share$/,
        () => withError(409, "ALREADY_SHARED", SUPERVISION_MESSAGES.alreadyShared),
      ],
    ]);
    const dialog = await openShare(user, "Supervisor");
    await fill(user, dialog.getByRole("textbox", { name: /^Name/ }), "Sam Lee");
    await fill(user, dialog.getByRole("textbox", { name: /^Email/ }), "sam@nhs.net");
    await fill(user, dialog.getByRole("textbox", { name: /^Phone number/ }), "+44 20 7946 0000");
    await user.selectOptions(dialog.getByRole("combobox", { name: /^Link expires after/ }), "1 day");
    await user.click(dialog.getByRole("button", { name: "Remove topic 1" }));
    await user.click(dialog.getByRole("button", { name: "Share" }));

    expect(await screen.findByText("Failed to share")).toBeInTheDocument();
    expect(screen.getByText(SUPERVISION_MESSAGES.alreadyShared)).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Share with the Supervisor" })).toBeInTheDocument();
  });

  it("asks for the role to be saved before sharing", async () => {
    setup(supervisionForm(""));
    const p = await panel();
    expect(p.getByRole("button", { name: "Share" })).toBeDisabled();
    expect(p.getByRole("button", { name: "Share" })).toHaveAccessibleDescription(
      SUPERVISION_MESSAGES.roleRequired,
    );
  });

  it("disables Share while the form has unsaved changes", async () => {
    const { user } = setup(supervisionForm("Supervisor"));
    const p = await panel();
    expect(p.getByRole("button", { name: "Share with the Supervisee" })).toBeEnabled();
    await user.type(screen.getByRole("textbox", { name: /^Title/ }), "!");
    expect(p.getByRole("button", { name: "Share with the Supervisee" })).toBeDisabled();
    expect(p.getByRole("button", { name: "Share with the Supervisee" })).toHaveAccessibleDescription(
      "Save your changes before sharing the record.",
    );
  });
});

describe("a shared record, for its owner", () => {
  it("shows the reviewee, London expiry and status; the Supervisor ticks topics and comments", async () => {
    const { user, api } = setup(supervisionForm("Supervisor", { shared: true, reviewee: reviewee() }));
    const p = await panel();
    expect(p.getByText("Jo Bloggs")).toBeInTheDocument();
    expect(p.getByText("jo@nhs.net")).toBeInTheDocument();
    expect(p.getByText("07700 900123")).toBeInTheDocument();
    expect(p.getByText("Supervisee")).toBeInTheDocument();
    expect(p.getByText("08/07/2026 10:30")).toBeInTheDocument();
    expect(p.getByText("Shared")).toBeInTheDocument();
    // A comment is text, never HTML.
    expect(p.getByText("<b>Went well</b>")).toBeInTheDocument();
    expect(p.getByText("Jo Bloggs, 02/07/2026 09:05")).toBeInTheDocument();

    await user.click(p.getByRole("checkbox", { name: "Completed" }));
    await waitFor(() => expect(api.to(/\/complete$/, "POST")).toHaveLength(1));
    expect(api.to(/\/complete$/, "POST")[0]?.url.pathname).toBe(
      `/api/supervision/${SHARE_ID}/${TOPIC_ID}/complete`,
    );

    const box = p.getByRole("textbox", { name: "Add a comment on “Caseload review”" });
    await user.click(p.getByRole("button", { name: "Add comment" }));
    expect(p.getByText(SUPERVISION_MESSAGES.commentBlank)).toBeInTheDocument();
    expect(api.to(/\/comment$/, "POST")).toHaveLength(0);
    await user.type(box, "See you Tuesday");
    await user.click(p.getByRole("button", { name: "Add comment" }));
    await waitFor(() => expect(api.to(/\/comment$/, "POST")).toHaveLength(1));
    expect(api.to(/\/comment$/, "POST")[0]?.body).toEqual({ comment: "See you Tuesday" });
    await waitFor(() => expect(box).toHaveValue(""));
  });

  it("tells the owner what their reviewer is not shown, from the owner's view of the share", async () => {
    const message = IDENTIFIER_FINDING_MESSAGES.withheldFromReviewer(true, 1);
    const { api } = setup(supervisionForm("Supervisor", { shared: true, reviewee: reviewee() }), [
      [
        "GET",
        new RegExp(`^/api/supervision/${SHARE_ID}$`),
        () => ({ withheld: { record: true, files: 1, message } }),
      ],
    ]);
    const p = await panel();
    const title = await p.findByText("Your reviewer cannot see everything");
    expect(title.closest('[role="status"]')).toHaveTextContent(message);
    expect(api.to(new RegExp(`^/api/supervision/${SHARE_ID}$`))).toHaveLength(1);
  });

  it("shows no notice when the reviewer sees everything", async () => {
    const { api } = setup(supervisionForm("Supervisor", { shared: true, reviewee: reviewee() }), [
      ["GET", new RegExp(`^/api/supervision/${SHARE_ID}$`), () => ({})],
    ]);
    const p = await panel();
    await waitFor(() => expect(api.to(new RegExp(`^/api/supervision/${SHARE_ID}$`), "GET")).toHaveLength(1));
    expect(p.queryByText("Your reviewer cannot see everything")).not.toBeInTheDocument();
  });

  it("toasts 'Failed to add comment' with the server's message", async () => {
    const { user } = setup(supervisionForm("Supervisor", { shared: true, reviewee: reviewee() }), [
      [
        "POST",
        /^\/api\/supervision\/[^/]+\/[^/]+\/comment$/,
        () => withError(409, "ENTRY_LOCKED", SUPERVISION_MESSAGES.signedLocked),
      ],
    ]);
    const p = await panel();
    await user.type(p.getByRole("textbox", { name: /^Add a comment/ }), "Late thought");
    await user.click(p.getByRole("button", { name: "Add comment" }));
    expect(await screen.findByText("Failed to add comment")).toBeInTheDocument();
    expect(screen.getByText(SUPERVISION_MESSAGES.signedLocked)).toBeInTheDocument();
  });

  it("resets sharing after a confirmation", async () => {
    const { user, api } = setup(supervisionForm("Supervisor", { shared: true, reviewee: reviewee() }));
    await user.click((await panel()).getByRole("button", { name: "Reset sharing" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Reset sharing?" }));
    await user.click(dialog.getByRole("button", { name: "Reset sharing" }));
    await waitFor(() => expect(api.to(/\/reset$/, "POST")).toHaveLength(1));
    expect(api.to(/\/reset$/, "POST")[0]?.body).toEqual({ entryId: ENTRY_ID });
    expect(await screen.findByText(SUPERVISION_MESSAGES.reset)).toBeInTheDocument();
  });

  it("toasts 'Failed to Reset' when the reset is refused", async () => {
    const { user } = setup(supervisionForm("Supervisor", { shared: true, reviewee: reviewee() }), [
      [
        "POST",
        /^\/api\/supervision\/reset$/,
        () => withError(409, "NOT_SHARED", SUPERVISION_MESSAGES.notShared),
      ],
    ]);
    await user.click((await panel()).getByRole("button", { name: "Reset sharing" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Reset sharing?" }));
    await user.click(dialog.getByRole("button", { name: "Reset sharing" }));
    expect(await screen.findByText("Failed to Reset")).toBeInTheDocument();
    expect(screen.getByText(SUPERVISION_MESSAGES.notShared)).toBeInTheDocument();
  });

  it("the Supervisee side waits for the Supervisor, and cannot tick topics", async () => {
    setup(
      supervisionForm("Supervisee", { shared: true, reviewee: reviewee({ RevieweeType: "Supervisor" }) }),
    );
    const p = await panel();
    expect(p.queryByRole("checkbox", { name: "Completed" })).toBeNull();
    expect(p.getByText("Not completed")).toBeInTheDocument();
    expect(p.getByRole("status")).toHaveTextContent(SUPERVISION_MESSAGES.waitSupervisor);
    expect(p.getByRole("button", { name: "Sign Off" })).toBeDisabled();
  });

  it("signs with the saved signature and goes to the dashboard", async () => {
    const { user, api, router } = setup(
      supervisionForm("Supervisor", { shared: true, reviewee: reviewee() }),
    );
    const p = await panel();
    await user.click(await p.findByRole("checkbox", { name: "Use my saved signature" }));
    expect(p.getByRole("img", { name: "Your saved signature" })).toHaveAttribute("src", SAVED_SIGNATURE);
    await user.click(p.getByRole("button", { name: "Sign Off" }));
    await waitFor(() => expect(api.to(/^\/api\/supervision\/complete$/, "POST")).toHaveLength(1));
    expect(api.to(/^\/api\/supervision\/complete$/, "POST")[0]?.body).toEqual({
      entryId: ENTRY_ID,
      guest: false,
      signature: null,
      useGlobalSignature: true,
    });
    expect(await screen.findByText(SUPERVISION_MESSAGES.signed)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
  });

  it("asks for a drawing, then signs with the drawn PNG; a failure toasts 'Failed to complete'", async () => {
    const { user, api } = setup(supervisionForm("Supervisor", { shared: true, reviewee: reviewee() }), [
      [
        "POST",
        /^\/api\/supervision\/complete$/,
        () => withError(409, "ALREADY_SIGNED", SUPERVISION_MESSAGES.alreadySigned),
      ],
    ]);
    const p = await panel();
    const padGroup = await p.findByRole("group", { name: "Your signature" });
    expect(within(padGroup).getByRole("img", { name: "Signature pad, empty" })).toBeInTheDocument();
    await user.click(p.getByRole("button", { name: "Sign Off" }));
    expect(p.getByRole("alert")).toHaveTextContent(SUPERVISION_MESSAGES.signatureRequired);
    expect(api.to(/^\/api\/supervision\/complete$/, "POST")).toHaveLength(0);

    drawOnPad();
    await user.click(p.getByRole("button", { name: "Sign Off" }));
    await waitFor(() => expect(api.to(/^\/api\/supervision\/complete$/, "POST")).toHaveLength(1));
    expect(api.to(/^\/api\/supervision\/complete$/, "POST")[0]?.body).toMatchObject({
      signature: PNG_URL,
      useGlobalSignature: false,
    });
    expect(await screen.findByText("Failed to complete")).toBeInTheDocument();
    expect(screen.getByText(SUPERVISION_MESSAGES.alreadySigned)).toBeInTheDocument();
  });

  it("a signed record is read-only and says what it waits for", async () => {
    setup(
      supervisionForm("Supervisor", {
        shared: true,
        reviewee: reviewee({ Signature: signature(), Topics: [topic({ Completed: "1" })] }),
      }),
    );
    const p = await panel();
    expect(screen.getByRole("textbox", { name: /^Title/ })).toBeDisabled();
    expect(screen.queryByRole("button", { name: /^Save$/ })).toBeNull();
    expect(p.getByText("Completed")).toBeInTheDocument();
    expect(p.queryByRole("textbox", { name: /^Add a comment/ })).toBeNull();
    expect(p.getByRole("status")).toHaveTextContent(SUPERVISION_MESSAGES.waitSupervisee);
    expect(p.getByText(/signed by Alex Morgan on 03\/07\/2026 14:15/)).toBeInTheDocument();
    expect(p.getByText("ab".repeat(32))).toBeInTheDocument();
    expect(p.getByRole("button", { name: "Sign Off" })).toBeDisabled();
  });
});

describe("the owner's topics after sharing (ADR 0022)", () => {
  const topicsRoutes: Route[] = [
    [
      "POST",
      /^\/api\/supervision\/[^/]+\/topics$/,
      () => ({
        message: SUPERVISION_MESSAGES.topicAdded,
        topic: topic({ TopicId: "t2", TopicTitle: "Audit" }),
      }),
    ],
    [
      "PUT",
      /^\/api\/supervision\/[^/]+\/topics\/[^/]+$/,
      () => ({ message: SUPERVISION_MESSAGES.topicSaved, topic: topic({ TopicTitle: "Renamed" }) }),
    ],
    [
      "DELETE",
      /^\/api\/supervision\/[^/]+\/topics\/[^/]+$/,
      () => ({ message: SUPERVISION_MESSAGES.topicRemoved }),
    ],
  ];

  it("adds a topic (title required), edits one and removes one after confirming", async () => {
    const { user, api } = setup(
      supervisionForm("Supervisor", { shared: true, reviewee: reviewee() }),
      topicsRoutes,
    );
    const p = await panel();
    await user.click(await p.findByRole("button", { name: "Add a topic" }));
    const form = within(p.getByRole("form", { name: "Add a topic" }));
    await user.click(form.getByRole("button", { name: "Add topic" }));
    expect(form.getByText(SUPERVISION_MESSAGES.topicTitleRequired)).toBeInTheDocument();
    expect(api.to(/\/topics$/, "POST")).toHaveLength(0);
    await fill(user, form.getByRole("textbox", { name: /^Topic title/ }), "Audit");
    await fill(user, form.getByRole("textbox", { name: "Agreed actions" }), "Book it");
    await user.click(form.getByRole("button", { name: "Add topic" }));
    await waitFor(() => expect(api.to(/\/topics$/, "POST")).toHaveLength(1));
    expect(api.to(/\/topics$/, "POST")[0]?.url.pathname).toBe(`/api/supervision/${SHARE_ID}/topics`);
    expect(api.to(/\/topics$/, "POST")[0]?.body).toEqual({ title: "Audit", actions: "Book it" });
    expect(await screen.findByText(SUPERVISION_MESSAGES.topicAdded)).toBeInTheDocument();

    await user.click(p.getByRole("button", { name: "Edit topic “Caseload review”" }));
    const edit = within(p.getByRole("form", { name: "Edit topic “Caseload review”" }));
    const title = edit.getByRole("textbox", { name: /^Topic title/ });
    expect(title).toHaveValue("Caseload review");
    await user.clear(title);
    await fill(user, title, "Renamed");
    await user.click(edit.getByRole("button", { name: "Save topic" }));
    await waitFor(() => expect(api.to(/\/topics\/[^/]+$/, "PUT")).toHaveLength(1));
    expect(api.to(/\/topics\/[^/]+$/, "PUT")[0]?.body).toEqual({
      title: "Renamed",
      actions: "Book a joint visit",
    });

    await user.click(p.getByRole("button", { name: "Remove topic “Caseload review”" }));
    expect(api.to(/\/topics\/[^/]+$/, "DELETE")).toHaveLength(0);
    await user.click(await screen.findByRole("button", { name: "Remove topic" }));
    await waitFor(() => expect(api.to(/\/topics\/[^/]+$/, "DELETE")).toHaveLength(1));
    expect(api.to(/\/topics\/[^/]+$/, "DELETE")[0]?.url.pathname).toBe(
      `/api/supervision/${SHARE_ID}/topics/${TOPIC_ID}`,
    );
  });

  it("offers no topic editing once sign-off has started", async () => {
    setup(
      supervisionForm("Supervisee", {
        shared: true,
        reviewee: reviewee({
          RevieweeType: "Supervisor",
          RevieweeSignature: signature({ byReviewee: true }),
        }),
      }),
      topicsRoutes,
    );
    const p = await panel();
    expect(await p.findByText("Caseload review")).toBeInTheDocument();
    expect(p.queryByRole("button", { name: "Add a topic" })).not.toBeInTheDocument();
    expect(p.queryByRole("button", { name: /^Edit topic/ })).not.toBeInTheDocument();
  });
});
