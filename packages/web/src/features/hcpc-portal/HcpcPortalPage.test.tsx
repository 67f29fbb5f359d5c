import {
  GAP_TOAST_TITLE,
  HCPC_LINK_EXPIRED_MESSAGE,
  HCPC_STATEMENT_WORDS_MESSAGE,
  HCPC_SUMMARY_WORDS_MESSAGE,
  IDENTIFIER_FINDING_MESSAGES,
  IDENTIFIER_MESSAGES,
} from "@cpd/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setClock } from "../../lib/clock";
import { patchStored, readStored } from "../../lib/storage";
import { fakeApi, withError, withStatus } from "../../test/fake-api";
import { renderApp } from "../../test/render";
import { HcpcPortal } from "./HcpcPortalPage";
import { PORTAL_FIELD, reloadPortal } from "./portal-store";

const storedPortal = () => readStored("local")[PORTAL_FIELD] as { accessToken?: string; evidence?: string[] };

const TOKEN = `${"A".repeat(42)}b`;
const info = {
  expiresAt: "2026-11-30T14:30:00.000Z",
  dateFrom: "2024-11-01",
  dateTo: "2026-10-31",
  name: "Alex Morgan",
};
const entry = (id: string, date: string, title = `Activity ${id}`) => ({
  id,
  type: "diary",
  title,
  date,
  hours: 1.5,
  tags: [],
  evidenceCount: 1,
});
const evidence = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `f${i}`,
    name: `file${i}.pdf`,
    contentType: "application/pdf",
    size: 2048,
    entryId: "e1",
    entryTitle: "Activity e1",
  }));

function setup({
  at = "/hcpc-portal",
  infoAnswer = (): unknown => info,
  entries = [entry("e1", "2026-01-10"), entry("e2", "2026-02-10"), entry("e3", "2026-07-01", "Late course")],
  evidenceCount = 3,
  guideVideoUrl = null,
  gaps = [],
  pdf = (): unknown => "%PDF-1.7",
}: {
  gaps?: unknown[];
  pdf?: () => unknown;
  guideVideoUrl?: string | null;
  at?: string;
  infoAnswer?: () => unknown;
  entries?: unknown[];
  evidenceCount?: number;
} = {}) {
  const api = fakeApi([
    [
      "GET",
      /\/shell\/config$/,
      () => ({ footerLinks: [], socialLinks: [], promoVideoUrl: null, hcpcGuideVideoUrl: guideVideoUrl }),
    ],
    ["GET", /\/info$/, infoAnswer],
    ["GET", /\/summary$/, () => ({ summary: "I am a physiotherapist" })],
    ["PUT", /\/summary$/, (r) => r.body],
    ["GET", /\/statement$/, () => ({ standard1: "", standard2: "", standard3: "", standard4: "" })],
    ["PUT", /\/statement$/, (r) => r.body],
    ["GET", /\/entries$/, () => ({ items: entries })],
    ["GET", /\/gaps$/, () => ({ gaps })],
    ["PUT", /\/gaps$/, (r) => r.body],
    ["GET", /\/evidence$/, () => ({ items: evidence(evidenceCount) })],
    ["GET", /\/entries-pdf$/, pdf],
  ]);
  const routes = [
    { path: "/hcpc-portal", element: <HcpcPortal /> },
    { path: "/hcpc-portal/access/:accessToken", element: <HcpcPortal /> },
  ];
  return { ...renderApp(routes, { at }), api };
}
/** A stored portal state as an earlier visit left it. */
function stored(over: object = {}) {
  patchStored("local", {
    [PORTAL_FIELD]: {
      accessToken: TOKEN,
      completed: { summary: true, activities: true, statement: false, evidence: true },
      entries: [],
      evidence: [],
      ...over,
    },
  });
  reloadPortal();
}
const stepButton = (name: RegExp) =>
  within(screen.getByRole("navigation", { name: "Portal steps" })).getByRole("button", { name });

beforeEach(() => {
  reloadPortal();
  setClock("2026-11-23T12:00:00Z");
});
afterEach(() => setClock(null));

describe("the HCPC portal's guide video", () => {
  it("is offered when the operator configured its address", async () => {
    stored();
    setup({ guideVideoUrl: "https://player.example.org/guide" });
    expect(await screen.findByTitle("HCPC audit portal guide video")).toHaveAttribute(
      "src",
      "https://player.example.org/guide",
    );
    expect(screen.getByText("Watch the guide video")).toBeInTheDocument();
  });

  it("is hidden when no address is set", async () => {
    stored();
    const { api } = setup();
    expect(await screen.findByRole("heading", { name: "HCPC audit portal", level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(api.to(/\/shell\/config$/)).toHaveLength(1));
    expect(screen.queryByText("Watch the guide video")).toBeNull();
  });
});

describe("the HCPC portal's link", () => {
  it("stores the token from the link and opens the wizard with the time left", async () => {
    const { router, api } = setup({ at: `/hcpc-portal/access/${TOKEN}` });
    expect(await screen.findByRole("heading", { name: "HCPC audit portal", level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/hcpc-portal");
    expect(storedPortal().accessToken).toBe(TOKEN);
    expect(await screen.findByText("7 days 2 hours left")).toBeInTheDocument();
    expect(screen.getByText("Alex Morgan: activities from 01/11/2024 to 31/10/2026")).toBeInTheDocument();
    expect(screen.getByText("0% complete")).toBeInTheDocument();
    expect(api.to(/\/info$/)[0]?.url.pathname).toBe(`/api/hcpc-portal/${TOKEN}/info`);
    expect(stepButton(/Summary/)).toHaveAttribute("aria-current", "step");
  });

  it("explains an expired link and links to the portfolio builder", async () => {
    stored();
    setup({ infoAnswer: () => withError(410, "GONE", "Expired") });
    expect(await screen.findByText(HCPC_LINK_EXPIRED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the portfolio builder" })).toHaveAttribute(
      "href",
      "/portfolio-builder/choose",
    );
  });
});

/** Over the word limit: the count and the contract's message show, and Save sends nothing. */
async function expectSaveRefused(
  { user, api }: Pick<ReturnType<typeof setup>, "user" | "api">,
  count: string,
  message: string,
  what: "Summary" | "Statement",
  path: RegExp,
) {
  expect(screen.getByText(count)).toBeInTheDocument();
  expect(screen.getByText(`${message} Shorten the text to save it.`)).toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "Save" }));
  expect(await screen.findByText(`${what} not saved`)).toBeInTheDocument();
  expect(api.to(path, "PUT")).toHaveLength(0);
}

describe("the summary step", () => {
  it("keeps completion while the saved text loads, resets it on an edit, counts words and saves", async () => {
    stored();
    const { user, api } = setup();
    const box = await screen.findByRole("textbox", { name: "Summary of practice" });
    expect(box).toHaveValue("I am a physiotherapist");
    expect(screen.getByText("75% complete")).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Mark step complete" })).toBeChecked();
    expect(screen.getByText("4 of 500 words")).toBeInTheDocument();

    await user.type(box, " in Leeds");
    expect(screen.getByText("6 of 500 words")).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Mark step complete" })).not.toBeChecked();
    expect(screen.getByText("50% complete")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.to(/\/summary$/, "PUT")).toHaveLength(1));
    expect(api.to(/\/summary$/, "PUT")[0]?.body).toEqual({ summary: "I am a physiotherapist in Leeds" });
    await user.click(screen.getByRole("checkbox", { name: "Mark step complete" }));
    expect(screen.getByText("75% complete")).toBeInTheDocument();
  });

  it("turns the counter to an error over 500 words and refuses to save; Copy copies the text", async () => {
    stored();
    const { user, api } = setup();
    const box = await screen.findByRole("textbox", { name: "Summary of practice" });
    await user.click(screen.getByRole("button", { name: "Copy summary of practice" }));
    expect(await navigator.clipboard.readText()).toBe("I am a physiotherapist");

    await user.clear(box);
    await user.click(box);
    await user.paste(Array.from({ length: 501 }, (_, i) => `w${i}`).join(" "));
    expect(box).toHaveAttribute("aria-invalid", "true");
    await expectSaveRefused(
      { user, api },
      "501 of 500 words",
      HCPC_SUMMARY_WORDS_MESSAGE,
      "Summary",
      /\/summary$/,
    );

    await user.type(box, "{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}");
    expect(screen.getByText("500 of 500 words")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.to(/\/summary$/, "PUT")).toHaveLength(1));
  });
});

describe("the statement step", () => {
  it("counts the four standards against 1,500 words, refuses to save over it, and copies each part", async () => {
    stored();
    const { user, api } = setup();
    await user.click(await screen.findByRole("button", { name: "Next" }));
    await user.click(await screen.findByRole("button", { name: "Next" }));
    const first = await screen.findByRole("textbox", { name: /^Standard 1:/ });
    expect(screen.getByRole("button", { name: "Copy standard 2" })).toBeDisabled();
    await user.click(screen.getByRole("textbox", { name: /^Standard 2:/ }));
    await user.paste("Mixed learning");
    await user.click(screen.getByRole("button", { name: "Copy standard 2" }));
    expect(await navigator.clipboard.readText()).toBe("Mixed learning");

    await user.click(first);
    await user.paste(Array.from({ length: 1499 }, (_, i) => `w${i}`).join(" "));
    await expectSaveRefused(
      { user, api },
      "1,501 of 1,500 words",
      HCPC_STATEMENT_WORDS_MESSAGE,
      "Statement",
      /\/statement$/,
    );
  });
});

describe("the activities step", () => {
  it("disables Create PDF with no selection and warns (only) outside 12 to 50", async () => {
    stored();
    const { user } = setup();
    await user.click(await screen.findByRole("button", { name: "Next" }));
    await screen.findByRole("table");
    expect(screen.getByRole("button", { name: "Create PDF" })).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: "Select Activity e1" }));
    expect(screen.getByRole("button", { name: "Create PDF" })).toBeEnabled();
    expect(
      screen.getByText(
        "You have selected 1: fewer than 12. HCPC asks you to aim for between 12 and 50 activities. You can still create the PDF.",
      ),
    ).toBeInTheDocument();
    // Changing the activities reset the activities and evidence steps.
    expect(screen.getByText("25% complete")).toBeInTheDocument();
  });

  it("refuses a gap of 3 months with the gap toast until its explanation is saved, then opens the PDF", async () => {
    stored({
      entries: ["e1", "e2", "e3"],
      completed: { summary: false, activities: false, statement: false, evidence: false },
    });
    const { user, api } = setup({
      gaps: [{ from: "2025-01-01", to: "2025-06-01", explanation: "Another link's gap" }],
    });
    const pdfs = () => api.to(/\/entries-pdf$/).map((r) => `${r.url.pathname}${r.url.search}`);
    // The PDF is handed to the browser as a download from a Blob (jsdom has no object URLs).
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: () => "blob:pdf", revokeObjectURL: () => {} }),
    );
    await user.click(await screen.findByRole("button", { name: "Next" }));
    await user.click(await screen.findByRole("button", { name: "Create PDF" }));
    expect(await screen.findByText(GAP_TOAST_TITLE)).toBeInTheDocument();
    expect(
      screen.getByText(
        /gap of 4 months and 21 days between "Activity e2" \(10\/02\/2026\) and "Late course"/,
      ),
    ).toBeInTheDocument();
    expect(pdfs()).toEqual([]);

    const why = screen.getByRole("textbox", {
      name: "Gap from 10/02/2026 (Activity e2) to 01/07/2026 (Late course)",
    });
    await user.type(why, "Parental leave");
    await user.click(screen.getByRole("button", { name: "Save explanations" }));
    await waitFor(() => expect(api.to(/\/gaps$/, "PUT")).toHaveLength(1));
    expect(api.to(/\/gaps$/, "PUT")[0]?.body).toEqual({
      gaps: [
        { from: "2025-01-01", to: "2025-06-01", explanation: "Another link's gap" },
        { from: "2026-02-10", to: "2026-07-01", explanation: "Parental leave" },
      ],
    });
    await screen.findByText("Explanations saved");
    await user.click(screen.getByRole("button", { name: "Create PDF" }));
    await waitFor(() =>
      expect(pdfs()).toEqual([
        `/api/hcpc-portal/${TOKEN}/entries-pdf?entryId=e1&entryId=e2&entryId=e3&download=true`,
      ]),
    );

    // Without the late course there is no gap to explain.
    await user.click(screen.getByRole("checkbox", { name: "Select Late course" }));
    expect(screen.queryByRole("heading", { name: "Explain the gaps in your CPD" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Create PDF" }));
    await waitFor(() =>
      expect(pdfs()[1]).toBe(`/api/hcpc-portal/${TOKEN}/entries-pdf?entryId=e1&entryId=e2&download=true`),
    );
  });

  it("lists the entries holding a patient identifier when the PDF is refused, each linking to it", async () => {
    stored({
      entries: ["e1"],
      completed: { summary: false, activities: false, statement: false, evidence: false },
    });
    const { user } = setup({
      pdf: () =>
        withStatus(409, {
          statusCode: 409,
          code: "IDENTIFIERS_FOUND",
          message: IDENTIFIER_FINDING_MESSAGES.blocked,
          details: {
            total: 1,
            findings: [
              {
                field: "LearningOutcomes",
                kind: "nhs-number",
                severity: "identifier",
                start: 4,
                end: 16,
                reason: IDENTIFIER_MESSAGES["nhs-number"],
                recordType: "diary",
                recordId: "0b6f1c1e-7d4a-4c1b-9f3e-2a1d6c0e5b7a",
                recordTitle: "Activity e1",
              },
            ],
          },
        }),
    });
    await user.click(await screen.findByRole("button", { name: "Next" }));
    await user.click(await screen.findByRole("button", { name: "Create PDF" }));
    expect(await screen.findByText("Failed to create the PDF")).toBeInTheDocument();
    expect(screen.getByText(IDENTIFIER_FINDING_MESSAGES.blocked)).toBeInTheDocument();
    const list = screen.getByRole("list", { name: "Patient identifiers found" });
    expect(within(list).getByRole("link", { name: "Activity e1" })).toHaveAttribute(
      "href",
      "/edit/diary/0b6f1c1e-7d4a-4c1b-9f3e-2a1d6c0e5b7a",
    );
    expect(list).toHaveTextContent(`(Learning outcomes): ${IDENTIFIER_MESSAGES["nhs-number"]}`);
  });

  it("copies the selected activities for the HCPC website", async () => {
    stored({ entries: ["e1"] });
    // user-event puts its own clipboard in place; the test reads what was written to it.
    const { user } = setup();
    await user.click(await screen.findByRole("button", { name: "Next" }));
    await user.click(await screen.findByRole("button", { name: "Copy activities" }));
    expect(await screen.findByText("Copied")).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe("10/01/2026 - Activity e1 (Diary, 1.5 hours)");
    expect(screen.getByText("Paste the activities into the HCPC website.")).toBeInTheDocument();
  });
});

describe("the evidence step", () => {
  async function openEvidence(user: ReturnType<typeof setup>["user"]) {
    for (let i = 0; i < 3; i++) await user.click(await screen.findByRole("button", { name: "Next" }));
    return screen.findByRole("table");
  }

  it("asks for evidence of the selected activities and warns under 4; Download only for selected rows", async () => {
    stored({ entries: ["e1", "e2"], evidence: ["f0"] });
    const { user, api } = setup();
    await openEvidence(user);
    expect(api.to(/\/evidence$/)[0]?.url.search).toBe("?entryId=e1&entryId=e2");
    expect(screen.getByText(/Fewer than 4 selected\./)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Download file0.pdf" })).toHaveAttribute(
      "href",
      `/api/hcpc-portal/${TOKEN}/evidence/f0?download=true`,
    );
    expect(screen.getByRole("button", { name: "Download file1.pdf (select it first)" })).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: "Select file1.pdf" }));
    expect(screen.getByRole("link", { name: "Download file1.pdf" })).toBeInTheDocument();
  });

  it("is fine from 4 to 12 and warns over 12", async () => {
    stored({ entries: ["e1"] });
    const { user } = setup({ evidenceCount: 13 });
    await openEvidence(user);
    for (let i = 0; i < 4; i++)
      await user.click(screen.getByRole("checkbox", { name: `Select file${i}.pdf` }));
    expect(screen.queryByText(/Fewer than 4|More than 12/)).toBeNull();
    await user.click(screen.getByRole("checkbox", { name: "Select all evidence" }));
    expect(screen.getByText(/More than 12 selected\./)).toBeInTheDocument();
    expect(screen.getByText("13 of 13 pieces of evidence selected")).toBeInTheDocument();
  });

  it("drops evidence of activities no longer selected", async () => {
    stored({ entries: ["e1"], evidence: ["f0", "gone"] });
    const { user } = setup();
    await openEvidence(user);
    await waitFor(() => expect(storedPortal().evidence).toEqual(["f0"]));
    expect(stepButton(/Evidence/)).toHaveAttribute("aria-current", "step");
  });
});
