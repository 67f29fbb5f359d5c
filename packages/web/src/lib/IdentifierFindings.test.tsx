import { IDENTIFIER_FINDING_MESSAGES, IDENTIFIER_MESSAGES } from "@cpd/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../test/render";
import { ApiError } from "./api-error";
import { errorContent } from "./IdentifierFindings";

const FILE = "3f2b8c1e-9a4d-4c6e-8b1a-2d5e7f9a0b1c";
const USER = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
const at = {
  kind: "nhs-number",
  severity: "identifier",
  start: 0,
  end: 12,
  reason: IDENTIFIER_MESSAGES["nhs-number"],
} as const;

describe("a refusal naming files and the profile", () => {
  it("links a file to My Files and names the file's and the profile's fields in words", () => {
    const err = new ApiError(IDENTIFIER_FINDING_MESSAGES.blockedFile, {
      status: 409,
      code: "IDENTIFIERS_FOUND",
      details: {
        findings: [
          { ...at, recordType: "file", recordId: FILE, recordTitle: "Clinic letter.pdf", field: "text" },
          { ...at, recordType: "profile", recordId: USER, recordTitle: "HCPC profile", field: "hcpcSummary" },
        ],
        total: 2,
      },
    });
    renderWithProviders(errorContent(err));
    expect(screen.getByText(IDENTIFIER_FINDING_MESSAGES.blockedFile)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Clinic letter.pdf" })).toHaveAttribute("href", "/files");
    const items = screen.getAllByRole("listitem").map((li) => li.textContent);
    expect(items).toEqual([
      `Clinic letter.pdf (File text): ${at.reason}`,
      `HCPC profile (HCPC summary of practice): ${at.reason}`,
    ]);
  });
});
