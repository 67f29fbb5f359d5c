// Creates and closes the process's shared resources (pool, Prisma, Redis, S3, queues).
import pino from "pino";
import type { Config } from "./config.js";
import { captchaConnectorFrom } from "./connectors/captcha/connector.js";
import { HttpClinicalSkillsConnector } from "./connectors/clinical-skills/connector.js";
import { smsConnectorFrom } from "./connectors/sms/connector.js";
import type { Deps } from "./deps.js";
import { Queues } from "./jobs/queues.js";
import { todayInLondon } from "./lib/dates.js";
import { createDb, createReplicaDb } from "./lib/db.js";
import { LOG_SERIALIZERS } from "./lib/log-safety.js";
import { ReadRouter } from "./lib/read-db.js";
import { createRedis } from "./lib/redis.js";
import { Storage } from "./lib/storage.js";
import { TokenService } from "./lib/tokens.js";
import { shareSessionInvalidations } from "./modules/account/session.js";

export async function createResources(
  config: Config,
  log = pino({ level: config.logLevel, serializers: LOG_SERIALIZERS }),
): Promise<{
  deps: Deps;
  close: () => Promise<void>;
}> {
  const { pool, prisma } = createDb(
    config.databaseUrl,
    config.databasePoolSize,
    config.databasePoolTimeoutMs,
  );
  const replica = config.databaseReadUrl
    ? createReplicaDb(config.databaseReadUrl, config.databasePoolSize)
    : null;
  const redis = createRedis(config.redisUrl);
  await new Promise<void>((resolve, reject) => {
    if (redis.status === "ready") return resolve();
    redis.once("ready", () => resolve());
    redis.once("error", reject);
  });
  const storage = new Storage(config.s3);
  const queues = new Queues(redis, config.redisPrefix);
  const sessions = shareSessionInvalidations(redis, config.redisPrefix);
  const deps: Deps = {
    config,
    prisma,
    pool,
    reads: new ReadRouter({ pool, prisma }, replica, redis, config.redisPrefix, log),
    redis,
    storage,
    queues,
    tokens: new TokenService(config.jwtSecret),
    log,
    clinicalSkills: config.clinicalSkills
      ? new HttpClinicalSkillsConnector(config.clinicalSkills.url, config.clinicalSkills.apiKey)
      : null,
    captcha: captchaConnectorFrom(config),
    sms: smsConnectorFrom(config),
    // The one clock; tests replace `now` (and `today` follows it).
    now: () => new Date(),
    today: () => todayInLondon(deps.now()),
  };
  return {
    deps,
    close: async () => {
      sessions.stop();
      await queues.close();
      await prisma.$disconnect();
      await pool.end();
      if (replica) {
        await replica.prisma.$disconnect();
        await replica.pool.end();
      }
      redis.disconnect();
      storage.client.destroy();
    },
  };
}
