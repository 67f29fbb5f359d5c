import { describe, expect, it } from "vitest";
import { hasFeatureAccess, isNavActive, MAIN_NAV, navState } from "./nav-items";

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

describe("isNavActive", () => {
  const item = (label: string) => {
    const found = MAIN_NAV.find((i) => i.label === label);
    if (!found) throw new Error(`No ${label} item`);
    return found;
  };
  it("sends Portfolio to the portfolio choice and marks the builder as Portfolio's", () => {
    const portfolio = item("Portfolio");
    expect(portfolio.to).toBe("/portfolio-builder/choose");
    expect(isNavActive(portfolio, "/portfolio-builder/choose")).toBe(true);
    expect(isNavActive(portfolio, "/portfolio-builder")).toBe(true);
    expect(isNavActive(portfolio, "/portfolio-builderx")).toBe(false);
  });
  it("marks the CPD Hub's libraries and video pages as the CPD Hub's", () => {
    const hub = item("CPD Hub");
    expect(isNavActive(hub, "/videos")).toBe(true);
    expect(isNavActive(hub, "/videos/library/abc")).toBe(true);
    expect(isNavActive(hub, "/video/Clinical%20skills/v1")).toBe(true);
    expect(isNavActive(hub, "/dashboard")).toBe(false);
  });
});
