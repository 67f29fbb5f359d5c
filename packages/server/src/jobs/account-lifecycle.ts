import { LONDON } from "@cpd/contract";
import { Type } from "@sinclair/typebox";
import { Queue } from "bullmq";
import { runAccountLifecycle } from "../modules/account-deletion/lifecycle.js";
import { accountDeletionJob, accountDeletionJobId } from "./account-deletion.js";
import { defineJob } from "./job.js";

const BATCH = 200;

/**
 * The daily account jobs (modules/account-deletion/lifecycle.ts): deletions due, warnings and
 * automatic deletion of expired accounts, CPD reminders. A job scheduler runs it on
 * ACCOUNT_JOBS_CRON in London's time ("off": never; tests call the handler on their own clock).
 * Running it twice a day is harmless: every e-mail goes once, deletions are queued by day.
 */
export const accountLifecycleJob = defineJob({
  name: "account-lifecycle",
  queue: "maintenance",
  payload: Type.Object(
    { batch: Type.Integer({ minimum: 1, maximum: 10_000 }) },
    { additionalProperties: false },
  ),
  options: {
    attempts: 3,
    backoff: { type: "exponential", delay: 60_000 },
    removeOnComplete: { count: 100 },
    removeOnFail: { count: 100 },
  },
  cron: { pattern: (config) => config.accountJobsCron, tz: LONDON, data: { batch: BATCH } },
  async handle({ batch }, ctx) {
    const deletions = new Queue(accountDeletionJob.queue, { connection: ctx.redis, prefix: ctx.prefix });
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
        },
        batch,
      );
      ctx.log.info(report, "account lifecycle run");
      // Every account was tried; the failed ones are tried again with the job (all steps are idempotent).
      if (report.failures) throw new Error(`${report.failures} account lifecycle steps failed`);
    } finally {
      await deletions.close();
    }
  },
});
