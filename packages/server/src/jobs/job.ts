// A job is two files (docs/decisions/0015-module-boundaries-and-jobs.md): its definition
// (definitions/<job>.ts: name, queue, payload, options, schedule), which services enqueue through,
// and its handler (handlers/<job>.ts), which only the worker and tests load.
import type { Static, TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import type { JobsOptions } from "bullmq";
import type { Redis } from "ioredis";
import type pg from "pg";
import type { Logger } from "pino";
import type { Config } from "../config.js";
import type { SmsConnector } from "../connectors/sms/connector.js";
import type { Db } from "../lib/db.js";
import type { SendMail } from "../lib/mailer.js";
import type { ReadRouter } from "../lib/read-db.js";
import type { Storage } from "../lib/storage.js";

export interface JobContext {
  /** Handlers load what they need from ids in the payload. */
  db: Db;
  /** The pool under `db`, for the set-based reads Prisma does not run (revalidation totals, ADR 0026). */
  pool: pg.Pool;
  /** The read replica behind a fence, for the heavy loads (ADR 0032); absent: the primary. */
  reads?: ReadRouter;
  config: Config;
  sendMail: SendMail;
  redis: Redis;
  prefix: string;
  log: Logger;
  storage: Storage;
  /** The SMS gateway; null when not configured (codes go by e-mail only). */
  sms: SmsConnector | null;
  /** The injected clock (tests move it). */
  now: () => Date;
}

/** What a handler knows of the run it is in. */
export interface JobRun {
  jobId: string;
  /** 1 on the first try. */
  attempt: number;
  /** Tries in all (the job's `attempts` option). */
  attempts: number;
  /** Reports progress (0-100) through BullMQ. */
  progress: (percent: number) => Promise<void>;
}

export interface JobDefinition<S extends TSchema = TSchema> {
  name: string;
  queue: string;
  payload: S;
  options: JobsOptions;
  /** A repeatable job (BullMQ job scheduler): the worker upserts it at start. */
  every?: { ms: number; data: Static<S> };
  /**
   * A job run on a cron pattern (BullMQ job scheduler) in a time zone; the pattern comes from the
   * configuration, and null switches the job off (the worker removes its scheduler).
   */
  cron?: { pattern: (config: Config) => string | null; tz: string; data: Static<S> };
}

/** What BullMQ's upsertJobScheduler is given: a period or a cron pattern in a time zone. */
export type Repeat = { every: number } | { pattern: string; tz: string };

/**
 * The scheduler a job asks for under a configuration: undefined for a job that is not repeatable,
 * null for a cron job switched off (its scheduler is removed), else its repeat and data.
 */
export function repeatOf(
  job: Pick<JobDefinition, "name" | "every" | "cron">,
  config: Config,
): { repeat: Repeat; data: unknown } | null | undefined {
  if (job.every && job.cron) throw new Error(`Job ${job.name} has both every and cron`);
  if (job.every) return { repeat: { every: job.every.ms }, data: job.every.data };
  if (!job.cron) return undefined;
  const pattern = job.cron.pattern(config);
  return pattern === null ? null : { repeat: { pattern, tz: job.cron.tz }, data: job.cron.data };
}

/** Queue settings (ADR 0006): CPU-heavy queues get a longer lock and fewer jobs at once. */
export interface QueueSettings {
  concurrency: number;
  lockDuration?: number;
  stalledInterval?: number;
  maxStalledCount?: number;
}

export const defineJob = <S extends TSchema>(job: JobDefinition<S>) => job;

/** A definition bound to the code that runs it; the registry (handlers/index.ts) lists these. */
export interface JobHandler {
  definition: JobDefinition;
  /** Checks the payload against the definition's schema, then runs the job. */
  handle: (data: unknown, ctx: JobContext & JobRun) => Promise<void>;
}

/** Binds a handler to its definition; the handler sees the payload typed by the definition's schema. */
export function handler<S extends TSchema>(
  definition: JobDefinition<S>,
  run: (data: Static<S>, ctx: JobContext & JobRun) => Promise<void>,
): JobHandler {
  return {
    definition,
    async handle(data, ctx) {
      if (!Value.Check(definition.payload, data))
        throw new Error(`Invalid payload for job ${definition.name}`);
      await run(data, ctx);
    },
  };
}
