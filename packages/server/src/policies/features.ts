// Feature access (spec 1 §4): the decision is pure; the route policy loads the
// caller's features first and then asks it.
import type { FeatureName } from "@cpd/contract";
import { forbidden } from "../lib/errors.js";
import { featuresForUser } from "../modules/shell/service.js";
import type { Policy } from "./caller.js";

/** `features` is what the person may use now: switched on for them and allowed by their membership. */
export function requireFeature(features: Readonly<Record<FeatureName, boolean>>, name: FeatureName) {
  if (!features[name]) throw forbidden("Upgrade to Premium to use this feature", "FEATURE_LOCKED");
}

/** Route policy: the feature is switched on for the user and their membership allows it. */
export const feature =
  (name: FeatureName): Policy =>
  async (c, deps) =>
    requireFeature(await featuresForUser(deps, c.id), name);
