import { FEATURE_NAMES } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.js";
import { requireFeature } from "../../policies/features.js";
import { canUseFeatures, enabledFeatures, type MembershipFacts, userFeatures } from "./membership-rules.js";

// What each role of the matrix may use: the features loader computes the same
// map from the stored facts; here the facts are written out per role.
const TODAY = "2026-06-15";
const facts = (f: Partial<MembershipFacts>): MembershipFacts => ({
  accountCreatedDate: "2026-01-10",
  tier: "PREMIUM",
  active: true,
  membershipEndDate: null,
  trialEndDate: null,
  diaryEntries: 0,
  ...f,
});
const ROLES = {
  trial: facts({ tier: "BASIC", active: false, trialEndDate: "2026-07-01" }),
  basic: facts({ tier: "BASIC", active: false }),
  premium: facts({}),
  corporate: facts({ tier: "CORPORATE" }),
  managerSame: facts({ tier: "CORPORATE" }),
  managerOther: facts({ tier: "CORPORATE" }),
  admin: facts({}),
};
type Role = keyof typeof ROLES;

const PLATFORM = Object.fromEntries(FEATURE_NAMES.map((n) => [n, !n.startsWith("Organisation")]));
const featuresOf = (f: MembershipFacts) =>
  userFeatures(enabledFeatures(PLATFORM, null), canUseFeatures(f, TODAY));

function verdict(role: Role, name: (typeof FEATURE_NAMES)[number]) {
  try {
    requireFeature(featuresOf(ROLES[role]), name);
    return "allowed";
  } catch (err) {
    if (err instanceof AppError) return `${err.statusCode} ${err.code}`;
    throw err;
  }
}

describe("feature policy per role", () => {
  const expected: Record<Role, string> = {
    trial: "allowed",
    basic: "403 FEATURE_LOCKED",
    premium: "allowed",
    corporate: "allowed",
    managerSame: "allowed",
    managerOther: "allowed",
    admin: "allowed",
  };
  for (const name of ["Reflection", "Webinars", "SharedCPD"] as const) {
    it.each(Object.entries(expected) as [Role, string][])(`${name}: %s is %s`, (role, answer) => {
      expect(verdict(role, name)).toBe(answer);
    });
  }

  it("refuses an expired trial and a lapsed membership", () => {
    const expired = facts({ tier: "BASIC", active: false, trialEndDate: "2026-06-01" });
    const lapsed = facts({ membershipEndDate: "2026-06-14" });
    expect(() => requireFeature(featuresOf(expired), "SharedCPD")).toThrow(AppError);
    expect(() => requireFeature(featuresOf(lapsed), "SharedCPD")).toThrow(AppError);
  });

  it("refuses a feature switched off, whatever the membership", () => {
    const off = userFeatures(enabledFeatures({ ...PLATFORM, Webinars: false }, null), true);
    expect(() => requireFeature(off, "Webinars")).toThrow("Upgrade to Premium to use this feature");
    expect(() => requireFeature(off, "SharedCPD")).not.toThrow();
  });
});
