// Membership, trial and feature-access rules (REQ-MEMBER-02..05), as pure
// functions of the stored facts and today's date.
import {
  FEATURE_NAMES,
  type FeatureName,
  LEGACY_CUTOFF,
  LEGACY_DELETION_DATE,
  TRIAL_ENTRY_LIMIT,
  TRIAL_GRACE_MONTHS,
} from "@cpd/contract";
import { addMonths, type IsoDate } from "../../lib/dates.js";

export interface MembershipFacts {
  accountCreatedDate: IsoDate;
  tier: "BASIC" | "PREMIUM" | "CORPORATE" | null;
  active: boolean;
  membershipEndDate: IsoDate | null;
  trialEndDate: IsoDate | null;
  diaryEntries: number;
}

export interface TrialStatus {
  isTrialUser: boolean;
  trialEndDate: IsoDate | null;
  trialEntriesUsed: number;
  trialEntriesLimit: number;
  isTrialExpired: boolean;
  deletionDate: IsoDate | null;
  accountCreatedDate: IsoDate;
}

/** Premium or corporate, active, and not past its end date (null = never ends). */
export function isFullMember(f: MembershipFacts, today: IsoDate): boolean {
  return (
    f.active &&
    f.tier !== "BASIC" &&
    f.tier !== null &&
    (f.membershipEndDate === null || f.membershipEndDate >= today)
  );
}

export function trialStatus(f: MembershipFacts, today: IsoDate): TrialStatus {
  const base = {
    trialEndDate: f.trialEndDate,
    trialEntriesUsed: f.diaryEntries,
    trialEntriesLimit: TRIAL_ENTRY_LIMIT,
    accountCreatedDate: f.accountCreatedDate,
  };
  if (isFullMember(f, today))
    return { ...base, isTrialUser: false, isTrialExpired: false, deletionDate: null };
  // A lapsed membership (it has an end date) is not a new trial.
  if (f.membershipEndDate !== null) {
    return {
      ...base,
      isTrialUser: false,
      isTrialExpired: true,
      deletionDate: addMonths(f.membershipEndDate, TRIAL_GRACE_MONTHS),
    };
  }
  // Legacy: created before the cut-off, or never given a trial date.
  if (f.trialEndDate === null || f.accountCreatedDate < LEGACY_CUTOFF) {
    return { ...base, isTrialUser: false, isTrialExpired: true, deletionDate: LEGACY_DELETION_DATE };
  }
  return {
    ...base,
    isTrialUser: true,
    isTrialExpired: today > f.trialEndDate,
    deletionDate: addMonths(f.trialEndDate, TRIAL_GRACE_MONTHS),
  };
}

/** Feature access: a full member, or a trial user whose trial has not expired. */
export function canUseFeatures(f: MembershipFacts, today: IsoDate): boolean {
  if (isFullMember(f, today)) return true;
  const t = trialStatus(f, today);
  return t.isTrialUser && !t.isTrialExpired;
}

/**
 * The features switched on for a user: platform defaults, then the organisation's
 * overrides. Organisations with allFeatures switch every feature on.
 */
export function enabledFeatures(
  platform: Record<string, boolean>,
  organisation: { features: Record<string, boolean>; allFeatures: boolean } | null,
): Record<FeatureName, boolean> {
  const out = {} as Record<FeatureName, boolean>;
  for (const name of FEATURE_NAMES) {
    const base = platform[name] ?? false;
    const org = organisation?.features[name];
    out[name] = organisation?.allFeatures ? true : (org ?? base);
  }
  return out;
}

/** Features the person may use now: enabled, and membership allows it. */
export function userFeatures(enabled: Record<FeatureName, boolean>, allowed: boolean) {
  const out = {} as Record<FeatureName, boolean>;
  for (const name of FEATURE_NAMES) out[name] = enabled[name] && allowed;
  return out;
}
