import { LIFECYCLE, LIFECYCLE_MESSAGES } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_DELETION_CHOICE,
  DELETION_CHOICES,
  deletionDay,
  deletionQuery,
  emailChangeProblem,
} from "./account-rules";

describe("the change of e-mail check", () => {
  it("wants two addresses that look like e-mail and match", () => {
    expect(emailChangeProblem("ann@example", "ann@example")).toBe(LIFECYCLE_MESSAGES.emailInvalid);
    expect(emailChangeProblem("ann@example.org", "ann example.org")).toBe(LIFECYCLE_MESSAGES.emailInvalid);
    expect(emailChangeProblem("ann@example.org", "anne@example.org")).toBe(
      LIFECYCLE_MESSAGES.emailsDoNotMatch,
    );
    expect(emailChangeProblem(" Ann@Example.org ", "ann@example.org")).toBeNull();
  });
});

describe("the deletion delay", () => {
  it("offers Immediately and the contract's delays, 7 days by default", () => {
    expect(DELETION_CHOICES.map((c) => c.label)).toEqual([
      "Immediately",
      "In 1 day",
      "In 7 days",
      "In 30 days",
    ]);
    expect(DELETION_CHOICES.slice(1).map((c) => Number(c.value))).toEqual([...LIFECYCLE.deletionDelays]);
    expect(DEFAULT_DELETION_CHOICE).toBe(String(LIFECYCLE.defaultDeletionDelay));
  });

  it("deletes on today + delay + 1 day, across month and year ends", () => {
    expect(deletionDay("7", "2026-11-24")).toBe("2026-12-02");
    expect(deletionDay("1", "2026-12-31")).toBe("2027-01-02");
    expect(deletionDay("30", "2026-02-20")).toBe("2026-03-23");
    expect(deletionDay("now", "2026-11-24")).toBe("2026-11-24");
  });

  it("asks the server to delete now, or on the date", () => {
    expect(deletionQuery("now", "2026-11-24")).toEqual({ deleteNow: true });
    expect(deletionQuery("30", "2026-11-24")).toEqual({ scheduledDate: "2026-12-25" });
  });
});
