// Authorisation in one place: who may call what, by role and by ownership.
// Routes name a policy; services assume the caller was allowed.
import { ADMIN_ROLES, type FeatureName, ROLES } from "@cpd/contract";
import type { Deps } from "../deps.js";
import { forbidden } from "../lib/errors.js";
import { featuresForUser } from "../modules/shell/service.js";

export interface Caller {
  id: string;
  roles: string[];
  impersonatedBy?: string;
}

export type Policy = (caller: Caller, deps: Deps) => void | Promise<void>;

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
  async (c, deps) => {
    for (const p of ps) await p(c, deps);
  };

/** The feature is switched on for the user and their membership allows it (spec 1 §4). */
export const feature =
  (name: FeatureName): Policy =>
  async (c, deps) => {
    const features = await featuresForUser(deps, c.id);
    if (!features[name]) throw forbidden("Upgrade to Premium to use this feature", "FEATURE_LOCKED");
  };
