// What the shell says about a trial and a coming deletion (REQ-MEMBER-03, REQ-MEMBER-09): the countdown of a running
// trial, the deletion date of an expired one, and whether the upgrade modal opens by itself.
import type { api, ResponseOf } from "@cpd/contract";
import { ukDate } from "@cpd/contract";
import { daysBetween } from "../../lib/london-time";

type Profile = Pick<ResponseOf<typeof api.getProfile>, "fullMember" | "trialStatus">;
type Scheduled = ResponseOf<typeof api.getScheduledDeletion>;

export type TrialNotice =
  | { kind: "trial"; daysLeft: number; endDate: string; entriesUsed: number; entriesLimit: number }
  /** `trial`: a trial ran out (else a lapsed membership or a legacy account). */
  | { kind: "expired"; trial: boolean; deletionDate: string | null }
  | { kind: "scheduled"; deletionDate: string };

/** The earlier of the trial's deletion date and a deletion the user scheduled. */
export function deletionDateOf(profile: Profile, scheduled: Scheduled | undefined): string | null {
  const dates = [profile.trialStatus.deletionDate, scheduled?.scheduled ? scheduled.scheduledDate : null]
    .filter((d): d is string => Boolean(d))
    .sort();
  return dates[0] ?? null;
}

/** The banner a profile calls for today (London's YYYY-MM-DD), or none. */
export function trialNotice(
  profile: Profile,
  scheduled: Scheduled | undefined,
  today: string,
): TrialNotice | null {
  const t = profile.trialStatus;
  if (!profile.fullMember && t.isTrialExpired) {
    return { kind: "expired", trial: t.isTrialUser, deletionDate: deletionDateOf(profile, scheduled) };
  }
  if (scheduled?.scheduled && scheduled.scheduledDate) {
    return { kind: "scheduled", deletionDate: scheduled.scheduledDate };
  }
  if (!profile.fullMember && t.isTrialUser && t.trialEndDate) {
    return {
      kind: "trial",
      // The trial runs to the end of its last day: on that day, 0 days are left.
      daysLeft: Math.max(0, daysBetween(today, t.trialEndDate)),
      endDate: t.trialEndDate,
      entriesUsed: t.trialEntriesUsed,
      entriesLimit: t.trialEntriesLimit,
    };
  }
  return null;
}

/** The upgrade modal opens by itself for members whose trial (or membership) has run out. */
export const promptsUpgrade = (profile: Profile) => !profile.fullMember && profile.trialStatus.isTrialExpired;

/** The first words of an expired account's notices. */
export const expiredText = (trial: boolean) =>
  trial
    ? "Your free trial has ended and your account is locked."
    : "Your free access has ended and your account is locked.";

/** "1 day", "12 days". */
export const days = (n: number) => (n === 1 ? "1 day" : `${n} days`);

/** When the account goes, as a sentence; a date already reached is "due" (the warnings come first). */
export function deletionSentence(deletionDate: string | null, today: string): string | null {
  if (!deletionDate) return null;
  return deletionDate > today
    ? `Your account and everything in it will be deleted on ${ukDate(deletionDate)}.`
    : "Your account and everything in it is due to be deleted.";
}
