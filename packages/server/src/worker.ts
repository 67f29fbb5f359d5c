// Worker entry: runs every registered job, one BullMQ Worker per queue, writes a heartbeat its
// healthcheck reads, and on SIGTERM/SIGINT closes gracefully (current jobs finish) within
// SHUTDOWN_TIMEOUT_MS, or exits non-zero.
import { Queue, Worker } from "bullmq";
import pino from "pino";
import { ConfigError, loadConfig } from "./config.js";
import { smsConnectorFrom } from "./connectors/sms/connector.js";
import { queueNames } from "./jobs/definitions/index.js";
import { handlers } from "./jobs/handlers/index.js";
import { repeatOf } from "./jobs/job.js";
import { queueSettings } from "./jobs/queues.js";
import { createDb, createReplicaDb } from "./lib/db.js";
import { startHeartbeat } from "./lib/heartbeat.js";
import { LOG_SERIALIZERS } from "./lib/log-safety.js";
import { createMailer } from "./lib/mailer.js";
import { ReadRouter } from "./lib/read-db.js";
import { createWorkerRedis } from "./lib/redis.js";
import { Storage } from "./lib/storage.js";

export function startWorkers(
  config: ReturnType<typeof loadConfig>,
  log = pino({ level: config.logLevel, serializers: LOG_SERIALIZERS }),
  now: () => Date = () => new Date(),
) {
  const connection = createWorkerRedis(config.redisUrl);
  const mailer = createMailer(config.smtp);
  const db = createDb(config.databaseUrl, config.databasePoolSize);
  const replica = config.databaseReadUrl
    ? createReplicaDb(config.databaseReadUrl, config.databasePoolSize)
    : null;
  // Jobs read the replica only behind a fence (ADR 0032): the request they act on was just written.
  const reads = new ReadRouter(db, replica, connection, config.redisPrefix, log);
  const storage = new Storage(config.s3);
  const sms = smsConnectorFrom(config);
  const byName = new Map(handlers.map((h) => [h.definition.name, h]));
  const settings = queueSettings(config);
  const workers = queueNames.map(
    (queue) =>
      new Worker(
        queue,
        async (job) => {
          const h = byName.get(job.name);
          if (!h) throw new Error(`No handler for job ${job.name}`);
          // The handler checks the payload against its definition's schema.
          await h.handle(job.data, {
            db: db.prisma,
            pool: db.pool,
            reads,
            config,
            sendMail: mailer.send,
            redis: connection,
            prefix: config.redisPrefix,
            log: log.child({ job: job.name, jobId: job.id }),
            storage,
            sms,
            now,
            jobId: job.id ?? "",
            attempt: job.attemptsMade + 1,
            attempts: job.opts.attempts ?? 1,
            progress: (percent) => job.updateProgress(percent),
          });
        },
        { connection, prefix: config.redisPrefix, ...settings[queue] },
      ),
  );
  // Repeatable jobs (retention, the daily account jobs): one scheduler per job, upserted so restarts
  // and several workers agree; a cron job switched off in the configuration loses its scheduler.
  const schedulers = Promise.all(
    handlers.map(async ({ definition: j }) => {
      const scheduled = repeatOf(j, config);
      if (scheduled === undefined) return;
      const queue = new Queue(j.queue, { connection, prefix: config.redisPrefix });
      try {
        if (scheduled === null) await queue.removeJobScheduler(j.name);
        else
          await queue.upsertJobScheduler(j.name, scheduled.repeat, {
            name: j.name,
            data: scheduled.data,
            opts: j.options,
          });
      } finally {
        await queue.close();
      }
    }),
  ).catch((err) => log.error({ err }, "could not schedule repeatable jobs"));
  for (const w of workers)
    w.on("failed", (job, err) => log.warn({ jobId: job?.id, err: err.message }, "job failed"));
  const heartbeat = startHeartbeat(connection, config.redisPrefix, () => workers.every((w) => w.isRunning()));
  return {
    workers,
    heartbeat,
    close: async () => {
      await schedulers;
      await heartbeat.stop();
      await Promise.all(workers.map((w) => w.close()));
      mailer.close();
      await db.prisma.$disconnect();
      await db.pool.end();
      if (replica) {
        await replica.prisma.$disconnect();
        await replica.pool.end();
      }
      connection.disconnect();
    },
  };
}

const isEntry = process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "");
if (isEntry) {
  try {
    const config = loadConfig();
    const log = pino({ level: config.logLevel, serializers: LOG_SERIALIZERS });
    const running = startWorkers(config, log);
    log.info({ queues: queueNames }, "worker started");
    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      log.info({ signal }, "worker stopping");
      // worker.close() waits for the jobs in hand; a job stuck past the deadline must not keep the
      // container from stopping (BullMQ retries it elsewhere once its lock expires).
      setTimeout(() => {
        log.error({ timeoutMs: config.shutdownTimeoutMs }, "worker did not stop in time; exiting");
        process.exit(1);
      }, config.shutdownTimeoutMs).unref();
      try {
        await running.close();
      } catch (err) {
        log.error({ err }, "worker close failed");
        process.exit(1);
      }
      process.exit(0);
    };
    process.on("SIGTERM", () => void stop("SIGTERM"));
    process.on("SIGINT", () => void stop("SIGINT"));
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  }
}
