import { describe, expect, it } from "vitest";
import {
  days,
  deletionDateOf,
  deletionSentence,
  expiredText,
  promptsUpgrade,
  trialNotice,
} from "./trial-model";

const status = {
  isTrialUser: true,
  trialEndDate: "2026-12-10",
  trialEntriesUsed: 2,
  trialEntriesLimit: 5,
  isTrialExpired: false,
  deletionDate: "2027-03-10",
  accountCreatedDate: "2026-09-10",
};
const trial = { fullMember: false, trialStatus: status };
const expired = { fullMember: false, trialStatus: { ...status, isTrialExpired: true } };
const premium = {
  fullMember: true,
  trialStatus: { ...status, isTrialUser: false, deletionDate: null, trialEndDate: null },
};
const none = { scheduled: false, scheduledDate: null };

describe("the trial notice", () => {
  it("counts the days left of a running trial, 0 on its last day", () => {
    expect(trialNotice(trial, none, "2026-11-24")).toEqual({
      kind: "trial",
      daysLeft: 16,
      endDate: "2026-12-10",
      entriesUsed: 2,
      entriesLimit: 5,
    });
    expect(trialNotice(trial, none, "2026-12-10")).toMatchObject({ kind: "trial", daysLeft: 0 });
  });

  it("gives an expired trial's deletion date, or an earlier one the user scheduled", () => {
    expect(trialNotice(expired, none, "2026-12-11")).toEqual({
      kind: "expired",
      trial: true,
      deletionDate: "2027-03-10",
    });
    const soon = { scheduled: true, scheduledDate: "2026-12-20" };
    expect(trialNotice(expired, soon, "2026-12-11")).toEqual({
      kind: "expired",
      trial: true,
      deletionDate: "2026-12-20",
    });
    expect(deletionDateOf(expired, { scheduled: true, scheduledDate: "2027-06-01" })).toBe("2027-03-10");
  });

  it("does not call a legacy account's or a lapsed membership's end a trial", () => {
    const legacy = {
      fullMember: false,
      trialStatus: {
        ...status,
        isTrialUser: false,
        isTrialExpired: true,
        trialEndDate: null,
        deletionDate: "2025-11-01",
      },
    };
    expect(trialNotice(legacy, none, "2026-11-24")).toEqual({
      kind: "expired",
      trial: false,
      deletionDate: "2025-11-01",
    });
    expect(expiredText(false)).toBe("Your free access has ended and your account is locked.");
    expect(expiredText(true)).toBe("Your free trial has ended and your account is locked.");
  });

  it("tells a full member only about a deletion they scheduled", () => {
    expect(trialNotice(premium, none, "2026-11-24")).toBeNull();
    expect(trialNotice(premium, undefined, "2026-11-24")).toBeNull();
    expect(trialNotice(premium, { scheduled: true, scheduledDate: "2026-12-02" }, "2026-11-24")).toEqual({
      kind: "scheduled",
      deletionDate: "2026-12-02",
    });
  });

  it("prompts an upgrade only for an expired trial", () => {
    expect([trial, expired, premium].map(promptsUpgrade)).toEqual([false, true, false]);
  });

  it("says when the account goes; a date reached is due", () => {
    expect(deletionSentence("2027-03-10", "2026-12-11")).toBe(
      "Your account and everything in it will be deleted on 10/03/2027.",
    );
    expect(deletionSentence("2025-11-01", "2026-12-11")).toBe(
      "Your account and everything in it is due to be deleted.",
    );
    expect(deletionSentence(null, "2026-12-11")).toBeNull();
    expect([days(1), days(16)]).toEqual(["1 day", "16 days"]);
  });
});
