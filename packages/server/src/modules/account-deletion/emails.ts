// The account lifecycle's e-mails, rendered at send time from what the database holds: the
// confirmation of a scheduled deletion, the warnings before an automatic deletion, and CPD
// reminders, identity documents about to expire and revalidation deadlines near while a requirement
// is short (REQ-REVAL-06). Every piece of user text is escaped in the HTML (lib/email/render.ts).
import { ukLongDate } from "@cpd/contract";
import type pg from "pg";
import type { AccountNoticeEmail } from "../../jobs/definitions/account-notice-email.js";
import { dateColumn } from "../../lib/dates.js";
import type { Db } from "../../lib/db.js";
import { button, greeting, list, paragraph, renderEmail, small } from "../../lib/email/render.js";
import type { Mail } from "../../lib/mailer.js";
import { mailRecipient } from "../account/repository.js";
import { findOwned as findDocument } from "../documents/repository.js";
import { findOwned } from "../entries/repository.js";
import { reminderFacts } from "../revalidation/reminders.js";

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

/** Who a notice goes to, and the address its links start from. */
interface Recipient {
  to: string;
  firstName: string | null;
  publicUrl: string;
}

export type DeletionCause = Extract<AccountNoticeEmail, { kind: "deletion-warning" }>["cause"];

const CAUSES: Record<DeletionCause, string> = {
  trial: "Your free trial of the CPD platform has ended.",
  membership: "Your CPD membership has ended.",
  legacy: "Your free CPD account is one of those created before trials began, and free accounts are closing.",
};

export function deletionWarningEmail(
  f: Recipient & {
    cause: DeletionCause;
    deletesOn: string;
  },
): Mail {
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

export function reminderEmail(
  f: Recipient & {
    entryId: string;
    entryType: string;
    title: string;
  },
): Mail {
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

export function documentExpiryEmail(
  f: Recipient & {
    name: string;
    expiresOn: string;
  },
): Mail {
  const when = ukLongDate(f.expiresOn);
  return renderEmail({
    to: f.to,
    subject: `Your document expires on ${when}: ${f.name}`,
    blocks: [
      greeting(f.firstName),
      paragraph(`Your document "${f.name}" expires on ${when}.`),
      paragraph("Once you have renewed it, upload the new one and its expiry date in your profile:"),
      button(`${f.publicUrl}/profile`, "My documents"),
      small("We remind you 30 days and 7 days before a document expires."),
    ],
  });
}

/** What a requirement still lacks, as the reminder names it. */
export interface ShortRequirement {
  title: string;
  metric: string;
  target: number;
  done: number;
  missing: string[];
}

const HOURS_METRICS = new Set(["cpdHours", "participatoryHours", "verifiableHours", "practiceHours"]);
const amount = (n: number) => String(Math.round(n * 100) / 100);

/** "CPD hours: 12.5 hours to go (22.5 of 35)"; themes name what is not covered yet. */
export function shortfallLine(r: ShortRequirement): string {
  if (r.metric === "themesCovered") return `${r.title}: not yet covered: ${r.missing.join(", ")}`;
  const gap = amount(Math.max(0, r.target - r.done));
  const unit = HOURS_METRICS.has(r.metric) ? (gap === "1" ? "hour" : "hours") : "more";
  const left = unit === "more" ? `${gap} more` : `${gap} ${unit} to go`;
  return `${r.title}: ${left} (${amount(r.done)} of ${amount(r.target)})`;
}

export function revalidationDeadlineEmail(
  f: Recipient & {
    regulator: string;
    regulatorName: string;
    registrationNumber: string;
    deadline: string;
    daysToDeadline: number;
    short: ShortRequirement[];
  },
): Mail {
  const when = ukLongDate(f.deadline);
  const days = f.daysToDeadline === 1 ? "1 day" : `${f.daysToDeadline} days`;
  return renderEmail({
    to: f.to,
    subject: `Revalidation due on ${when}: ${f.short.length} ${f.short.length === 1 ? "requirement" : "requirements"} to complete`,
    blocks: [
      greeting(f.firstName),
      paragraph(
        `Your ${f.regulator} revalidation (${f.regulatorName}, registration ${f.registrationNumber}) is due on ${when}, in ${days}. These requirements are not met yet:`,
      ),
      list(f.short.map(shortfallLine)),
      paragraph("See your progress and add what is missing:"),
      button(`${f.publicUrl}/revalidation`, "My revalidation"),
      small("You can turn these e-mails off for a registration in your profile (revalidation reminders)."),
    ],
  });
}

/**
 * The daily job's e-mail (a deletion warning, a CPD reminder, a document's expiry or a revalidation
 * deadline), rendered when it is sent; null when the user, the entry, document or shortfall is gone.
 */
export async function prepareAccountNoticeEmail(
  db: Db,
  publicUrl: string,
  notice: AccountNoticeEmail,
  pool: pg.Pool,
): Promise<Mail | null> {
  const to = await mailRecipient(db, notice.userId);
  if (!to) return null;
  if (notice.kind === "deletion-warning") {
    const { cause, deletesOn } = notice;
    return deletionWarningEmail({ to: to.email, firstName: to.firstName, cause, deletesOn, publicUrl });
  }
  if (notice.kind === "document-expiry") {
    // Gone, or its expiry changed since (a renewed document): nothing to remind of.
    const doc = await findDocument(db, notice.documentId, notice.userId);
    if (!doc || dateColumn(doc.expiryDate) !== notice.expiresOn) return null;
    return documentExpiryEmail({
      to: to.email,
      firstName: to.firstName,
      name: doc.name,
      expiresOn: notice.expiresOn,
      publicUrl,
    });
  }
  if (notice.kind === "revalidation-deadline") {
    const facts = await reminderFacts(pool, notice);
    return facts && revalidationDeadlineEmail({ to: to.email, firstName: to.firstName, ...facts, publicUrl });
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
