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

const IsoDay = Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" });

/** An identity document expiring soon (REQ-REVAL-06): which, and the expiry it was queued for. */
const DocumentExpiry = Type.Object(
  { kind: Type.Literal("document-expiry"), userId: Uuid, documentId: Uuid, expiresOn: IsoDay },
  { additionalProperties: false },
);

/**
 * A revalidation deadline near while a requirement is short: which registration, which deadline, and
 * the London day the job judged it, on which the e-mail's progress is computed again.
 */
const RevalidationDeadline = Type.Object(
  {
    kind: Type.Literal("revalidation-deadline"),
    userId: Uuid,
    registrationId: Uuid,
    deadline: IsoDay,
    asOf: IsoDay,
  },
  { additionalProperties: false },
);

/**
 * An e-mail of the daily account job (modules/account-deletion/lifecycle.ts): a deletion warning
 * a CPD reminder, an identity document's expiry or a revalidation deadline. The payload holds ids, a cause and a date; the address, name and title are
 * read when the e-mail is sent. The job id is the notice's once-only key (accountNoticeJobId).
 */
export const accountNoticeEmailJob = defineJob({
  name: "account-notice-email",
  queue: "email",
  payload: Type.Union([DeletionWarning, Reminder, DocumentExpiry, RevalidationDeadline]),
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
