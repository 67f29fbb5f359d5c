import { describe, expect, it } from "vitest";
import { webinarBadge } from "./webinar-badge";

describe("webinar badge", () => {
  const now = new Date("2026-11-22T10:00:00Z");
  it("says Today for a webinar later today in London", () => {
    expect(webinarBadge("2026-11-22T23:30:00Z", now)).toBe("Today");
  });
  it("counts calendar days, not 24-hour spans", () => {
    expect(webinarBadge("2026-11-23T08:00:00Z", now)).toBe("In 1 day");
    expect(webinarBadge("2026-11-26T18:30:00Z", now)).toBe("In 4 days");
  });
  it("uses London days in summer", () => {
    expect(webinarBadge("2026-07-02T23:30:00Z", new Date("2026-07-02T10:00:00Z"))).toBe("In 1 day");
  });
});
