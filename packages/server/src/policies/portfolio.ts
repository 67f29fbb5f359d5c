// Who may build a portfolio of someone else's entries: only a manager of that member's own
// organisation, for the annual review (REQ-PORT-06). Pure: the caller's and the member's facts decide.
import type { Actor } from "./caller.js";
import { isOrganisationManager } from "./roles.js";

export interface Member {
  organisationId: number | null;
}

/** Whether `a` may review `member`. Everyone else is answered as if the member did not exist. */
export function mayReviewMember(a: Actor, member: Member): boolean {
  return isOrganisationManager(a) && a.organisationId !== null && member.organisationId === a.organisationId;
}
