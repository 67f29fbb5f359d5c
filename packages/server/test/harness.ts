// Integration harness: the real app on the real PostgreSQL, Redis, S3 server and
// SMTP catcher named by the environment (scripts/test sets up a private namespace).
import { randomUUID } from "node:crypto";
import { Queue } from "bullmq";
import type { FastifyInstance, InjectOptions } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, vi } from "vitest";
import { buildApp } from "../src/app.js";
import { type Config, loadConfig } from "../src/config.js";
import type { Deps } from "../src/deps.js";
import { queueNames } from "../src/jobs/definitions/index.js";
import type { JobContext, JobRun } from "../src/jobs/job.js";
import { Queues } from "../src/jobs/queues.js";
import { hashPassword } from "../src/lib/crypto.js";
import { addDays } from "../src/lib/dates.js";
import type { SendMail } from "../src/lib/mailer.js";
import { createRedis } from "../src/lib/redis.js";
import { ensurePlatformFeatures } from "../src/modules/shell/feature-defaults.js";
import { createResources } from "../src/resources.js";
import { startWorkers } from "../src/worker.js";

export const PASSWORD = "Correct-Horse-1";

/** Integration tests write freely: never against a database not named for tests. */
function assertTestDatabase(url: string | undefined) {
  const name = url ? new URL(url).pathname.slice(1) : "";
  if (!/(^|_)(test|it)(_|$)/.test(name) && process.env.ALLOW_ANY_TEST_DATABASE !== "1") {
    throw new Error(
      `Integration tests need DATABASE_URL naming a test database (cpd_test_*, cpd_it), not "${name || "the default"}". ./scripts/test sets one up.`,
    );
  }
}

export function testConfig() {
  assertTestDatabase(process.env.DATABASE_URL);
  return loadConfig({
    JWT_SECRET: "integration-test-secret-integration-test-secret",
    SUPPORT_CHAT_SECRET: "integration-support-chat-secret",
    // Queues and rate limits apart from a running ./scripts/start, unless set.
    REDIS_PREFIX: "cpd_it",
    ...process.env,
    // The rate-limit test counts on the production limit.
    LOGIN_RATE_LIMIT: "10",
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
  });
}

export interface Harness {
  app: FastifyInstance;
  deps: Deps;
}

/** Builds one app per test file, closed after the file; `config` overrides settings (a secret unset...). */
export function useApp(opts: { config?: Partial<Config>; worker?: boolean } = {}): Harness {
  const h = {} as Harness;
  // With `worker`, the file's jobs run too (useWorker).
  if (opts.worker) useWorker();
  let close: () => Promise<void>;
  beforeAll(async () => {
    const res = await createResources({ ...testConfig(), ...opts.config });
    close = res.close;
    await res.deps.storage.ensureBucket();
    // The platform's default feature switches, as the seed and a fresh install have them.
    await ensurePlatformFeatures(res.deps.prisma);
    h.deps = res.deps;
    h.app = await buildApp(res.deps);
  });
  afterAll(async () => {
    await h.app?.close();
    await close?.();
  });
  return h;
}

/** Runs the real worker (queues, e-mail, SMS, PDFs) for a test file, closed after the file. */
function useWorker(): void {
  let worker: ReturnType<typeof startWorkers> | undefined;
  beforeAll(() => {
    worker = startWorkers(testConfig(), pino({ level: "silent" }));
  });
  afterAll(async () => {
    await worker?.close();
  });
}

/**
 * Runs `fn` with the app's queues on a Redis connection that worked and then went away, as when
 * Redis restarts under a running API; the real queues are back after it.
 */
export async function whileRedisDown<T>(h: Harness, fn: () => Promise<T>): Promise<T> {
  const real = h.deps.queues;
  const deadRedis = createRedis(h.deps.config.redisUrl);
  deadRedis.on("error", () => {});
  await new Promise((resolve) => deadRedis.once("ready", resolve));
  h.deps.queues = new Queues(deadRedis, h.deps.config.redisPrefix, 1_000);
  deadRedis.disconnect();
  try {
    return await fn();
  } finally {
    await h.deps.queues.close().catch(() => {});
    deadRedis.disconnect();
    h.deps.queues = real;
  }
}

/**
 * What a job's handler is given, for calling it directly: the app's database, Redis, storage and
 * configuration, on the test's clock (real time unless given), mailing nothing unless given.
 */
export function jobContext(
  h: Harness,
  o: { now?: () => Date; sendMail?: SendMail; jobId?: string } = {},
): JobContext & JobRun {
  return {
    db: h.deps.prisma,
    pool: h.deps.pool,
    config: h.deps.config,
    sendMail: o.sendMail ?? (async () => {}),
    redis: h.deps.redis,
    prefix: h.deps.config.redisPrefix,
    log: pino({ level: "silent" }),
    storage: h.deps.storage,
    sms: null,
    now: o.now ?? (() => new Date()),
    jobId: o.jobId ?? `test-${randomUUID()}`,
    attempt: 1,
    attempts: 1,
    progress: async () => {},
  };
}

let passwordHash: Promise<string> | undefined;

export interface UserOptions {
  tier?: "BASIC" | "PREMIUM" | "CORPORATE";
  trialEnd?: string | null;
  createdAt?: string;
  roles?: string[];
  organisationId?: number;
  membershipEnd?: string | null;
  cancellable?: boolean;
  firstName?: string;
}

export interface TestUser {
  id: string;
  email: string;
  token: string;
}

/** A fresh user of its own for each test: tests never share or clean up data. */
export async function createUser(deps: Deps, o: UserOptions = {}): Promise<TestUser> {
  passwordHash ??= hashPassword(PASSWORD);
  const email = `user-${randomUUID()}@test.example`;
  const tier = o.tier ?? "PREMIUM";
  const active = tier !== "BASIC";
  const day = (d: string) => new Date(`${d}T00:00:00Z`);
  const user = await deps.prisma.user.create({
    data: {
      email,
      emailConfirmedAt: new Date(),
      createdAt: o.createdAt ? new Date(`${o.createdAt}T12:00:00Z`) : new Date(),
      organisationId: o.organisationId,
      credential: { create: { passwordHash: await passwordHash } },
      roles: { create: (o.roles ?? ["User-Basic"]).map((role) => ({ role })) },
      profile: { create: { firstName: o.firstName ?? "Test", lastName: "User", governingBodies: ["HCPC"] } },
      membership: {
        create: {
          tier,
          active,
          endDate: o.membershipEnd ? day(o.membershipEnd) : null,
          cancellable: o.cancellable ?? false,
          autoRenew: o.cancellable ?? false,
        },
      },
      ...(o.trialEnd ? { trial: { create: { startDate: new Date(), endDate: day(o.trialEnd) } } } : {}),
    },
  });
  const token = deps.tokens.issue({ sub: user.id, tv: 0 });
  return { id: user.id, email, token };
}

export async function createOrganisation(deps: Deps, data: Record<string, unknown> = {}) {
  return deps.prisma.organisation.create({
    data: { key: `org-${randomUUID().slice(0, 8)}`, name: "Test Trust", ...data },
  });
}

/** inject() with an optional bearer token and JSON body. */
export async function call(
  app: FastifyInstance,
  method: InjectOptions["method"],
  url: string,
  opts: {
    token?: string;
    body?: unknown;
    headers?: Record<string, string>;
    payload?: Buffer | string;
    ip?: string;
  } = {},
) {
  const res = await app.inject({
    method,
    url: `/api${url}`,
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    ...(opts.payload !== undefined
      ? { payload: opts.payload }
      : opts.body !== undefined
        ? { payload: opts.body as object }
        : {}),
    remoteAddress: opts.ip ?? "127.0.0.1",
  });
  return {
    status: res.statusCode,
    body: res.headers["content-type"]?.toString().includes("json") ? res.json() : res.body,
    res,
  };
}

/** What a refusal is checked by: the status, the error code and the message. */
export const refusal = (res: Awaited<ReturnType<typeof call>>) => [
  res.status,
  res.body.code,
  res.body.message,
];

/**
 * A stored file's row of `size` bytes with nothing behind it in storage: enough for what counts a
 * user's storage (usage figures, the 100 MB limit) without uploading that much.
 */
export async function storedFileOfSize(deps: Deps, userId: string, size: number) {
  return deps.prisma.storedFile.create({
    data: {
      userId,
      storageKey: `quota/${userId}/${randomUUID()}`,
      filename: "old.pdf",
      contentType: "application/pdf",
      size,
    },
  });
}

/**
 * Waits until no job that `match` accepts (by its data) is waiting, delayed or running in any queue
 * under `prefix` (the app's unless given). After it, a job that was going to run has run: what it
 * would have sent or written is there to be counted, or never will be.
 */
export async function jobsSettled(
  h: Harness,
  match: (data: Record<string, unknown>) => boolean,
  o: { prefix?: string; timeoutMs?: number } = {},
) {
  const queues = queueNames.map(
    (name) => new Queue(name, { connection: h.deps.redis, prefix: o.prefix ?? h.deps.config.redisPrefix }),
  );
  try {
    await vi.waitFor(
      async () => {
        for (const queue of queues) {
          const pending = await queue.getJobs(["waiting", "active", "delayed", "prioritized", "paused"]);
          const job = pending.find((j) => j && match(j.data ?? {}));
          if (job) throw new Error(`job ${job.name} ${job.id} still pending in ${queue.name}`);
        }
      },
      { timeout: o.timeoutMs ?? 30_000, interval: 100 },
    );
  } finally {
    await Promise.all(queues.map((q) => q.close()));
  }
}

export const randomIp = () =>
  `127.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/**
 * `n` diary entries of `userId` straight into the table, one a day back from `today` (large
 * portfolios need hundreds; the API would take minutes). Titles are `${title} 1`, `${title} 2`...
 */
export async function bulkDiary(
  deps: Deps,
  userId: string,
  n: number,
  today: string,
  title: string,
  notes = "Notes",
) {
  const ids = Array.from({ length: n }, () => randomUUID());
  await deps.prisma.entry.createMany({
    data: ids.map((id, i) => ({
      id,
      userId,
      type: "diary",
      title: `${title} ${i + 1}`,
      date: new Date(`${addDays(today, -i)}T00:00:00Z`),
      hours: 1,
      values: { Field222: `${title} ${i + 1}`, Field113: notes },
    })),
  });
  return ids;
}
