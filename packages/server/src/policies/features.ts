// Feature access (REQ-MEMBER-04): the decisions are pure; the route policies (routes/feature-policy.ts)
// load the caller's features, membership and switches first and then ask them (ADR 0020).
import { FEATURE_MESSAGES, type FeatureName } from "@cpd/contract";
import { forbidden } from "../lib/errors.js";

const locked = (message: string) => forbidden(message, "FEATURE_LOCKED");

/** `features` is what the person may use now: switched on for them and allowed by their membership. */
export function requireFeature(features: Readonly<Record<FeatureName, boolean>>, name: FeatureName) {
  if (!features[name]) throw locked(FEATURE_MESSAGES.upgrade);
}

/**
 * Premium features (the portfolio builder, supervision entries, the HCPC portal): a full member or a
 * running trial; a basic or legacy member and an expired trial are refused with the upgrade message.
 */
export function requirePremium(access: boolean) {
  if (!access) throw locked(FEATURE_MESSAGES.upgrade);
}

/** The dashboard's entry switches (the person's settings, fixed by their organisation when it has one). */
export interface EntrySwitches {
  reflection: boolean;
  supervision: boolean;
}

/** A reflection or supervision page and its calls, refused while its switch is off. */
export function requireEntrySwitch(switches: EntrySwitches, which: keyof EntrySwitches) {
  if (!switches[which]) {
    throw locked(which === "reflection" ? FEATURE_MESSAGES.reflectionOff : FEATURE_MESSAGES.supervisionOff);
  }
}
