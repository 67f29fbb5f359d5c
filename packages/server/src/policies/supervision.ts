// Who may do what on a shared supervision record (REQ-SUP-04, REQ-SUP-05), per party and side.
// Pure: the service reads the share's facts first; the contract's signOffState is
// the one statement of the sign-off order, shared with the SPA.
import {
  SUPERVISION_MESSAGES as M,
  type SupervisionSide,
  type SupervisionStatus,
  signOffState,
} from "@cpd/contract";
import { AppError } from "../lib/errors.js";

type PartyKind = "owner" | "reviewee";

export interface Party {
  kind: PartyKind;
  side: SupervisionSide;
}

/** What the decisions need to know of the share and its entry. */
export interface RecordFacts {
  status: SupervisionStatus;
  /** Entry.supervisionLocked: a signature exists in the current share. */
  locked: boolean;
  /** Sides that have signed in the current share. */
  signed: readonly SupervisionSide[];
}

const expired = () => new AppError(410, "LINK_EXPIRED", M.linkExpired);
const completedLocked = () => new AppError(409, "ENTRY_LOCKED", M.completedLocked);
const signedLocked = () => new AppError(409, "ENTRY_LOCKED", M.signedLocked);

/** Why the record can not be changed (comments, topics) just now, or null. */
export function editRefusal(record: RecordFacts): AppError | null {
  if (record.status === "expired") return expired();
  if (record.status === "completed") return completedLocked();
  const state = signOffState({
    saved: true,
    viewerSide: "Supervisee",
    signed: record.signed,
    status: record.status,
  });
  if (record.locked || !state.canComment) return signedLocked();
  return null;
}

/** Comments: either party, either side, until the first signature. */
export const commentRefusal = (_party: Party, record: RecordFacts) => editRefusal(record);

/** Ticking topics: the Supervisor's side only (whoever holds it), until the first signature. */
export function toggleRefusal(party: Party, record: RecordFacts): AppError | null {
  if (party.side !== "Supervisor") return new AppError(403, "REVIEWER_ONLY", M.reviewerOnly);
  return editRefusal(record);
}

/** Signing: the Supervisor first, then the Supervisee; each side once. */
export function signRefusal(party: Party, record: RecordFacts): AppError | null {
  if (record.status === "expired") return expired();
  if (record.status === "completed") return completedLocked();
  const state = signOffState({
    saved: true,
    viewerSide: party.side,
    signed: record.signed,
    status: record.status,
  });
  if (state.canSign) return null;
  if (record.signed.includes(party.side)) return new AppError(409, "ALREADY_SIGNED", M.alreadySigned);
  return new AppError(409, "SIGN_ORDER", state.waiting ?? M.waitSupervisor);
}

/** The owner reads their record whatever its state; the reviewee only while the link lasts. */
export function readRefusal(party: Party, record: Pick<RecordFacts, "status">): AppError | null {
  return party.kind === "reviewee" && record.status === "expired" ? expired() : null;
}

/** Adding, changing and removing topics after sharing: the record's owner, until the first signature (ADR 0022). */
export function topicEditRefusal(party: Party, record: RecordFacts): AppError | null {
  if (party.kind !== "owner") return new AppError(403, "OWNER_ONLY", M.topicsOwnerOnly);
  return editRefusal(record);
}

/**
 * A guest token opens the one entry of its share and no other (ADR 0022): any other id is
 * answered as if it did not exist.
 */
export function guestEntryRefusal(share: { entryId: string }, entryId: string): AppError | null {
  return share.entryId === entryId
    ? null
    : new AppError(404, "SUPERVISION_NOT_FOUND", "Supervision record not found");
}
