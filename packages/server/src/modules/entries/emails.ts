// The entry receipt (docs/decisions/0018-entry-receipts.md): rendered when its job runs, from the
// entry as it is then. Every piece of user text is escaped in the HTML (lib/email/render.ts).
import { ENTRY_TYPE_LABELS, type EntryType, londonDateTime, ukDate } from "@cpd/contract";
import type { EntryReceipt } from "../../jobs/definitions/entry-receipt.js";
import { dateColumn } from "../../lib/dates.js";
import type { Db } from "../../lib/db.js";
import { button, greeting, list, paragraph, renderEmail, small } from "../../lib/email/render.js";
import type { Mail } from "../../lib/mailer.js";
import { mailRecipient } from "../account/repository.js";
import { findOwned } from "./repository.js";

export interface ReceiptFacts {
  to: string;
  firstName: string | null;
  entryId: string;
  type: EntryType;
  title: string;
  /** YYYY-MM-DD, or null when the entry has none. */
  date: string | null;
  /** Decimal hours, or null when the entry has none. */
  hours: number | null;
  /** The instant of the save. */
  savedAt: string;
  publicUrl: string;
}

const NOT_GIVEN = "not given";

export function entryReceiptEmail(f: ReceiptFacts): Mail {
  const title = f.title.trim() || `Untitled ${ENTRY_TYPE_LABELS[f.type].toLowerCase()} entry`;
  return renderEmail({
    to: f.to,
    subject: `Entry saved: ${title}`,
    blocks: [
      greeting(f.firstName),
      paragraph(`You saved this entry in your CPD record on ${londonDateTime(f.savedAt)}:`),
      list([
        `Title: ${title}`,
        `Type: ${ENTRY_TYPE_LABELS[f.type]}`,
        `Date: ${ukDate(f.date) || NOT_GIVEN}`,
        `Hours: ${f.hours === null ? NOT_GIVEN : String(f.hours)}`,
      ]),
      button(`${f.publicUrl}/edit/${f.type}/${f.entryId}`, "Open the entry"),
      small(
        "You get a receipt each time you save an entry. You can turn these e-mails off in Settings (Email me a receipt when I save an entry).",
      ),
    ],
  });
}

const isEntryType = (t: string): t is EntryType => Object.hasOwn(ENTRY_TYPE_LABELS, t);

/** The receipt of one save, from the entry as it is now; null when the entry or its owner is gone. */
export async function prepareEntryReceipt(
  db: Db,
  publicUrl: string,
  job: EntryReceipt,
): Promise<Mail | null> {
  const [to, entry] = await Promise.all([
    mailRecipient(db, job.userId),
    findOwned(db, job.entryId, job.userId),
  ]);
  if (!to || !entry || !isEntryType(entry.type)) return null;
  return entryReceiptEmail({
    to: to.email,
    firstName: to.firstName,
    entryId: entry.id,
    type: entry.type,
    title: entry.title,
    date: dateColumn(entry.date),
    hours: entry.hours === null ? null : Number(entry.hours),
    savedAt: job.savedAt,
    publicUrl,
  });
}
