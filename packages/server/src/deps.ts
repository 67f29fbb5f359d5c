// What services are given: no HTTP, only the resources they use.
import type { Redis } from "ioredis";
import type pg from "pg";
import type { Logger } from "pino";
import type { Config } from "./config.js";
import type { CaptchaConnector } from "./connectors/captcha/connector.js";
import type { ClinicalSkillsConnector } from "./connectors/clinical-skills/connector.js";
import type { SmsConnector } from "./connectors/sms/connector.js";
import type { Queues } from "./jobs/queues.js";
import type { Db } from "./lib/db.js";
import type { ReadRouter } from "./lib/read-db.js";
import type { Storage } from "./lib/storage.js";
import type { TokenService } from "./lib/tokens.js";

export interface Deps {
  config: Config;
  prisma: Db;
  pool: pg.Pool;
  /** Where the heavy reads run: the read replica or the primary (ADR 0032). */
  reads: ReadRouter;
  redis: Redis;
  storage: Storage;
  queues: Queues;
  tokens: TokenService;
  log: Logger;
  /** The external Clinical Skills service; null when not configured. */
  clinicalSkills: ClinicalSkillsConnector | null;
  /** The registration captcha (siteverify); null when not configured (no check). */
  captcha: CaptchaConnector | null;
  /** The SMS gateway (contact verification codes); null when not configured. */
  sms: SmsConnector | null;
  /** Injected so tests can move the calendar; Europe/London date. */
  today: () => string;
  /** The current instant, injected so tests can move time (the calendar's ended/upcoming checks). */
  now: () => Date;
}
