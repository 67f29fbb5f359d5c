import { describe, expect, it } from "vitest";
import {
  canUseFeatures,
  enabledFeatures,
  isFullMember,
  type MembershipFacts,
  trialStatus,
  userFeatures,
} from "./membership-rules.js";

const facts = (over: Partial<MembershipFacts> = {}): MembershipFacts => ({
  accountCreatedDate: "2026-10-01",
  tier: "BASIC",
  active: false,
  membershipEndDate: null,
  trialEndDate: "2027-01-01",
  diaryEntries: 2,
  ...over,
});

describe("trial status", () => {
  it("is an active trial before the end date, deletion three months after it", () => {
    const t = trialStatus(facts(), "2026-11-22");
    expect(t).toMatchObject({ isTrialUser: true, isTrialExpired: false, deletionDate: "2027-04-01" });
    expect(t.trialEntriesUsed).toBe(2);
    expect(t.trialEntriesLimit).toBe(5);
  });

  it("is still active on the end date and expired the day after", () => {
    expect(trialStatus(facts(), "2027-01-01").isTrialExpired).toBe(false);
    expect(trialStatus(facts(), "2027-01-02").isTrialExpired).toBe(true);
  });

  it("clamps month ends when adding the grace period", () => {
    expect(trialStatus(facts({ trialEndDate: "2026-11-30" }), "2026-11-01").deletionDate).toBe("2027-02-28");
  });

  it("treats accounts created before 2025-08-01 as legacy: expired, deleted on 2025-11-01", () => {
    const t = trialStatus(facts({ accountCreatedDate: "2025-07-31" }), "2026-11-22");
    expect(t).toMatchObject({ isTrialUser: false, isTrialExpired: true, deletionDate: "2025-11-01" });
  });

  it("treats accounts without a trial date as legacy", () => {
    const t = trialStatus(facts({ trialEndDate: null }), "2026-11-22");
    expect(t).toMatchObject({ isTrialUser: false, isTrialExpired: true, deletionDate: "2025-11-01" });
  });

  it("does not treat a lapsed membership as a new trial", () => {
    const t = trialStatus(facts({ tier: "PREMIUM", membershipEndDate: "2026-06-15" }), "2026-11-22");
    expect(t.isTrialUser).toBe(false);
    expect(t.deletionDate).toBe("2026-09-15");
  });

  it("full members are neither trial nor expired", () => {
    const f = facts({ tier: "PREMIUM", active: true, trialEndDate: null });
    expect(isFullMember(f, "2026-11-22")).toBe(true);
    expect(trialStatus(f, "2026-11-22")).toMatchObject({
      isTrialUser: false,
      isTrialExpired: false,
      deletionDate: null,
    });
  });

  it("a membership past its end date is not full", () => {
    expect(
      isFullMember(facts({ tier: "PREMIUM", active: true, membershipEndDate: "2026-11-21" }), "2026-11-22"),
    ).toBe(false);
  });
});

describe("feature access", () => {
  it("allows full members and unexpired trials only", () => {
    expect(canUseFeatures(facts({ tier: "CORPORATE", active: true }), "2026-11-22")).toBe(true);
    expect(canUseFeatures(facts(), "2026-11-22")).toBe(true);
    expect(canUseFeatures(facts(), "2027-02-01")).toBe(false);
    expect(canUseFeatures(facts({ trialEndDate: null }), "2026-11-22")).toBe(false);
  });

  it("applies organisation overrides over platform defaults", () => {
    const enabled = enabledFeatures(
      { SharedCPD: true, Webinars: true },
      { features: { Webinars: false, OrganisationEvents: true }, allFeatures: false },
    );
    expect(enabled.SharedCPD).toBe(true);
    expect(enabled.Webinars).toBe(false);
    expect(enabled.OrganisationEvents).toBe(true);
    expect(enabled.FormPercentages).toBe(false);
    expect(userFeatures(enabled, false).SharedCPD).toBe(false);
    expect(enabledFeatures({}, { features: {}, allFeatures: true }).Reflection).toBe(true);
  });
});
