import { EVIDENCE_FINDING_MESSAGES, IDENTIFIER_MESSAGES } from "@cpd/contract";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { session } from "../../lib/session";
import { setViewportWidth } from "../../lib/test-viewport";
import { fakeApi } from "../../test/fake-api";
import { layOutEverything } from "../../test/layout";
import { renderApp } from "../../test/render";
import { FILES_TOUR } from "../dashboard";
import MyFilesPage from "./MyFilesPage";

const file = (id: string, filename: string, entry: boolean) => ({
  id,
  storageId: id,
  filename,
  url: `/api/file/${id}`,
  contentType: "application/pdf",
  size: 48213,
  dateUploaded: "2026-11-20T09:41:12.000Z",
  entryId: entry ? "7c9e6679-7425-40de-944b-e07fc1f90ae7" : null,
  entryType: entry ? "diary" : null,
  entryTitle: entry ? "Sepsis recognition update" : null,
});
const files = {
  items: [
    file("3f2b8c1e-9a4d-4c6e-8b1a-2d5e7f9a0b1c", "CPR certificate.pdf", true),
    file("b", "notes.pdf", false),
  ],
  total: 2,
};

function setup(width: number, list: { items: unknown[]; total: number } = files) {
  onTestFinished(setViewportWidth(width));
  fakeApi([["GET", /^\/api\/file\/limit\/\d+\/page\/1$/, () => list]]);
  return renderApp([{ path: "/files", element: <MyFilesPage /> }], { at: "/files" });
}

describe("My Files", () => {
  it("on a phone shows each file as a card with where it is attached and its actions in view", async () => {
    setup(375);
    const list = await screen.findByRole("list", { name: "2 files" });
    expect(screen.queryByRole("table")).toBeNull();
    const [attached, loose] = within(list).getAllByRole("listitem") as [HTMLElement, HTMLElement];
    expect(within(attached).getByText("CPR certificate.pdf", { selector: "p" })).toBeVisible();
    expect(within(attached).getByText("Uploaded 20/11/2026")).toBeVisible();
    expect(
      within(attached).getByRole("link", { name: "Diary: Sepsis recognition update (edit the entry)" }),
    ).toHaveAttribute("href", "/edit/diary/7c9e6679-7425-40de-944b-e07fc1f90ae7");
    expect(within(attached).getByRole("button", { name: "Rename CPR certificate.pdf" })).toBeVisible();
    expect(within(attached).getByRole("button", { name: "Preview CPR certificate.pdf" })).toBeVisible();
    expect(within(loose).getByText("None")).toBeVisible();
  });

  it("shows beside each file what may identify a patient in its name or text, in words", async () => {
    const flagged = {
      ...file("c", "Referral SW1A 1AA.pdf", false),
      textCheck: "done",
      identifierFindings: [
        {
          kind: "postcode",
          severity: "check",
          reason: IDENTIFIER_MESSAGES.postcode,
          start: 9,
          end: 17,
          source: "filename",
        },
        {
          kind: "chi-number",
          severity: "identifier",
          reason: IDENTIFIER_MESSAGES["chi-number"],
          start: 40,
          end: 50,
          source: "text",
          excerpt: "…Patient CHI •••••••••• seen in clinic…",
        },
      ],
      moreFindings: 3,
    };
    const pending = { ...file("d", "Reading.pdf", false), textCheck: "pending" };
    const unreadable = { ...file("e", "Scan.pdf", false), textCheck: "failed" };
    setup(1280, { items: [flagged, pending, unreadable], total: 3 });
    const table = await screen.findByRole("table", { name: "3 files" });
    const [, first, second, third] = within(table).getAllByRole("row") as HTMLElement[];
    const warnings = within(first as HTMLElement)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(warnings).toEqual([
      `⚠ May identify a patient: ${IDENTIFIER_MESSAGES.postcode} (in the file name)`,
      `⚠ May identify a patient: ${IDENTIFIER_MESSAGES["chi-number"]} “…Patient CHI •••••••••• seen in clinic…”`,
      "and 3 more in this file",
    ]);
    expect(within(second as HTMLElement).getByRole("status")).toHaveTextContent(
      EVIDENCE_FINDING_MESSAGES.pending,
    );
    expect(within(third as HTMLElement).getByText(EVIDENCE_FINDING_MESSAGES.failed)).toBeVisible();
    // A file with nothing found says nothing.
    expect(within(table).queryAllByRole("status")).toHaveLength(1);
  });

  it("on a wider screen keeps the table with its Attached To column", async () => {
    setup(1280);
    const table = await screen.findByRole("table", { name: "2 files" });
    expect(within(table).getByRole("columnheader", { name: "Attached To" })).toBeInTheDocument();
    expect(within(table).getByRole("button", { name: "Rename notes.pdf" })).toBeInTheDocument();
  });
});

describe("the My Files tour", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    session.clear("logout");
  });

  it("is offered to the User-Basic role, with a step for each area", async () => {
    session.login("token", ["User-Basic"], false);
    layOutEverything();
    const { user } = setup(1400);
    await screen.findAllByText("CPR certificate.pdf");
    for (const step of FILES_TOUR) {
      expect(document.querySelector(`[data-tour="${step.target}"]`), step.target).not.toBeNull();
    }
    await user.click(screen.getByRole("button", { name: "Show tour" }));
    expect(await screen.findByRole("dialog", { name: "Upload a file" })).toHaveTextContent(
      `Step 1 of ${FILES_TOUR.length}`,
    );
  });

  it("is not offered to other roles", async () => {
    session.login("token", ["User"], false);
    setup(1400);
    await screen.findAllByText("CPR certificate.pdf");
    expect(screen.queryByRole("button", { name: "Show tour" })).toBeNull();
  });
});
