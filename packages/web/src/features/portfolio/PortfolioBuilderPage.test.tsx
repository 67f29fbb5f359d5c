import {
  CLINICAL_SKILLS_PAGE_CODES,
  type EntryType,
  GOVERNING_BODY_PAGE_CODES,
  PAGE_TITLES,
  PORTFOLIO,
} from "@cpd/contract";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setClock } from "../../lib/clock";
import { fakeApi, withError } from "../../test/fake-api";
import { entryRow } from "../../test/fixtures";
import { renderApp } from "../../test/render";
import PortfolioBuilderPage from "./PortfolioBuilderPage";
import PortfolioChoosePage from "./PortfolioChoosePage";

const UUID = "7d4f6c1e-3a51-4c8e-9b0a-2f6a1d3c5e70";
const row = (id: string, type: EntryType, title: string, date: string, extra: object = {}) =>
  entryRow({ id, type, title, date, ...extra });
const evidence = (id: string, name: string) => ({
  id,
  name,
  url: `/api/file/${id}`,
  thumbnailUrl: null,
  contentType: "application/pdf",
});
const status = (state: string, over: object = {}) => ({
  uuid: UUID,
  state,
  progress: 40,
  delivery: "download",
  downloadLink: null,
  reason: null,
  pages: null,
  createdAt: "2026-11-23T10:00:00.000Z",
  expiresAt: null,
  ...over,
});

function setup({
  items = [
    row("d1", "diary", "Sepsis screening", "2026-05-01", {
      tags: ["Leadership"],
      evidence: [evidence("f1", "certificate.pdf")],
    }),
    row("d2", "diary", "Old audit", "2026-01-10"),
    row("r1", "reflection", "Handover reflection", "2026-06-01"),
  ],
  delivery = "download",
  statuses = [
    status("Processing"),
    status("Completed", { downloadLink: `/api/portfolio/v2/download/${UUID}/file?expires=1&signature=s` }),
  ],
  requestFails = false,
  bodies = ["HCPC"],
  linked = false,
}: {
  items?: unknown[];
  delivery?: string;
  statuses?: unknown[];
  requestFails?: boolean;
  bodies?: string[];
  linked?: boolean;
} = {}) {
  let polls = 0;
  const api = fakeApi([
    ["GET", /^\/api\/profile\/governing-bodies$/, () => bodies],
    [
      "GET",
      /^\/api\/clinical-skills\/auth\/link$/,
      () =>
        linked
          ? { linked: true, email: "a@b.c" }
          : withError(404, "NOT_FOUND", "No Clinical Skills account is linked"),
    ],
    [
      "GET",
      /^\/api\/entries\/limit\/100\/page\/1$/,
      () => ({ items, total: items.length, years: [], tags: [], categories: [], governingBodies: [] }),
    ],
    [
      "POST",
      /^\/api\/portfolio\/v2\/download$/,
      (r) => {
        if (requestFails) return withError(409, "PORTFOLIO_BUSY", "Try later");
        const b = r.body as { diaryEntries: string[]; reflectiveEntries: string[] };
        const pages = b.diaryEntries.length + b.reflectiveEntries.length + 8;
        return { uuid: UUID, estimatedPages: pages, delivery };
      },
    ],
    [
      "GET",
      /^\/api\/portfolio\/v2\/download\/[^/]+$/,
      () => statuses[Math.min(polls++, statuses.length - 1)],
    ],
  ]);
  const app = renderApp(
    [
      { path: "/portfolio-builder", element: <PortfolioBuilderPage /> },
      { path: "/portfolio-builder/choose", element: <PortfolioChoosePage /> },
    ],
    { at: "/portfolio-builder" },
  );
  return { ...app, api, polls: () => polls };
}

const next = () => screen.getByRole("button", { name: "Next" });

beforeEach(() => setClock("2026-11-23T12:00:00Z"));
afterEach(() => {
  vi.useRealTimers();
  setClock(null);
});

describe("the portfolio builder", () => {
  it("offers the HCPC page to an HCPC registrant and marks the current stage", async () => {
    const { user } = setup();
    expect(await screen.findByRole("checkbox", { name: "HCPC profile" })).toBeChecked();
    expect(screen.queryByRole("checkbox", { name: "NMC standards" })).toBeNull();
    const stages = screen.getByRole("navigation", { name: "Portfolio stages" });
    expect(within(stages).getByRole("button", { name: /Select pages/ })).toHaveAttribute(
      "aria-current",
      "step",
    );
    await user.click(next());
    expect(within(stages).getByRole("button", { name: /Front page/ })).toHaveAttribute(
      "aria-current",
      "step",
    );
    expect(screen.getByRole("heading", { name: "Stage 2 of 6: Front page" })).toHaveFocus();
  });

  it("offers every page of each of the user's governing bodies, and the Clinical Skills pages when linked", async () => {
    const bodies = Object.keys(GOVERNING_BODY_PAGE_CODES);
    setup({ bodies, linked: true });
    await screen.findByRole("checkbox", { name: "HCPC profile" });
    const codes = [...Object.values(GOVERNING_BODY_PAGE_CODES).flat(), ...CLINICAL_SKILLS_PAGE_CODES];
    expect(codes).toHaveLength(17);
    for (const code of codes) {
      expect(screen.getByRole("checkbox", { name: PAGE_TITLES[code] })).toBeChecked();
    }
  });

  it("offers only the pages of the user's own governing bodies: NMC's two, not IOSH's", async () => {
    const { user } = setup({ bodies: ["NMC", "Science Council"] });
    const fen = await screen.findByRole("checkbox", { name: "NMC future nurse standards" });
    expect(screen.getByRole("checkbox", { name: "NMC standards" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Science Council profile" })).toBeChecked();
    for (const name of ["HCPC profile", "IOSH profile", "Clinical skills (chart)"])
      expect(screen.queryByRole("checkbox", { name })).toBeNull();
    await user.click(fen);
    expect(fen).not.toBeChecked();
  });

  it("blocks Next while no page is ticked", async () => {
    const { user } = setup();
    await screen.findByRole("checkbox", { name: "HCPC profile" });
    for (const box of screen.getAllByRole("checkbox")) await user.click(box);
    expect(next()).toBeDisabled();
    expect(screen.getByText("Select at least one page.")).toBeInTheDocument();
  });

  it("blocks Next while a title line is longer than 24 characters", async () => {
    const { user } = setup();
    await screen.findByRole("checkbox", { name: "HCPC profile" });
    await user.click(next());
    const line1 = screen.getByRole("textbox", { name: "Title line 1" });
    await user.clear(line1);
    await user.type(line1, "x".repeat(25));
    expect(next()).toBeDisabled();
    expect(next()).toHaveAccessibleDescription("Title line 1 must be at most 24 characters.");
    await user.type(line1, "{Backspace}");
    expect(screen.getByText("24 of 24 characters")).toBeInTheDocument();
    expect(next()).toBeEnabled();
  });

  it("defaults to one year back to today and blocks a From date after the To date", async () => {
    const { user } = setup();
    await screen.findByRole("checkbox", { name: "HCPC profile" });
    await user.click(next());
    await user.click(next());
    const from = screen.getByRole("textbox", { name: "From" });
    expect(from).toHaveValue("23/11/2025");
    expect(screen.getByRole("textbox", { name: "To" })).toHaveValue("23/11/2026");
    await user.clear(from);
    await user.type(from, "24/11/2026");
    expect(next()).toBeDisabled();
    expect(screen.getByText("The From date must be on or before the To date.")).toBeInTheDocument();
  });

  it("lists entries by tag, Untagged included, and builds: polling stops at Completed with the link", async () => {
    // The status polls (an interval) on fake time, moved on by the test.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const { user, api, polls } = setup();
    await screen.findByRole("checkbox", { name: "HCPC profile" });
    await user.click(next());
    await user.click(next());
    await user.click(await screen.findByRole("checkbox", { name: "Untagged" }));
    expect(screen.getByRole("checkbox", { name: "Leadership" })).toBeChecked();
    await user.click(next());
    // Only the tagged diary entry is left; its evidence is selectable.
    expect(screen.getByRole("checkbox", { name: "Sepsis screening" })).toBeChecked();
    expect(screen.queryByRole("checkbox", { name: "Old audit" })).toBeNull();
    expect(screen.getByRole("checkbox", { name: "Evidence: certificate.pdf" })).toBeChecked();
    await user.click(next());
    expect(screen.getByText("No reflective entries in this date range with these tags.")).toBeInTheDocument();
    await user.click(next());
    expect(screen.getByText("Estimated pages: 9")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Build portfolio" }));
    const sent = api.to(/^\/api\/portfolio\/v2\/download$/, "POST")[0]?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      dateFrom: "2025-11-23",
      dateTo: "2026-11-23",
      diaryEntries: ["d1"],
      reflectiveEntries: [],
      evidenceIds: ["f1"],
      title: { line1: "Continuing Professional", line2: "Development Portfolio" },
      background: 1,
      selectedPortfolioCover: "classic",
      includeBranding: false,
    });
    expect(sent.include).toContain("HCPC_PROFILE");
    expect(await screen.findByRole("progressbar", { name: "Portfolio progress" })).toBeInTheDocument();
    expect(polls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(PORTFOLIO.pollMs));
    const link = await screen.findByRole("link", { name: "Download portfolio" });
    expect(link).toHaveAttribute("href", `/api/portfolio/v2/download/${UUID}/file?expires=1&signature=s`);
    expect(polls()).toBe(2);
    // Two more poll periods: no poll after Completed.
    await act(() => vi.advanceTimersByTimeAsync(PORTFOLIO.pollMs * 2));
    expect(polls()).toBe(2);
  });

  it("shows the failure reason when the portfolio fails", async () => {
    const { user } = setup({ statuses: [status("Failed", { reason: "The PDF service is unavailable." })] });
    await screen.findByRole("checkbox", { name: "HCPC profile" });
    for (let i = 0; i < 5; i++) await user.click(next());
    await user.click(screen.getByRole("button", { name: "Build portfolio" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Failed to download portfolio");
    expect(alert).toHaveTextContent("The PDF service is unavailable.");
  });

  it("e-mails a portfolio of 100 pages or more", async () => {
    const items = Array.from({ length: 92 }, (_, i) =>
      row(`d${i}`, "diary", `Entry ${i}`, `2026-0${(i % 9) + 1}-10`),
    );
    const { user, api } = setup({ items, delivery: "email" });
    await screen.findByRole("checkbox", { name: "HCPC profile" });
    for (let i = 0; i < 5; i++) await user.click(next());
    expect(screen.getByText("Estimated pages: 100")).toBeInTheDocument();
    expect(screen.getByText(/e-mailed to you instead of downloaded/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Build portfolio" }));
    // The toast and the stage's own status both say so.
    expect(await screen.findAllByText("Portfolio Requested")).toHaveLength(2);
    expect(api.to(/^\/api\/portfolio\/v2\/download\//)).toHaveLength(0);
    expect(screen.queryByRole("progressbar", { name: "Portfolio progress" })).toBeNull();
  });

  it("reports a failed request", async () => {
    const { user } = setup({ requestFails: true });
    await screen.findByRole("checkbox", { name: "HCPC profile" });
    for (let i = 0; i < 5; i++) await user.click(next());
    await user.click(screen.getByRole("button", { name: "Build portfolio" }));
    expect(await screen.findByText("Failed to Request Portfolio")).toBeInTheDocument();
    expect(screen.getByText("Try later")).toBeInTheDocument();
  });
});

describe("the portfolio choice", () => {
  it("goes straight to the builder without HCPC", async () => {
    fakeApi([
      ["GET", /^\/api\/profile\/governing-bodies$/, () => ["NMC"]],
      ["GET", /^\/api\/clinical-skills\/auth\/link$/, () => ({ linked: true, email: "a@b.c" })],
      [
        "GET",
        /^\/api\/entries\//,
        () => ({ items: [], total: 0, years: [], tags: [], categories: [], governingBodies: [] }),
      ],
    ]);
    const { router } = renderApp(
      [
        { path: "/portfolio-builder", element: <PortfolioBuilderPage /> },
        { path: "/portfolio-builder/choose", element: <PortfolioChoosePage /> },
      ],
      { at: "/portfolio-builder/choose" },
    );
    expect(await screen.findByRole("checkbox", { name: "NMC standards" })).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Clinical skills (chart)" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/portfolio-builder");
  });

  it("requests HCPC access for both dates, and says when one is missing", async () => {
    const api = fakeApi([
      ["GET", /^\/api\/profile\/governing-bodies$/, () => ["HCPC", "NMC"]],
      ["POST", /^\/api\/hcpc-portal\/request-access$/, () => ({ message: "Access Requested" })],
    ]);
    const { user } = renderApp([{ path: "/c", element: <PortfolioChoosePage /> }], { at: "/c" });
    await user.click(await screen.findByRole("button", { name: "Request access" }));
    const dialog = await screen.findByRole("dialog", { name: "Request access to the HCPC audit portal" });
    await user.type(within(dialog).getByRole("textbox", { name: "From" }), "01/01/2026");
    await user.click(within(dialog).getByRole("button", { name: "Request access" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Please enter both the From and To dates.");
    expect(api.to(/request-access/, "POST")).toHaveLength(0);

    await user.type(within(dialog).getByRole("textbox", { name: "To" }), "30/06/2026");
    await user.click(within(dialog).getByRole("button", { name: "Request access" }));
    await waitFor(() => expect(api.to(/request-access/, "POST")).toHaveLength(1));
    expect(api.to(/request-access/, "POST")[0]?.body).toEqual({
      dateFrom: "2026-01-01",
      dateTo: "2026-06-30",
    });
    expect(await screen.findByText("Access Requested")).toBeInTheDocument();
    expect(screen.getByText("Please check your email for the link.")).toBeInTheDocument();
  });

  it("says when the access request fails", async () => {
    fakeApi([
      ["GET", /^\/api\/profile\/governing-bodies$/, () => ["HCPC"]],
      ["POST", /^\/api\/hcpc-portal\/request-access$/, () => withError(409, "MAIL_BUSY", "Mail is down")],
    ]);
    const { user } = renderApp([{ path: "/c", element: <PortfolioChoosePage /> }], { at: "/c" });
    await user.click(await screen.findByRole("button", { name: "Request access" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByRole("textbox", { name: "From" }), "01/01/2026");
    await user.type(within(dialog).getByRole("textbox", { name: "To" }), "30/06/2026");
    await user.click(within(dialog).getByRole("button", { name: "Request access" }));
    expect(await screen.findByText("Failed to request access")).toBeInTheDocument();
    expect(screen.getByText("Mail is down")).toBeInTheDocument();
  });
});
