// Who reaches an organisation's management calls and the admin screens. Pure: the
// caller's roles and organisation (read by the auth layer) decide.
import { ADMIN_SCREEN_ROLES, type AdminScreen, RESILIENCE_GOVERNING_BODY } from "@cpd/contract";
import { forbidden, notFound } from "../lib/errors.js";
import type { Actor, Policy } from "./caller.js";
import { hasAnyRole, isAdmin, isOrganisationManager } from "./roles.js";

type Who = Pick<Actor, "roles"> & { organisationId?: number | null };

/** Administrators who look after organisations reach every organisation's manager calls. */
const ORGANISATION_ADMINS = ADMIN_SCREEN_ROLES.organisations;
export const reachesEveryOrganisation = (c: Who) => hasAnyRole(c, ORGANISATION_ADMINS);

/** Organisation managers and organisation administrators; everyone else is refused before any lookup. */
export const managerOrAdmin: Policy = (c) => {
  if (!isOrganisationManager(c) && !reachesEveryOrganisation(c)) {
    throw forbidden("Only organisation managers can do this", "MANAGER_REQUIRED");
  }
};

/** Whether the caller manages this organisation. */
function mayManageOrganisation(c: Who, organisationId: number): boolean {
  if (reachesEveryOrganisation(c)) return true;
  return isOrganisationManager(c) && c.organisationId != null && c.organisationId === organisationId;
}

/**
 * Refuses another organisation exactly as a missing one (404), so a manager cannot probe
 * which organisation ids exist.
 */
export function requireOrganisation(c: Who, organisationId: number): void {
  if (!mayManageOrganisation(c, organisationId)) {
    throw notFound("Organisation not found", "ORGANISATION_NOT_FOUND");
  }
}

/**
 * Route policy of an organisation's management calls (`/organisation/:id/...`): an organisation
 * manager of that organisation, or an organisation administrator. A manager is refused with 403
 * before any lookup; a manager of another organisation is told it does not exist (404).
 */
export const managesOrganisationInPath: Policy = (c, deps, input) => {
  managerOrAdmin(c, deps, input);
  const id = (input?.params as { id?: unknown } | undefined)?.id;
  if (typeof id !== "number") throw notFound("Organisation not found", "ORGANISATION_NOT_FOUND");
  requireOrganisation(c, id);
};

/**
 * Recording a member's annual review: the member must belong to an organisation the caller
 * manages. Anyone else is answered as someone who does not exist.
 */
export function requireManagedMember<M extends { organisationId: number | null }>(
  c: Who,
  member: M | null,
): asserts member is M & { organisationId: number } {
  if (!member?.organisationId || !mayManageOrganisation(c, member.organisationId)) {
    throw notFound("User not found", "USER_NOT_FOUND");
  }
}

/** Each admin screen's roles: Admin opens all, each finer role its own screen only. */
export const adminScreen =
  (screen: AdminScreen): Policy =>
  (c) => {
    if (!hasAnyRole(c, ADMIN_SCREEN_ROLES[screen])) {
      throw forbidden("Only administrators can do this", "ADMIN_REQUIRED");
    }
  };

/** Managers see the Analytics screen for resilience organisations; administrators always. */
export const mayViewAnalytics = (c: Who, governingBodyType: string | null) =>
  isAdmin(c) || governingBodyType === RESILIENCE_GOVERNING_BODY;

/** Refuses the Analytics screen of an organisation that is not a resilience one (administrators excepted). */
export function requireAnalytics(c: Who, governingBodyType: string | null): void {
  if (!mayViewAnalytics(c, governingBodyType)) {
    throw forbidden("Analytics are available to resilience organisations", "FEATURE_LOCKED");
  }
}
