import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, effectiveSettings } from "./settings.js";

describe("dashboard settings", () => {
  it("fills missing and mistyped keys from the defaults", () => {
    const s = effectiveSettings(
      { dashboardMode: "basic", dashboardWidgets: { sharedCPD: false, calendar: "yes" } },
      null,
    );
    expect(s.dashboardMode).toBe("basic");
    expect(s.dashboardWidgets.sharedCPD).toBe(false);
    expect(s.dashboardWidgets.calendar).toBe(true);
    expect(s.emails).toEqual(DEFAULT_SETTINGS.emails);
    expect(s.lockedByOrganisation).toEqual([]);
  });

  it("applies and locks the organisation's choices", () => {
    const s = effectiveSettings(
      { ...DEFAULT_SETTINGS, allFeatures: true },
      { widgetReflection: false, widgetSupervision: true, allFeatures: false, logoutTimerEnabled: true },
    );
    expect(s.dashboardWidgets.reflection).toBe(false);
    expect(s.allFeatures).toBe(false);
    expect(s.logoutTimer.enabled).toBe(true);
    expect(s.lockedByOrganisation).toContain("logoutTimer.enabled");
    expect(s.lockedByOrganisation).toContain("dashboardWidgets.reflection");
  });
});
