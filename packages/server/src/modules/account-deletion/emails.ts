// The account lifecycle's e-mails, rendered at send time from what the database holds: the
// confirmation of a scheduled deletion, the warnings before an automatic deletion, and CPD
// reminders. Every piece of user text is escaped in the HTML (lib/html.ts).
import { ukLongDate } from "@cpd/contract";
import { dateColumn } from "../../lib/dates.js";
import type { Db } from "../../lib/db.js";
import { greeting, plainEmail } from "../../lib/html.js";
import type { Mail } from "../../lib/mailer.js";

export function deletionScheduledEmail(
  to: string,
  firstName: string | null,
  date: string,
  publicUrl: string,
) {
  return plainEmail({
    to,
    subject: `Your CPD account will be deleted on ${ukLongDate(date)}`,
    paragraphs: [
      greeting(firstName),
      `You asked us to delete your CPD account. On ${ukLongDate(date)} we will delete it and everything in it: your entries, files, documents and supervision records.`,
      "Until then you can download a copy of your records, or change your mind, in Account management:",
      "If you did not ask for this, please change your password and contact support.",
    ],
    link: { href: `${publicUrl}/account-management`, label: "Account management", after: 3 },
  });
}

/** The confirmation of the deletion the user scheduled; null when it is no longer scheduled. */
export async function prepareDeletionScheduledEmail(
  db: Db,
  publicUrl: string,
  userId: string,
): Promise<Mail | null> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { email: true, deletionScheduledFor: true, profile: { select: { firstName: true } } },
  });
  const date = dateColumn(user?.deletionScheduledFor);
  if (!user || !date) return null;
  return deletionScheduledEmail(user.email, user.profile?.firstName ?? null, date, publicUrl);
}

export type DeletionCause = "trial" | "membership" | "legacy";

const CAUSES: Record<DeletionCause, string> = {
  trial: "Your free trial of the CPD platform has ended.",
  membership: "Your CPD membership has ended.",
  legacy: "Your free CPD account is one of those created before trials began, and free accounts are closing.",
};

export function deletionWarningEmail(f: {
  to: string;
  firstName: string | null;
  cause: DeletionCause;
  deletesOn: string;
  publicUrl: string;
}) {
  const when = ukLongDate(f.deletesOn);
  return plainEmail({
    to: f.to,
    subject: `Your CPD account will be deleted on ${when}`,
    paragraphs: [
      greeting(f.firstName),
      CAUSES[f.cause],
      `Unless you become a member, we will delete your account and everything in it on ${when}: your entries, files, documents and supervision records.`,
      "To keep your account, upgrade your membership from your profile:",
      `You can also download a copy of your records from Account management: ${f.publicUrl}/account-management`,
    ],
    link: { href: `${f.publicUrl}/profile`, label: "Upgrade my membership", after: 4 },
  });
}

export function reminderEmail(f: {
  to: string;
  firstName: string | null;
  entryId: string;
  entryType: string;
  title: string;
  publicUrl: string;
}) {
  const title = f.title || "your planned CPD";
  return plainEmail({
    to: f.to,
    subject: `CPD reminder: ${title}`,
    paragraphs: [
      greeting(f.firstName),
      `This is your reminder for "${title}", planned for today.`,
      "Open the entry to update it once you have done it:",
      "You can turn these e-mails off in Settings (planned CPD e-mails).",
    ],
    link: { href: `${f.publicUrl}/edit/${f.entryType}/${f.entryId}`, label: "Open the entry", after: 3 },
  });
}
