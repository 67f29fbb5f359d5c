import { FEATURE_NAMES } from "@cpd/contract";
import type { Db } from "../../lib/db.js";
import { addFeatureFlags } from "./repository.js";

/** Features only organisations switch on for their members. */
export const ORGANISATION_FEATURES = new Set([
  "OrganisationUserReview",
  "OrganisationCertificates",
  "OrganisationSharedCPD",
  "OrganisationEvents",
]);

/** The platform's default switches: everything but the organisation features. */
export async function ensurePlatformFeatures(prisma: Db) {
  // ON CONFLICT DO NOTHING: safe when several processes start at once, and keeps existing choices.
  await addFeatureFlags(
    prisma,
    FEATURE_NAMES.map((name) => ({ name, enabled: !ORGANISATION_FEATURES.has(name) })),
  );
}
