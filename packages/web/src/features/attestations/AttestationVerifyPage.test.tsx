import { ATTESTATION_MESSAGES } from "@cpd/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi, withError } from "../../test/fake-api";
import { renderApp } from "../../test/render";
import { VerifyAttestation } from "./AttestationVerifyPage";
import { ATTESTATION_ID, HASH } from "./test-data";

function setup(answer: () => unknown, at = `/verify/attestation/${ATTESTATION_ID}?hash=${HASH}`) {
  const api = fakeApi([["GET", /^\/api\/verify\/attestation\//, answer]]);
  renderApp([{ path: "/verify/attestation/:id", element: <VerifyAttestation /> }], { at });
  return api;
}

const answer = (over = {}) => ({
  matches: true,
  signed: true,
  kind: "nmcReflectiveDiscussion",
  signedAt: "2026-07-03T13:15:00.000Z",
  recordChangedSinceSigning: false,
  message: ATTESTATION_MESSAGES.verifyMatches,
  ...over,
});

describe("verifying an attestation's hash", () => {
  it("says it matches, when it was signed (London time) and that the records are intact", async () => {
    const api = setup(() => answer());
    expect(await screen.findByText("Match: this is the signed attestation")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Verify an attestation" })).toBeInTheDocument();
    expect(screen.getByText(ATTESTATION_MESSAGES.verifyMatches)).toBeInTheDocument();
    expect(screen.getByText("NMC reflective discussion")).toBeInTheDocument();
    expect(screen.getByText("Yes, on 03/07/2026 14:15 (UK time)")).toBeInTheDocument();
    expect(screen.getByText("Yes: the records have not changed since they were signed.")).toBeInTheDocument();
    expect(screen.getByText(HASH)).toBeInTheDocument();
    expect(api.requests[0]?.url.pathname).toBe(`/api/verify/attestation/${ATTESTATION_ID}`);
    expect(api.requests[0]?.url.searchParams.get("hash")).toBe(HASH);
  });

  it("says when the hash differs, or a covered record changed since signing", async () => {
    setup(() =>
      answer({
        matches: false,
        recordChangedSinceSigning: true,
        message: ATTESTATION_MESSAGES.verifyDiffers,
      }),
    );
    expect(await screen.findByText("No match")).toBeInTheDocument();
    expect(screen.getByText(ATTESTATION_MESSAGES.verifyDiffers)).toBeInTheDocument();
    expect(screen.getByText("No: a record it covers has changed since it was signed.")).toBeInTheDocument();
  });

  it("says when it is not signed", async () => {
    setup(() =>
      answer({ matches: false, signed: false, signedAt: null, message: ATTESTATION_MESSAGES.verifyUnsigned }),
    );
    expect(await screen.findByText("Not signed")).toBeInTheDocument();
    expect(screen.queryByText(/Records intact/)).toBeNull();
  });

  it("asks for the whole link when the hash is not a SHA-256", async () => {
    const api = setup(() => answer(), `/verify/attestation/${ATTESTATION_ID}?hash=abc`);
    expect(await screen.findByText("This verification link is not complete")).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it("says when there is no such attestation", async () => {
    setup(() => withError(404, "NOT_FOUND", ATTESTATION_MESSAGES.notFound));
    expect(await screen.findByText("We could not find this attestation.")).toBeInTheDocument();
  });
});
