import { randomUUID } from "node:crypto";
import { type Static, Type } from "@sinclair/typebox";
import { emailJob } from "./shared.js";

/**
 * The receipt of one explicit save of an entry, to its owner (docs/decisions/0018-entry-receipts.md).
 * The payload names the entry, its owner and the instant of the save; the title, type, date and
 * hours are read when the job runs, so nothing personal sits in Redis.
 */
export const entryReceiptJob = emailJob("entry-receipt", {
  entryId: Type.String({ minLength: 36, maxLength: 36 }),
  userId: Type.String({ minLength: 36, maxLength: 36 }),
  savedAt: Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}T[0-9:.]+Z$", maxLength: 40 }),
});

export type EntryReceipt = Static<typeof entryReceiptJob.payload>;

/** One job per save: two saves within the same millisecond are still two receipts. */
export const entryReceiptJobId = (entryId: string) => `entry-receipt-${entryId}-${randomUUID()}`;
