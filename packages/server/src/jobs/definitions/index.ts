// Every job the application knows, by definition (name, queue, payload, options, schedule).
// The worker's handlers (../handlers/index.ts) must match this list one for one.
import type { JobDefinition } from "../job.js";
import { accountDeletionJob } from "./account-deletion.js";
import { deletionEmailJob } from "./account-deletion-email.js";
import { accountEmailJob } from "./account-email.js";
import { accountExportJob } from "./account-export.js";
import { accountLifecycleJob } from "./account-lifecycle.js";
import { accountNoticeEmailJob } from "./account-notice-email.js";
import { attestationCodeJob } from "./attestation-code.js";
import { attestationEmailJob } from "./attestation-email.js";
import { certificateJob } from "./certificate.js";
import { contactEmailJob } from "./contact-email.js";
import { emailChangedNoticeJob } from "./email-changed-notice.js";
import { entryFindingsJob } from "./entry-findings.js";
import { entryReceiptJob } from "./entry-receipt.js";
import { evidenceTextJob } from "./evidence-text.js";
import { exportRetentionJob } from "./export-retention.js";
import { hcpcAccessJob } from "./hcpc-access.js";
import { passwordResetJob } from "./password-reset.js";
import { portfolioJob } from "./portfolio.js";
import { portfolioRetentionJob } from "./portfolio-retention.js";
import { submissionJob } from "./submission.js";
import { submissionRetentionJob } from "./submission-retention.js";
import { supervisionCodeJob } from "./supervision-code.js";
import { supervisionEmailJob } from "./supervision-email.js";

export const definitions: readonly JobDefinition[] = [
  passwordResetJob,
  hcpcAccessJob,
  certificateJob,
  portfolioJob,
  portfolioRetentionJob,
  submissionJob,
  submissionRetentionJob,
  supervisionEmailJob,
  supervisionCodeJob,
  accountExportJob,
  exportRetentionJob,
  accountEmailJob,
  contactEmailJob,
  emailChangedNoticeJob,
  accountDeletionJob,
  deletionEmailJob,
  accountLifecycleJob,
  accountNoticeEmailJob,
  entryReceiptJob,
  entryFindingsJob,
  evidenceTextJob,
  attestationEmailJob,
  attestationCodeJob,
];

/** The queues the API enqueues on and the worker consumes. */
export const queueNames = [...new Set(definitions.map((j) => j.queue))];
