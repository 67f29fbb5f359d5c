// Authorisation in one place: who may call what, by role and by ownership.
// Routes name a policy; services assume the caller was allowed.
import { ADMIN_ROLES, ROLES } from "@cpd/contract";
import { forbidden } from "../lib/errors.js";

export interface Caller {
  id: string;
  roles: string[];
  impersonatedBy?: string;
}

export type Policy = (caller: Caller) => void;

const hasAny = (caller: Caller, roles: readonly string[]) => caller.roles.some((r) => roles.includes(r));

export const isAdmin = (caller: Caller) => caller.roles.includes(ROLES.admin);

/** Any administrator role (Admin or an Admin-* role). */
export const policies = {
  /** Upload and edit links of the profile, governing bodies, cancel renewal (spec 1 §6). */
  userBasic: ((c) => {
    if (!hasAny(c, [ROLES.userBasic])) throw forbidden("Your account cannot change this", "ROLE_REQUIRED");
  }) as Policy,
  admin: ((c) => {
    if (!isAdmin(c)) throw forbidden("Only administrators can do this", "ADMIN_REQUIRED");
  }) as Policy,
  anyAdmin: ((c) => {
    if (!hasAny(c, ADMIN_ROLES)) throw forbidden("Only administrators can do this", "ADMIN_REQUIRED");
  }) as Policy,
  organisationManager: ((c) => {
    if (!hasAny(c, [ROLES.organisationManager])) {
      throw forbidden("Only organisation managers can do this", "MANAGER_REQUIRED");
    }
  }) as Policy,
  /** An administrator acting as someone may not act as someone else again. */
  notImpersonating: ((c) => {
    if (c.impersonatedBy) throw forbidden("Not available while impersonating a user", "IMPERSONATING");
  }) as Policy,
};

export const all =
  (...ps: Policy[]): Policy =>
  (c) => {
    for (const p of ps) p(c);
  };
