import { describe, expect, it } from "vitest";
import { requireSwitchedOn, SWITCHED_OFF, showsPercentages } from "./feature-switches.js";
import { verdict } from "./verdict.js";

// The switches decide for every role alike (a member, a manager, an administrator): what is off for
// the caller's organisation is off for them.
describe("features held to their switch", () => {
  it.each([
    "ProfileTabAdditionalInformation",
    "OrganisationUserReview",
    "OrganisationCertificates",
    "OrganisationSharedCPD",
    "OrganisationEvents",
  ] as const)("%s", (name) => {
    expect(verdict(() => requireSwitchedOn({ [name]: true }, name))).toBe("allowed");
    expect(verdict(() => requireSwitchedOn({}, name))).toBe("allowed");
    expect(verdict(() => requireSwitchedOn({ [name]: false }, name))).toBe(
      `403 FEATURE_LOCKED ${SWITCHED_OFF[name]}`,
    );
  });

  it("one switch off leaves the others alone", () => {
    const switches = { ProfileTabAdditionalInformation: false, OrganisationUserReview: true };
    expect(verdict(() => requireSwitchedOn(switches, "OrganisationUserReview"))).toBe("allowed");
  });
});

describe("FormPercentages", () => {
  it("shows the percentage only to someone who may use the feature", () => {
    expect(showsPercentages({ FormPercentages: true })).toBe(true);
    expect(showsPercentages({ FormPercentages: false })).toBe(false);
    expect(showsPercentages({})).toBe(false);
  });
});
