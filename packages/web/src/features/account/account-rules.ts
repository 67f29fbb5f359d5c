// Account management's instant checks (REQ-CONTACT-02, REQ-ACCOUNT-01): the change of e-mail and the deletion delay.
// The server checks the same rules; the messages and limits are the contract's.
import { type api, LIFECYCLE, LIFECYCLE_MESSAGES, type QueryOf } from "@cpd/contract";
import { addDays } from "../../lib/london-time";
import { looksLikeEmail } from "../profile";

/** Both entries must look like an e-mail address and match; null when they do. */
export function emailChangeProblem(email: string, confirm: string): string | null {
  if (!looksLikeEmail(email) || !looksLikeEmail(confirm)) return LIFECYCLE_MESSAGES.emailInvalid;
  if (email.trim().toLowerCase() !== confirm.trim().toLowerCase()) return LIFECYCLE_MESSAGES.emailsDoNotMatch;
  return null;
}

/** "now" or one of the contract's delays in days, as the select's values. */
export type DeletionChoice = "now" | `${(typeof LIFECYCLE.deletionDelays)[number]}`;

export const DELETION_CHOICES: { value: DeletionChoice; label: string }[] = [
  { value: "now", label: "Immediately" },
  ...LIFECYCLE.deletionDelays.map((days) => ({
    value: String(days) as DeletionChoice,
    label: days === 1 ? "In 1 day" : `In ${days} days`,
  })),
];

export const DEFAULT_DELETION_CHOICE = String(LIFECYCLE.defaultDeletionDelay) as DeletionChoice;

/** The day the account goes: today for "now", else today + delay + 1 day (REQ-ACCOUNT-01). */
export function deletionDay(choice: DeletionChoice, today: string): string {
  return choice === "now" ? today : addDays(today, Number(choice) + 1);
}

/** The query of POST user-account/me/scheduled-deletion for a choice. */
export function deletionQuery(
  choice: DeletionChoice,
  today: string,
): NonNullable<QueryOf<typeof api.scheduleDeletion>> {
  return choice === "now" ? { deleteNow: true } : { scheduledDate: deletionDay(choice, today) };
}
