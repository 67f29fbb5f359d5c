// The route policy of a feature: loads the caller's features (modules/shell), then asks the pure
// decision (policies/features.ts). Policies never load anything themselves
// (docs/decisions/0015-module-boundaries-and-jobs.md), so the loading is here.
import type { FeatureName } from "@cpd/contract";
import { featuresForUser } from "../modules/shell/service.js";
import type { Policy } from "../policies/index.js";
import { requireFeature } from "../policies/index.js";

/** Route policy: the feature is switched on for the user and their membership allows it. */
export const feature =
  (name: FeatureName): Policy =>
  async (c, deps) =>
    requireFeature(await featuresForUser(deps, c.id), name);
