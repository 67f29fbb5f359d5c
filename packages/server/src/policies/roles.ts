// Role checks: pure functions of the caller's roles.
import { ADMIN_ROLES, ROLES } from "@cpd/contract";
import { forbidden } from "../lib/errors.js";
import type { Caller, Policy } from "./caller.js";

type HasRoles = { roles: readonly string[] };

export const hasAnyRole = (c: HasRoles, roles: readonly string[]) => c.roles.some((r) => roles.includes(r));

export const isAdmin = (c: HasRoles) => c.roles.includes(ROLES.admin);

export const isOrganisationManager = (c: HasRoles) => c.roles.includes(ROLES.organisationManager);

/** Route policies that need nothing but the caller's roles. */
export const policies = {
  /** Upload and edit links of the profile, governing bodies, cancel renewal, deleting files (REQ-ROLE-01). */
  userBasic: (c: Caller) => {
    if (!hasAnyRole(c, [ROLES.userBasic]))
      throw forbidden("Your account cannot change this", "ROLE_REQUIRED");
  },
  admin: (c: Caller) => {
    if (!isAdmin(c)) throw forbidden("Only administrators can do this", "ADMIN_REQUIRED");
  },
  /** Any administrator role (Admin or an Admin-* role). */
  anyAdmin: (c: Caller) => {
    if (!hasAnyRole(c, ADMIN_ROLES)) throw forbidden("Only administrators can do this", "ADMIN_REQUIRED");
  },
  organisationManager: (c: Caller) => {
    if (!isOrganisationManager(c)) {
      throw forbidden("Only organisation managers can do this", "MANAGER_REQUIRED");
    }
  },
  /** An administrator acting as someone may not act as someone else again. */
  notImpersonating: (c: Caller) => {
    if (c.impersonatedBy) throw forbidden("Not available while impersonating a user", "IMPERSONATING");
  },
} satisfies Record<string, Policy>;

/** Every policy in turn; the first refusal answers. */
export const all =
  (...ps: Policy[]): Policy =>
  async (c, deps, input) => {
    for (const p of ps) await p(c, deps, input);
  };
