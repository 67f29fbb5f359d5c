// The account lifecycle's e-mails, rendered at send time from what the database holds: the
// confirmation of a scheduled deletion, the warnings before an automatic deletion, and CPD
// reminders. Every piece of user text is escaped in the HTML (lib/email/render.ts).
import { ukLongDate } from "@cpd/contract";
import type { AccountNoticeEmail } from "../../jobs/definitions/account-notice-email.js";
import { dateColumn } from "../../lib/dates.js";
import type { Db } from "../../lib/db.js";
import { button, greeting, paragraph, renderEmail, small } from "../../lib/email/render.js";
import type { Mail } from "../../lib/mailer.js";
import { mailRecipient } from "../account/repository.js";
import { findOwned } from "../entries/repository.js";

export function deletionScheduledEmail(
  to: string,
  firstName: string | null,
  date: string,
  publicUrl: string,
): Mail {
  return renderEmail({
    to,
    subject: `Your CPD account will be deleted on ${ukLongDate(date)}`,
    blocks: [
      greeting(firstName),
      paragraph(
        `You asked us to delete your CPD account. On ${ukLongDate(date)} we will delete it and everything in it: your entries, files, documents and supervision records.`,
      ),
      paragraph(
        "Until then you can download a copy of your records, or change your mind, in Account management:",
      ),
      button(`${publicUrl}/account-management`, "Account management"),
      small("If you did not ask for this, please change your password and contact support."),
    ],
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

export type DeletionCause = Extract<AccountNoticeEmail, { kind: "deletion-warning" }>["cause"];

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
}): Mail {
  const when = ukLongDate(f.deletesOn);
  return renderEmail({
    to: f.to,
    subject: `Your CPD account will be deleted on ${when}`,
    blocks: [
      greeting(f.firstName),
      paragraph(CAUSES[f.cause]),
      paragraph(
        `Unless you become a member, we will delete your account and everything in it on ${when}: your entries, files, documents and supervision records.`,
      ),
      paragraph("To keep your account, upgrade your membership from your profile:"),
      button(`${f.publicUrl}/profile`, "Upgrade my membership"),
      paragraph([
        "You can also download a copy of your records from Account management: ",
        { url: `${f.publicUrl}/account-management` },
      ]),
    ],
  });
}

export function reminderEmail(f: {
  to: string;
  firstName: string | null;
  entryId: string;
  entryType: string;
  title: string;
  publicUrl: string;
}): Mail {
  const title = f.title || "your planned CPD";
  return renderEmail({
    to: f.to,
    subject: `CPD reminder: ${title}`,
    blocks: [
      greeting(f.firstName),
      paragraph(`This is your reminder for "${title}", planned for today.`),
      paragraph("Open the entry to update it once you have done it:"),
      button(`${f.publicUrl}/edit/${f.entryType}/${f.entryId}`, "Open the entry"),
      small("You can turn these e-mails off in Settings (planned CPD e-mails)."),
    ],
  });
}

/**
 * The daily job's e-mail (a deletion warning or a CPD reminder), rendered when it is sent; null
 * when the user or the entry is gone.
 */
export async function prepareAccountNoticeEmail(
  db: Db,
  publicUrl: string,
  notice: AccountNoticeEmail,
): Promise<Mail | null> {
  const to = await mailRecipient(db, notice.userId);
  if (!to) return null;
  if (notice.kind === "deletion-warning") {
    const { cause, deletesOn } = notice;
    return deletionWarningEmail({ to: to.email, firstName: to.firstName, cause, deletesOn, publicUrl });
  }
  const entry = await findOwned(db, notice.entryId, notice.userId);
  if (!entry) return null;
  return reminderEmail({
    to: to.email,
    firstName: to.firstName,
    entryId: entry.id,
    entryType: entry.type,
    title: entry.title,
    publicUrl,
  });
}
