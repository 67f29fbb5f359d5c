import { LONDON } from "@cpd/contract";
import { Type } from "@sinclair/typebox";
import { defineJob } from "../job.js";

/**
 * The daily account jobs (modules/account-deletion/lifecycle.ts): deletions due, warnings and
 * automatic deletion of expired accounts, CPD reminders, identity document and revalidation
 * deadline reminders (REQ-REVAL-06). A job scheduler runs it on
 * ACCOUNT_JOBS_CRON in London's time ("off": never; tests call the handler on their own clock).
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
  cron: { pattern: (config) => config.accountJobsCron, tz: LONDON, data: { batch: 200 } },
});
