// Feature access (REQ-MEMBER-04): the decision is pure; the route policy (routes/feature-policy.ts)
// loads the caller's features first and then asks it.
import type { FeatureName } from "@cpd/contract";
import { forbidden } from "../lib/errors.js";

/** `features` is what the person may use now: switched on for them and allowed by their membership. */
export function requireFeature(features: Readonly<Record<FeatureName, boolean>>, name: FeatureName) {
  if (!features[name]) throw forbidden("Upgrade to Premium to use this feature", "FEATURE_LOCKED");
}
