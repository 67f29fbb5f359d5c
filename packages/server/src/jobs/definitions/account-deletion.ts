import { Type } from "@sinclair/typebox";
import { defineJob } from "../job.js";

export const DELETION_REASONS = ["requested", "scheduled", "trial-expired"] as const;

/**
 * Deletes an account: its S3 objects, then its rows, then an anonymous activity-log record
 * (modules/account-deletion). Idempotent and retried: a user already gone is done.
 */
export const accountDeletionJob = defineJob({
  name: "account-deletion",
  queue: "maintenance",
  payload: Type.Object(
    {
      userId: Type.String({ minLength: 36, maxLength: 36 }),
      reason: Type.Union(DELETION_REASONS.map((r) => Type.Literal(r))),
    },
    { additionalProperties: false },
  ),
  options: {
    attempts: 5,
    backoff: { type: "exponential", delay: 5_000 },
    removeOnComplete: { age: 24 * 3600, count: 1000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  },
});

/** One deletion job per account asking now; the daily job adds the day, so a failed one is tried again. */
export const accountDeletionJobId = (userId: string, day?: string) =>
  day ? `account-deletion-${userId}-${day}` : `account-deletion-${userId}`;
