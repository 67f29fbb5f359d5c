// The worker's registry: one handler per job definition (../definitions/index.ts), checked when
// loaded. Only the worker (worker.ts) and tests import this file (.dependency-cruiser.cjs).
import { definitions } from "../definitions/index.js";
import type { JobDefinition, JobHandler } from "../job.js";
import { accountDeletionHandler } from "./account-deletion.js";
import { deletionEmailHandler } from "./account-deletion-email.js";
import { accountEmailHandler } from "./account-email.js";
import { accountExportHandler } from "./account-export.js";
import { accountLifecycleHandler } from "./account-lifecycle.js";
import { accountNoticeEmailHandler } from "./account-notice-email.js";
import { attestationCodeHandler } from "./attestation-code.js";
import { attestationEmailHandler } from "./attestation-email.js";
import { certificateHandler } from "./certificate.js";
import { contactEmailHandler } from "./contact-email.js";
import { emailChangedNoticeHandler } from "./email-changed-notice.js";
import { entryFindingsHandler } from "./entry-findings.js";
import { entryReceiptHandler } from "./entry-receipt.js";
import { evidenceTextHandler } from "./evidence-text.js";
import { exportRetentionHandler } from "./export-retention.js";
import { hcpcAccessHandler } from "./hcpc-access.js";
import { passwordResetHandler } from "./password-reset.js";
import { portfolioHandler } from "./portfolio.js";
import { portfolioRetentionHandler } from "./portfolio-retention.js";
import { submissionHandler } from "./submission.js";
import { submissionRetentionHandler } from "./submission-retention.js";
import { supervisionCodeHandler } from "./supervision-code.js";
import { supervisionEmailHandler } from "./supervision-email.js";

/**
 * Checks handlers against definitions before anything runs: every definition has exactly one
 * handler (a second would silently shadow the first), and every handler a known definition.
 */
export function checkHandlers(defs: readonly JobDefinition[], list: readonly JobHandler[]) {
  const defined = new Map(defs.map((d) => [d.name, d]));
  const seen = new Set<string>();
  for (const h of list) {
    const name = h.definition.name;
    if (typeof h.handle !== "function") throw new Error(`Handler for job ${name} cannot run`);
    if (defined.get(name) !== h.definition) throw new Error(`Handler for an unknown job: ${name}`);
    if (seen.has(name)) throw new Error(`Duplicate job handler: ${name}`);
    seen.add(name);
  }
  for (const name of defined.keys()) if (!seen.has(name)) throw new Error(`Missing handler for job ${name}`);
  return list;
}

/** Every job the worker runs. */
export const handlers: readonly JobHandler[] = checkHandlers(definitions, [
  passwordResetHandler,
  hcpcAccessHandler,
  certificateHandler,
  portfolioHandler,
  portfolioRetentionHandler,
  submissionHandler,
  submissionRetentionHandler,
  supervisionEmailHandler,
  supervisionCodeHandler,
  accountExportHandler,
  exportRetentionHandler,
  accountEmailHandler,
  contactEmailHandler,
  emailChangedNoticeHandler,
  accountDeletionHandler,
  deletionEmailHandler,
  accountLifecycleHandler,
  accountNoticeEmailHandler,
  entryReceiptHandler,
  entryFindingsHandler,
  evidenceTextHandler,
  attestationEmailHandler,
  attestationCodeHandler,
]);
