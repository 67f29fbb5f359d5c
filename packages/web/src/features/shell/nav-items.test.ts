import { describe, expect, it } from "vitest";
import { hasFeatureAccess, navState } from "./nav-items";

const open = { features: { SharedCPD: true }, userFeatures: { SharedCPD: true }, hasAccess: true };

describe("navState", () => {
  it("opens plain items for everyone", () => {
    expect(navState({ label: "Diary", to: "/diary" }, { ...open, hasAccess: false })).toBe("open");
  });
  it("locks premium items without access", () => {
    const item = { label: "Portfolio", to: "/portfolio", premium: true };
    expect(navState(item, open)).toBe("open");
    expect(navState(item, { ...open, hasAccess: false })).toBe("locked");
  });
  it("hides items of disabled features and locks those the user cannot use", () => {
    const item = { label: "Shared CPD", to: "/shared-cpd", feature: "SharedCPD" as const };
    expect(navState(item, { ...open, features: { SharedCPD: false } })).toBe("hidden");
    expect(navState(item, { ...open, userFeatures: { SharedCPD: false } })).toBe("locked");
  });
});

describe("hasFeatureAccess", () => {
  const trial = (isTrialUser: boolean, isTrialExpired: boolean) => ({ isTrialUser, isTrialExpired });
  it("allows full members and running trials only", () => {
    expect(hasFeatureAccess({ fullMember: true, trialStatus: trial(false, false) })).toBe(true);
    expect(hasFeatureAccess({ fullMember: false, trialStatus: trial(true, false) })).toBe(true);
    expect(hasFeatureAccess({ fullMember: false, trialStatus: trial(true, true) })).toBe(false);
    expect(hasFeatureAccess({ fullMember: false, trialStatus: trial(false, false) })).toBe(false);
  });
});
