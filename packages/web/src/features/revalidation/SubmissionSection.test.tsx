import { SUBMISSION_MESSAGES } from "@cpd/contract";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, withError } from "../../test/fake-api";
import { renderWithProviders } from "../../test/render";
import { limitText, SubmissionSection } from "./SubmissionSection";
import { progress, registration } from "./test-data";

const SUBMISSION_ID = "1f6c7d8e-9a0b-4c1d-8e2f-3a4b5c6d7e8f";
const LINK = `https://cpd.example/api/revalidation/submission/${SUBMISSION_ID}/file?expires=1&signature=x`;

const status = (over = {}) => ({
  id: SUBMISSION_ID,
  registrationId: registration.id,
  regulator: "NMC",
  packId: "nmc-2019",
  cycleStart: "2025-04-01",
  cycleEnd: "2028-03-31",
  state: "Processing",
  downloadLink: null,
  reason: null,
  pages: null,
  unmet: [],
  onlineForm: null,
  createdAt: "2026-07-01T12:00:00.000Z",
  completedAt: null,
  ...over,
});

const completed = status({
  state: "Completed",
  downloadLink: LINK,
  pages: 14,
  unmet: [{ id: "practice-hours", title: "Practice hours", target: 900, done: 100, missing: [] }],
  onlineForm: {
    name: "NMC Online (MyNMC)",
    fields: [
      {
        key: "cpdHours",
        label: "CPD hours",
        group: null,
        text: "35",
        limit: 6,
        unit: "characters",
        length: 2,
        overLimit: false,
      },
      {
        key: "partnerPin",
        label: "Reflective discussion: NMC Pin",
        group: "Discussion with Sam",
        text: "98B7654C-EXTRA",
        limit: 8,
        unit: "characters",
        length: 14,
        overLimit: true,
      },
    ],
  },
});

afterEach(() => vi.unstubAllGlobals());

describe("the submission pack", () => {
  it("builds, polls until Completed, then offers the PDF, the unmet requirements and the copy-ready text", async () => {
    let polls = 0;
    const api = fakeApi([
      ["POST", /\/submission$/, () => ({ id: SUBMISSION_ID, state: "Pending" })],
      ["GET", /^\/api\/revalidation\/submission\//, () => (++polls < 2 ? status() : completed)],
    ]);
    const { user } = renderWithProviders(<SubmissionSection p={progress()} />);
    const section = screen.getByRole("region", { name: "Submission pack (NMC 12A3456E)" });
    await user.click(within(section).getByRole("button", { name: "Build submission pack" }));
    expect(api.to(/\/submission$/, "POST")[0]?.url.pathname).toBe(
      `/api/revalidation/${registration.id}/submission`,
    );
    expect(
      await screen.findByRole("progressbar", { name: "Building your submission pack" }),
    ).toBeInTheDocument();

    const download = await screen.findByRole(
      "link",
      { name: "Download the submission pack (PDF, 14 pages)" },
      { timeout: 5000 },
    );
    expect(download).toHaveAttribute("href", LINK);
    expect(polls).toBe(2);
    expect(screen.getByText("Practice hours (done: 100 of 900)")).toBeInTheDocument();

    const form = screen.getByRole("region", { name: "Copy-ready text for NMC Online (MyNMC)" });
    expect(within(form).getByRole("textbox", { name: "CPD hours" })).toHaveValue("35");
    expect(within(form).getByText("2 of 6 characters")).toBeInTheDocument();
    const pin = within(form).getByRole("textbox", {
      name: "Reflective discussion: NMC Pin (Discussion with Sam)",
    });
    expect(pin).toHaveValue("98B7654C-EXTRA");
    expect(pin).toHaveAttribute("aria-invalid", "true");
    expect(
      within(form).getByText("14 of 8 characters: 6 over the limit. Shorten it before you paste it."),
    ).toBeInTheDocument();
    expect(within(form).getByText("1 field is over its limit")).toBeInTheDocument();

    await user.click(within(form).getByRole("button", { name: "Copy CPD hours" }));
    expect(await navigator.clipboard.readText()).toBe("35");
    expect(within(form).getByRole("button", { name: "Copied CPD hours" })).toBeInTheDocument();
  });

  it("says why a pack failed", async () => {
    fakeApi([
      ["POST", /\/submission$/, () => ({ id: SUBMISSION_ID, state: "Pending" })],
      [
        "GET",
        /^\/api\/revalidation\/submission\//,
        () => status({ state: "Failed", reason: SUBMISSION_MESSAGES.failed }),
      ],
    ]);
    const { user } = renderWithProviders(<SubmissionSection p={progress()} />);
    await user.click(screen.getByRole("button", { name: "Build submission pack" }));
    expect(await screen.findByText("The submission pack could not be made")).toBeInTheDocument();
    expect(screen.getByText(SUBMISSION_MESSAGES.failed)).toBeInTheDocument();
  });

  it("toasts a refused request", async () => {
    fakeApi([
      [
        "POST",
        /\/submission$/,
        () => withError(404, "REGISTRATION_NOT_FOUND", SUBMISSION_MESSAGES.registrationNotFound),
      ],
    ]);
    const { user } = renderWithProviders(<SubmissionSection p={progress()} />);
    await user.click(screen.getByRole("button", { name: "Build submission pack" }));
    expect(await screen.findByText("Failed to build the submission pack")).toBeInTheDocument();
    expect(screen.getByText(SUBMISSION_MESSAGES.registrationNotFound)).toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("counts words as well as characters", () => {
    expect(limitText({ length: 1200, limit: 1000, unit: "words", overLimit: true })).toBe(
      "1,200 of 1,000 words: 200 over the limit. Shorten it before you paste it.",
    );
    expect(limitText({ length: 3, limit: 6, unit: "characters", overLimit: false })).toBe(
      "3 of 6 characters",
    );
  });
});
