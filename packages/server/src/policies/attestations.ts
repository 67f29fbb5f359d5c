// Who may do what with an attestation (ADR 0028). The professional's calls: any signed-in member
// reads their own; asking, reminding and withdrawing e-mail a third party in their name, so they
// need the User-Basic role and are refused while impersonating. Ownership is the services' where
// clause (another member's id answers 404). The attester's calls: what the request's state allows.
import { type AttestationState, ATTESTATION_MESSAGES as M } from "@cpd/contract";
import { AppError, notFound } from "../lib/errors.js";
import type { Policy } from "./caller.js";
import { all, policies } from "./roles.js";

/** Listing one's own requests: every signed-in member. */
export const read: Policy = () => {};

/** Asking, reminding, withdrawing: the User-Basic role, not while impersonating. */
export const request: Policy = all(policies.userBasic, policies.notImpersonating);

/**
 * The members' confirmations by the organisation's appointed confirmers (REQ-ATTEST-09): the
 * attester's details are a third party's personal data, so only that organisation's managers read
 * them: no administrator as such and no one impersonating. Another organisation answers 404, as a
 * missing one, so a manager cannot probe which ids exist.
 */
export const readAppointedConfirmations: Policy = all(
  policies.organisationManager,
  policies.notImpersonating,
  (c, _deps, input) => {
    const id = (input?.params as { id?: unknown } | undefined)?.id;
    if (typeof id !== "number" || c.organisationId == null || c.organisationId !== id)
      throw notFound("Organisation not found", "ORGANISATION_NOT_FOUND");
  },
);

const expired = () => new AppError(410, "LINK_EXPIRED", M.linkExpired);
const closed = () => new AppError(409, "ATTESTATION_CLOSED", M.alreadyClosed);
const withdrawn = () => new AppError(401, "UNAUTHORIZED", M.linkInvalid);

/** The attester reads the request while it is not withdrawn or expired (a signed one stays readable). */
export function attesterReadRefusal(state: AttestationState): AppError | null {
  if (state === "withdrawn") return withdrawn();
  if (state === "expired") return expired();
  return null;
}

/** The attester signs or declines an open request only (sent or opened), once. */
export function attesterActRefusal(state: AttestationState): AppError | null {
  const read = attesterReadRefusal(state);
  if (read) return read;
  return state === "sent" || state === "opened" ? null : closed();
}

/** The professional withdraws an open request, or reminds its attester. */
export function ownerChangeRefusal(state: AttestationState): AppError | null {
  return state === "sent" || state === "opened" ? null : closed();
}
