// One file per job: name, payload schema, options and handler (DESIGN.md §6).
import type { Static, TSchema } from "@sinclair/typebox";
import type { JobsOptions } from "bullmq";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import type { Config } from "../config.js";
import type { Db } from "../lib/db.js";
import type { SendMail } from "../lib/mailer.js";

export interface JobContext {
  /** Handlers load what they need from ids in the payload. */
  db: Db;
  config: Config;
  sendMail: SendMail;
  redis: Redis;
  prefix: string;
  log: Logger;
}

export interface JobDefinition<S extends TSchema = TSchema> {
  name: string;
  queue: string;
  payload: S;
  options: JobsOptions;
  handle: (data: Static<S>, ctx: JobContext & { jobId: string }) => Promise<void>;
}

export const defineJob = <S extends TSchema>(job: JobDefinition<S>) => job;
