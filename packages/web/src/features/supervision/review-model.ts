// What the review screens show of a share: its status in words, who has signed, and whether this
// party may sign, tick or comment (the contract's signOffState, which the server enforces too).
import {
  type api,
  otherSide,
  type ResponseOf,
  type SignOffState,
  type SupervisionSide,
  type SupervisionStatus,
  signOffState,
} from "@cpd/contract";

export type RevieweeRecord = ResponseOf<typeof api.shareSupervision>["reviewee"];
export type Topic = RevieweeRecord["Topics"][number];
export type Signature = NonNullable<RevieweeRecord["Signature"]>;

export const STATUS_LABELS: Record<SupervisionStatus, string> = {
  shared: "Shared",
  expired: "Expired",
  locked: "Locked",
  completed: "Completed",
};

/** What each status means for the people involved (shown beside the badge, not by colour alone). */
export const STATUS_HINTS: Record<SupervisionStatus, string> = {
  shared: "The link works until it expires.",
  expired: "The link has expired. Reset sharing to share the record again.",
  locked: "Too many wrong codes were entered: no new code can be sent. Reset sharing to share it again.",
  completed: "Both sides have signed. The record can no longer be changed.",
};

/** The signatures of the current share, in signing order. */
export const signaturesOf = (r: RevieweeRecord): Signature[] =>
  [r.Signature, r.RevieweeSignature]
    .filter((s): s is Signature => s !== null)
    .sort((a, b) => a.signedAt.localeCompare(b.signedAt));

/** The owner's side: the other one of the reviewee's. */
export const ownerSide = (r: RevieweeRecord): SupervisionSide => otherSide(r.RevieweeType);

export function reviewState(r: RevieweeRecord, viewerSide: SupervisionSide, saved: boolean): SignOffState {
  return signOffState({
    saved,
    viewerSide,
    signed: signaturesOf(r).map((s) => s.side),
    status: r.Status,
  });
}

/** Signed or completed: the record is frozen (spec: the first signature locks it). */
export const isFrozen = (r: RevieweeRecord | null) =>
  r !== null && (r.Completed === "1" || r.Status === "completed" || signaturesOf(r).length > 0);
