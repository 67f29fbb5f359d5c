import { type Static, Type } from "@sinclair/typebox";
import { defineJob } from "../job.js";
import { EMAIL_JOB_OPTIONS } from "./shared.js";

const Uuid = Type.String({ minLength: 36, maxLength: 36 });

/** A warning before an automatic deletion: why, and the day the account goes. */
const DeletionWarning = Type.Object(
  {
    kind: Type.Literal("deletion-warning"),
    userId: Uuid,
    cause: Type.Union([Type.Literal("trial"), Type.Literal("membership"), Type.Literal("legacy")]),
    deletesOn: Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" }),
  },
  { additionalProperties: false },
);

/** A reminder of CPD planned for today, naming the entry. */
const Reminder = Type.Object(
  { kind: Type.Literal("reminder"), userId: Uuid, entryId: Uuid },
  { additionalProperties: false },
);

/**
 * An e-mail of the daily account job (modules/account-deletion/lifecycle.ts): a deletion warning
 * or a CPD reminder. The payload holds ids, a cause and a date; the address, name and title are
 * read when the e-mail is sent. The job id is the notice's once-only key (accountNoticeJobId).
 */
export const accountNoticeEmailJob = defineJob({
  name: "account-notice-email",
  queue: "email",
  payload: Type.Union([DeletionWarning, Reminder]),
  options: EMAIL_JOB_OPTIONS,
});

export type AccountNoticeEmail = Static<typeof accountNoticeEmailJob.payload>;

/**
 * One job per notice row (user, kind, due date): a run that queued it but failed to record the
 * row queues the same job again, which BullMQ ignores, or which sendOnce skips once sent.
 * BullMQ ids may not hold ":" (reminder kinds do).
 */
export const accountNoticeJobId = (n: { userId: string; kind: string; dueDate: string }) =>
  `account-notice-${n.userId}-${n.kind.replaceAll(":", "-")}-${n.dueDate}`;
