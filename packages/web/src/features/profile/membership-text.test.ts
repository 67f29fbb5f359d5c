import { describe, expect, it } from "vitest";
import { membershipStatus } from "./membership-text";

describe("membershipStatus", () => {
  it("shows renews or expires with a DD/MM/YYYY date", () => {
    expect(membershipStatus({ active: true, autoRenew: true, endDate: "2026-03-01" })).toBe(
      "Renews: 01/03/2026",
    );
    expect(membershipStatus({ active: true, autoRenew: false, endDate: "2026-03-01" })).toBe(
      "Expires: 01/03/2026",
    );
  });
  it("shows never without an end date", () => {
    expect(membershipStatus({ active: true, autoRenew: false, endDate: null })).toBe("Expires: never");
  });
  it("names Basic for inactive memberships", () => {
    expect(membershipStatus({ active: false, autoRenew: false, endDate: null })).toBe("Basic membership");
  });
});
