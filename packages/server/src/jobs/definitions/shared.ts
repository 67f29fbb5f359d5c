// Building blocks shared by job definitions. A definition imports nothing from modules/
// (docs/decisions/0015-module-boundaries-and-jobs.md): services enqueue through it, and only the
// worker loads the handlers.
import { UUID_PATTERN } from "@cpd/contract";
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

/**
 * A guest's one-time code, by e-mail and (to a UK mobile) by text (supervision REQ-SUP-03,
 * attestations ADR 0028). The payload names the request, not the code: the code is re-derived when
 * the job runs, and only while the request is still the current one.
 */
export const codeJob = <K extends string>(name: string, idField: K) =>
  emailJob(name, {
    [idField]: Type.String({ maxLength: 36 }),
    requestId: Type.String({ maxLength: 36 }),
  } as Record<K | "requestId", ReturnType<typeof Type.String>>);

/**
 * A render on the pdf queue whose payload is the id of the row it fills (also the job id). Fewer,
 * slower retries than an e-mail: a render that failed three times will fail again.
 */
export const pdfJob = <K extends string>(name: string, idField: K) =>
  defineJob({
    name,
    queue: "pdf",
    payload: Type.Object(
      { [idField]: Type.String({ pattern: UUID_PATTERN }) } as Record<K, ReturnType<typeof Type.String>>,
      { additionalProperties: false },
    ),
    options: { ...EMAIL_JOB_OPTIONS, attempts: 3, backoff: { type: "exponential", delay: 5_000 } },
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
