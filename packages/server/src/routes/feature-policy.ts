// The route policies of features: each loads the caller's facts (modules/shell), then asks the pure
// decision (policies/features.ts, policies/feature-switches.ts). Policies never load anything
// themselves (docs/decisions/0015-module-boundaries-and-jobs.md), so the loading is here (ADR 0020).
import { ADMIN_ROLES, type FeatureName } from "@cpd/contract";
import { featureAccess, features, featuresForUser } from "../modules/shell/service.js";
import { getSettings } from "../modules/shell/settings.js";
import { requireSwitchedOn } from "../policies/feature-switches.js";
import type { EntrySwitches, Policy } from "../policies/index.js";
import {
  hasAnyRole,
  isOrganisationManager,
  requireEntrySwitch,
  requireFeature,
  requirePremium,
} from "../policies/index.js";

/** Route policy: the feature is switched on for the user and their membership allows it. */
export const feature =
  (name: FeatureName): Policy =>
  async (c, deps) =>
    requireFeature(await featuresForUser(deps, c.id), name);

/** Route policy of a premium feature: a full member or a running trial (REQ-MEMBER-04). */
export const premium: Policy = async (c, deps) => requirePremium(await featureAccess(deps, c.id));

/** Route policy: the person's reflection or supervision switch (their organisation's when it has one) is on. */
export const entrySwitch =
  (which: keyof EntrySwitches): Policy =>
  async (c, deps) =>
    requireEntrySwitch((await getSettings(deps, c.id)).dashboardWidgets, which);

/**
 * Route policy of an organisation manager's screen behind an organisation switch: the manager's
 * organisation must have it on. Administrators manage every organisation and are not held to it;
 * anyone else is left to the call's own role check.
 */
export const organisationSwitch =
  (name: FeatureName): Policy =>
  async (c, deps) => {
    if (hasAnyRole(c, ADMIN_ROLES) || !isOrganisationManager(c)) return;
    requireSwitchedOn(await features(deps, c.id), name);
  };
