// Building blocks shared by job definitions. A definition imports nothing from modules/
// (docs/decisions/0015-module-boundaries-and-jobs.md): services enqueue through it, and only the
// worker loads the handlers.
import { type TObject, type TProperties, Type } from "@sinclair/typebox";
import type { JobsOptions } from "bullmq";
import { defineJob, type JobDefinition } from "../job.js";

/** Retries for e-mail jobs: an SMTP relay that is down for a while is retried for about a minute. */
export const EMAIL_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: "exponential", delay: 2_000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/** A job on the e-mail queue whose payload has these fields and no others. */
export const emailJob = <P extends TProperties>(name: string, payload: P): JobDefinition<TObject<P>> =>
  defineJob({
    name,
    queue: "email",
    payload: Type.Object(payload, { additionalProperties: false }),
    options: EMAIL_JOB_OPTIONS,
  });

const RETENTION_BATCH = 200;

/**
 * A retention job: repeatable (a BullMQ job scheduler the worker upserts at start), deleting
 * generated files past their time in batches (handlers/retention.ts).
 */
export const retentionJob = (name: string) =>
  defineJob({
    name,
    queue: "maintenance",
    payload: Type.Object(
      { batch: Type.Integer({ minimum: 1, maximum: 10_000 }) },
      { additionalProperties: false },
    ),
    options: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
    every: { ms: 15 * 60_000, data: { batch: RETENTION_BATCH } },
  });
