import { FEATURE_MESSAGES } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { requireEntrySwitch, requirePremium } from "./features.js";
import { verdict } from "./verdict.js";

// ADR 0020: the premium lock and the entry switches, as pure decisions on facts loaded first.
describe("premium features", () => {
  it("a full member or a running trial passes; anyone else gets the upgrade message", () => {
    expect(verdict(() => requirePremium(true))).toBe("allowed");
    expect(verdict(() => requirePremium(false))).toBe(`403 FEATURE_LOCKED ${FEATURE_MESSAGES.upgrade}`);
  });
});

describe("reflection and supervision switches", () => {
  it("each switch holds only its own pages", () => {
    const switches = { reflection: false, supervision: true };
    expect(verdict(() => requireEntrySwitch(switches, "reflection"))).toBe(
      `403 FEATURE_LOCKED ${FEATURE_MESSAGES.reflectionOff}`,
    );
    expect(verdict(() => requireEntrySwitch(switches, "supervision"))).toBe("allowed");
    expect(verdict(() => requireEntrySwitch({ reflection: true, supervision: false }, "supervision"))).toBe(
      `403 FEATURE_LOCKED ${FEATURE_MESSAGES.supervisionOff}`,
    );
  });
});
