import { SUPERVISION_MESSAGES } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { isFrozen, ownerSide, reviewState, signaturesOf } from "./review-model";
import { reviewee, signature } from "./test-fixtures";

describe("the review's state", () => {
  it("lists the signatures in signing order", () => {
    const first = signature({ side: "Supervisor", signedAt: "2026-07-01T10:00:00.000Z" });
    const second = signature({ side: "Supervisee", signedAt: "2026-07-02T10:00:00.000Z" });
    expect(signaturesOf(reviewee({ Signature: second, RevieweeSignature: first }))).toEqual([first, second]);
    expect(signaturesOf(reviewee())).toEqual([]);
  });

  it("takes the owner's side as the other of the reviewee's", () => {
    expect(ownerSide(reviewee({ RevieweeType: "Supervisee" }))).toBe("Supervisor");
    expect(ownerSide(reviewee({ RevieweeType: "Supervisor" }))).toBe("Supervisee");
  });

  it("lets the Supervisor sign first, and the Supervisee after", () => {
    const open = reviewee();
    expect(reviewState(open, "Supervisor", true)).toMatchObject({ canSign: true, canToggleTopics: true });
    expect(reviewState(open, "Supervisor", false)).toMatchObject({ canSign: false, waiting: null });
    expect(reviewState(open, "Supervisee", true)).toMatchObject({
      canSign: false,
      canToggleTopics: false,
      waiting: SUPERVISION_MESSAGES.waitSupervisor,
    });
    const signed = reviewee({ RevieweeSignature: signature({ side: "Supervisor" }) });
    expect(reviewState(signed, "Supervisee", true)).toMatchObject({ canSign: true, canComment: false });
  });

  it("freezes the record at the first signature or completion", () => {
    expect(isFrozen(null)).toBe(false);
    expect(isFrozen(reviewee())).toBe(false);
    expect(isFrozen(reviewee({ Signature: signature() }))).toBe(true);
    expect(isFrozen(reviewee({ Completed: "1", Status: "completed" }))).toBe(true);
  });
});
