import type { Config } from "../config.js";
import { accountDeletionJob } from "./account-deletion.js";
import { deletionEmailJob } from "./account-deletion-email.js";
import { accountEmailJob } from "./account-email.js";
import { accountExportJob } from "./account-export.js";
import { accountLifecycleJob } from "./account-lifecycle.js";
import { certificateJob } from "./certificate.js";
import { contactEmailJob } from "./contact-email.js";
import { emailChangedNoticeJob } from "./email-changed-notice.js";
import { exportRetentionJob } from "./export-retention.js";
import { hcpcAccessJob } from "./hcpc-access.js";
import type { JobDefinition, QueueSettings } from "./job.js";
import { passwordResetJob } from "./password-reset.js";
import { portfolioJob } from "./portfolio.js";
import { portfolioRetentionJob } from "./portfolio-retention.js";
import { supervisionCodeJob } from "./supervision-code.js";
import { supervisionEmailJob } from "./supervision-email.js";

/**
 * Checks a list of jobs before anything runs (DESIGN.md §6): each has a name, a queue, a payload
 * schema and a handler, and no name appears twice (a second handler would silently shadow the first).
 */
export function checkJobs(list: readonly JobDefinition[]) {
  const names = new Set<string>();
  for (const job of list) {
    if (!job?.name) throw new Error("A job has no name");
    if (typeof job.handle !== "function") throw new Error(`Missing handler for job ${job.name}`);
    if (!job.queue) throw new Error(`Job ${job.name} has no queue`);
    if (!job.payload) throw new Error(`Job ${job.name} has no payload schema`);
    if (names.has(job.name)) throw new Error(`Duplicate job handler: ${job.name}`);
    names.add(job.name);
  }
  return list;
}

/** Every job the worker runs. */
export const jobs: JobDefinition[] = checkJobs([
  passwordResetJob as unknown as JobDefinition,
  hcpcAccessJob as unknown as JobDefinition,
  certificateJob as unknown as JobDefinition,
  portfolioJob as unknown as JobDefinition,
  portfolioRetentionJob as unknown as JobDefinition,
  supervisionEmailJob as unknown as JobDefinition,
  supervisionCodeJob as unknown as JobDefinition,
  accountExportJob as unknown as JobDefinition,
  exportRetentionJob as unknown as JobDefinition,
  accountEmailJob as unknown as JobDefinition,
  contactEmailJob as unknown as JobDefinition,
  emailChangedNoticeJob as unknown as JobDefinition,
  accountDeletionJob as unknown as JobDefinition,
  deletionEmailJob as unknown as JobDefinition,
  accountLifecycleJob as unknown as JobDefinition,
]) as JobDefinition[];

export const queueNames = [...new Set(jobs.map((j) => j.queue))];

/**
 * Per-queue worker settings. PDFs are CPU-bound: few at once, and a lock long enough that a long
 * render (which yields between entries, so BullMQ renews the lock) is never declared stalled and
 * run twice; after a crash the job is taken over once the lock lapses.
 */
export function queueSettings(config: Config): Record<string, QueueSettings> {
  const pdf: QueueSettings = {
    concurrency: config.pdfJobs.concurrency,
    lockDuration: config.pdfJobs.lockMs,
    stalledInterval: config.pdfJobs.lockMs,
    maxStalledCount: 2,
  };
  const known: Record<string, QueueSettings> = {
    email: { concurrency: config.emailConcurrency },
    pdf,
    maintenance: { concurrency: 1 },
  };
  return Object.fromEntries(queueNames.map((q) => [q, known[q] ?? { concurrency: 1 }]));
}
