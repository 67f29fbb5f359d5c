// Who sees and who manages webinars and events. Pure: the caller's roles and
// organisation and the item's organisation (null = the platform's) decide.
import { forbidden } from "../lib/errors.js";
import type { Actor } from "./caller.js";
import { isAdmin, isOrganisationManager } from "./roles.js";

/** The facts of a webinar or event the decisions need. */
export interface CalendarItem {
  organisationId: number | null;
}

/** Organisations whose items a list may hold; null stands for the platform's own items. */
export type OrganisationScope = "all" | readonly (number | null)[];

const MANAGER_REQUIRED = "Only administrators and organisation managers can do this";

/** The organisation a manager acts for; a manager without an organisation manages nothing. */
const managedOrganisation = (a: Actor): number | null => (isOrganisationManager(a) ? a.organisationId : null);

/** Everyone sees the platform's items and their own organisation's. */
export function visibleOrganisations(a: Actor): OrganisationScope {
  return a.organisationId === null ? [null] : [null, a.organisationId];
}

export function mayView(a: Actor, item: CalendarItem): boolean {
  return item.organisationId === null || item.organisationId === a.organisationId;
}

/** Admins and managers of an organisation; everyone else is refused the management screens. */
export function mayManageCalendar(a: Actor): boolean {
  return isAdmin(a) || managedOrganisation(a) !== null;
}

/**
 * Whether the caller may change or delete this item. Who may not is answered
 * 404, exactly as for a missing item, so other organisations' ids cannot be probed.
 */
export function mayManage(a: Actor, item: CalendarItem): boolean {
  if (isAdmin(a)) return true;
  const own = managedOrganisation(a);
  return own !== null && item.organisationId === own;
}

/**
 * The organisation a new webinar or event belongs to: any (or the platform, null)
 * for admins, a manager's own organisation otherwise.
 *
 * Publishing for another organisation answers 403, not 404: the refusal is
 * decided from the caller's own facts before anything is looked up, so it is
 * the same whether that organisation exists or not and discloses nothing; a 404
 * would claim the organisation does not exist.
 */
export function publishingOrganisation(a: Actor, requested: number | null | undefined): number | null {
  if (isAdmin(a)) return requested ?? null;
  const own = managedOrganisation(a);
  if (own === null) throw forbidden(MANAGER_REQUIRED, "MANAGER_REQUIRED");
  if (requested !== undefined && requested !== null && requested !== own) {
    throw forbidden("You can only publish for your own organisation", "OTHER_ORGANISATION");
  }
  return own;
}

/** What the management screens list: everything for admins, the manager's organisation's and the platform's items otherwise. */
export function managementScope(a: Actor): OrganisationScope {
  if (isAdmin(a)) return "all";
  const own = managedOrganisation(a);
  if (own === null) throw forbidden(MANAGER_REQUIRED, "MANAGER_REQUIRED");
  return [null, own];
}
