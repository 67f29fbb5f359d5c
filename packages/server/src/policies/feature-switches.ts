// Features the SPA shows or hides by their switch alone (the platform's, then the organisation's),
// whatever the membership: the profile's Additional Information and Annual Reviews tabs
// (REQ-ROLE-04). The API holds the calls behind them to the same switch. Pure: the route loads the
// caller's switches first.
import { FEATURE_MESSAGES, type FeatureName } from "@cpd/contract";
import { forbidden } from "../lib/errors.js";

/** The refusal of each switched feature, naming what is off. */
export const SWITCHED_OFF: Partial<Record<FeatureName, string>> = {
  ProfileTabAdditionalInformation: FEATURE_MESSAGES.additionalInformationOff,
  OrganisationUserReview: FEATURE_MESSAGES.userReviewOff,
  OrganisationCertificates: FEATURE_MESSAGES.certificatesOff,
  OrganisationSharedCPD: FEATURE_MESSAGES.sharedCpdOff,
  OrganisationEvents: FEATURE_MESSAGES.eventsOff,
};

/** Refuses (403) a feature switched off for the caller; a switch not set counts as on, as in the SPA. */
export function requireSwitchedOn(
  switches: Readonly<Partial<Record<FeatureName, boolean>>>,
  name: FeatureName,
) {
  if (switches[name] === false) {
    throw forbidden(SWITCHED_OFF[name] ?? FEATURE_MESSAGES.switchedOff, "FEATURE_LOCKED");
  }
}

/**
 * FormPercentages gates no call but a figure in the entries list (REQ-ENTRY-08): the list answers
 * the percentage only to someone who may use the feature (switched on, membership allowing).
 */
export const showsPercentages = (features: Readonly<Partial<Record<FeatureName, boolean>>>) =>
  features.FormPercentages === true;
