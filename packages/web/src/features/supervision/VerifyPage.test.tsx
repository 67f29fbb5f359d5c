import { SUPERVISION_MESSAGES } from "@cpd/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi, withError } from "../../test/fake-api";
import { renderApp } from "../../test/render";
import { HASH, SHARE_ID, signature } from "./test-fixtures";
import { VerifySupervision } from "./VerifyPage";

function setup(answer: () => unknown, at = `/verify/supervision/${SHARE_ID}?hash=${HASH}`) {
  const api = fakeApi([["GET", /\/supervision\/verify\//, answer]]);
  renderApp([{ path: "/verify/supervision/:id", element: <VerifySupervision /> }], { at });
  return api;
}

describe("verifying a supervision PDF's hash", () => {
  it("says in words that it matches, the record is intact, and who signed when (London time)", async () => {
    const api = setup(() => ({
      matches: true,
      recordIntact: true,
      completed: true,
      message: SUPERVISION_MESSAGES.verifyMatches,
      signatures: [
        signature(),
        signature({
          side: "Supervisee",
          signerName: "Jo Bloggs",
          signedAt: "2026-12-01T09:00:00.000Z",
          byReviewee: true,
        }),
      ],
    }));
    expect(await screen.findByText("Match: this is the signed record")).toBeInTheDocument();
    expect(screen.getByText(SUPERVISION_MESSAGES.verifyMatches)).toBeInTheDocument();
    expect(screen.getByText("Yes: the record has not changed since it was signed.")).toBeInTheDocument();
    expect(screen.getByText("Yes: both sides have signed.")).toBeInTheDocument();
    const list = within(screen.getByRole("region", { name: "Signatures" }));
    // Summer and winter: London's clock, not UTC.
    expect(list.getByText(/signed by Alex Morgan on 03\/07\/2026 14:15/)).toBeInTheDocument();
    expect(list.getByText(/signed by Jo Bloggs on 01\/12\/2026 09:00/)).toBeInTheDocument();
    expect(list.getAllByText(HASH)).toHaveLength(2);
    expect(api.to(/verify/)[0]?.url.pathname).toBe(`/api/supervision/verify/${SHARE_ID}`);
    expect(api.to(/verify/)[0]?.url.searchParams.get("hash")).toBe(HASH);
  });

  it("says when the hash differs and the record has changed", async () => {
    setup(() => ({
      matches: false,
      recordIntact: false,
      completed: false,
      message: SUPERVISION_MESSAGES.verifyDiffers,
      signatures: [signature()],
    }));
    expect(await screen.findByText("No match")).toBeInTheDocument();
    expect(screen.getByText(SUPERVISION_MESSAGES.verifyDiffers)).toBeInTheDocument();
    expect(screen.getByText("No: the record held now differs from what was signed.")).toBeInTheDocument();
    expect(screen.getByText("No: not both sides have signed.")).toBeInTheDocument();
  });

  it("explains an unknown record, and a link without a hash without asking the server", async () => {
    setup(() => withError(404, "SUPERVISION_NOT_FOUND", "Not found"));
    expect(await screen.findByText("We could not find this supervision record.")).toBeInTheDocument();
  });

  it("refuses a link whose hash is not a SHA-256 without calling the API", async () => {
    const api = setup(() => ({}), `/verify/supervision/${SHARE_ID}?hash=abc`);
    expect(await screen.findByText("This verification link is not complete")).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });
});
