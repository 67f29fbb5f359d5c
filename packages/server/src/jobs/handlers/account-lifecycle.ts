import { Queue } from "bullmq";
import { runAccountLifecycle } from "../../modules/account-deletion/lifecycle.js";
import { accountDeletionJob, accountDeletionJobId } from "../definitions/account-deletion.js";
import { accountLifecycleJob } from "../definitions/account-lifecycle.js";
import { accountNoticeEmailJob, accountNoticeJobId } from "../definitions/account-notice-email.js";
import { handler } from "../job.js";

// Running it twice a day is harmless: every e-mail goes once, deletions are queued by day.
export const accountLifecycleHandler = handler(accountLifecycleJob, async ({ batch }, ctx) => {
  const deletions = new Queue(accountDeletionJob.queue, { connection: ctx.redis, prefix: ctx.prefix });
  const emails = new Queue(accountNoticeEmailJob.queue, { connection: ctx.redis, prefix: ctx.prefix });
  try {
    const report = await runAccountLifecycle(
      {
        ...ctx,
        queueDeletion: async (userId, reason, today) => {
          await deletions.add(
            accountDeletionJob.name,
            { userId, reason },
            { ...accountDeletionJob.options, jobId: accountDeletionJobId(userId, today) },
          );
        },
        queueNotice: async (notice, email) => {
          await emails.add(accountNoticeEmailJob.name, email, {
            ...accountNoticeEmailJob.options,
            jobId: accountNoticeJobId(notice),
          });
        },
      },
      batch,
    );
    ctx.log.info(report, "account lifecycle run");
    // Every account was tried; the failed ones are tried again with the job (all steps are idempotent).
    if (report.failures) throw new Error(`${report.failures} account lifecycle steps failed`);
  } finally {
    await Promise.all([deletions.close(), emails.close()]);
  }
});
