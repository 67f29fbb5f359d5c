// Liveness and readiness, the worker's heartbeat and its healthcheck command, and the bucket
// check at boot — against the real Redis and S3 server, with stand-ins only for what must fail.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CreateBucketCommand, HeadBucketCommand } from "@aws-sdk/client-s3";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { buildApp } from "../src/app.js";
import type { Deps } from "../src/deps.js";
import { HEARTBEAT_MAX_AGE_MS, heartbeatAge, heartbeatKey, startHeartbeat } from "../src/lib/heartbeat.js";
import { isMissingBucket, Storage } from "../src/lib/storage.js";
import { PROBE_TIMEOUT_MS } from "../src/routes/health.js";
import { useDeadPorts } from "./dead-ports.js";
import { call, useApp } from "./harness.js";

const h = useApp();

/** A hung dependency (silent) and one that is down (closed). */
const dead = useDeadPorts();

const storageAt = (port: number) =>
  new Storage({ ...h.deps.config.s3, endpoint: `http://127.0.0.1:${port}` });
const poolAt = (port: number) =>
  // Bounded connect, so the pool can be ended after the test.
  new pg.Pool({
    connectionString: `postgresql://postgres@127.0.0.1:${port}/none`,
    max: 1,
    connectionTimeoutMillis: 1_500,
  });

/** An app whose dependencies are partly replaced; closed after the test. */
async function appWith(over: Partial<Deps>, run: (app: FastifyInstance) => Promise<void>) {
  const app = await buildApp({ ...h.deps, ...over });
  await app.ready(); // plugins load before the clock starts
  try {
    await run(app);
  } finally {
    await app.close();
    if (over.storage) over.storage.client.destroy();
    if (over.pool) await over.pool.end().catch(() => undefined);
  }
}

const timed = async <T>(fn: () => Promise<T>) => {
  const started = Date.now();
  const value = await fn();
  return { value, ms: Date.now() - started };
};

describe("GET health/live", () => {
  it("answers ok without touching a dependency, even when they hang", async () => {
    await appWith({ storage: storageAt(dead.silent), pool: poolAt(dead.silent) }, async (app) => {
      const { value: res, ms } = await timed(() => call(app, "GET", "/health/live"));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: "ok" });
      expect(res.res.headers["cache-control"]).toBe("no-store");
      // A probe of a hung dependency would take the whole PROBE_TIMEOUT_MS.
      expect(ms).toBeLessThan(PROBE_TIMEOUT_MS - 100);
    });
  });
});

describe("GET health/ready", () => {
  it("answers 200 when PostgreSQL, Redis and S3 all answer", async () => {
    // The first probe opens the connections; on a loaded 2-core machine (PDF rendering in other
    // test files) that alone can pass the 1 s budget, as an orchestrator's first probe may. Then:
    await call(h.app, "GET", "/health/ready");
    const res = await call(h.app, "GET", "/health/ready");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", checks: { postgres: "ok", redis: "ok", s3: "ok" } });
  });

  it("answers 503 naming S3 as timed out when it hangs, within about a second", async () => {
    await appWith({ storage: storageAt(dead.silent) }, async (app) => {
      const { value: res, ms } = await timed(() => call(app, "GET", "/health/ready"));
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        status: "degraded",
        checks: { postgres: "ok", redis: "ok", s3: "timeout" },
      });
      expect(ms).toBeGreaterThanOrEqual(PROBE_TIMEOUT_MS - 50);
      expect(ms).toBeLessThan(2 * PROBE_TIMEOUT_MS - 100);
    });
  });

  it("probes in parallel: two hung dependencies still answer within one timeout", async () => {
    await appWith({ storage: storageAt(dead.silent), pool: poolAt(dead.silent) }, async (app) => {
      const { value: res, ms } = await timed(() => call(app, "GET", "/health/ready"));
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        status: "degraded",
        checks: { postgres: "timeout", redis: "ok", s3: "timeout" },
      });
      // One after the other would take at least two timeouts.
      expect(ms).toBeLessThan(2 * PROBE_TIMEOUT_MS - 100);
    });
  });

  it("answers 503 naming PostgreSQL as failed when it refuses connections", async () => {
    await appWith({ pool: poolAt(dead.closed) }, async (app) => {
      const res = await call(app, "GET", "/health/ready");
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: "degraded", checks: { postgres: "failed", redis: "ok", s3: "ok" } });
    });
  });

  it("GET health answers as readiness (scripts wait on it)", async () => {
    const ok = await call(h.app, "GET", "/health");
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ status: "ok", checks: { postgres: "ok", redis: "ok", s3: "ok" } });
    await appWith({ storage: storageAt(dead.closed) }, async (app) => {
      const res = await call(app, "GET", "/health");
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: "degraded", checks: { postgres: "ok", redis: "ok", s3: "failed" } });
    });
  });
});

describe("ensureBucket", () => {
  const bucketExists = async (bucket: string) => {
    try {
      await h.deps.storage.client.send(new HeadBucketCommand({ Bucket: bucket }));
      return true;
    } catch (err) {
      if (isMissingBucket(err)) return false;
      throw err;
    }
  };

  it("creates the bucket when S3 says it does not exist, and leaves an existing one alone", async () => {
    const bucket = `cpd-it-${randomUUID().slice(0, 8)}`;
    const storage = new Storage({ ...h.deps.config.s3, bucket });
    const sent = sentBy(storage);
    try {
      expect(await bucketExists(bucket)).toBe(false);
      await storage.ensureBucket();
      expect(sent()).toEqual([HeadBucketCommand.name, CreateBucketCommand.name]);
      expect(await bucketExists(bucket)).toBe(true);
      await storage.put("probe", Buffer.from("x"), "text/plain");
      await storage.ensureBucket();
      expect(await storage.get("probe")).not.toBeNull();
    } finally {
      storage.client.destroy();
    }
  });

  /** The commands a Storage sends, by class name. */
  const sentBy = (storage: Storage) => {
    const send = vi.spyOn(storage.client, "send");
    return () => send.mock.calls.map(([command]) => (command as object).constructor.name);
  };

  it("throws on refused credentials instead of creating a bucket", async () => {
    const bucket = `cpd-it-${randomUUID().slice(0, 8)}`;
    const storage = new Storage({
      ...h.deps.config.s3,
      bucket,
      accessKeyId: "WRONG-KEY",
      secretAccessKey: "wrong",
    });
    const sent = sentBy(storage);
    try {
      const err = await storage.ensureBucket().then(
        () => null,
        (e: unknown) => e as { $metadata?: { httpStatusCode?: number } },
      );
      expect(err).not.toBeNull();
      expect(isMissingBucket(err)).toBe(false);
      expect(err?.$metadata?.httpStatusCode).toBe(403);
      expect(sent()).toEqual([HeadBucketCommand.name]);
      expect(await bucketExists(bucket)).toBe(false);
    } finally {
      storage.client.destroy();
    }
  });

  it("throws on a network error instead of creating a bucket", async () => {
    const storage = storageAt(dead.closed);
    const sent = sentBy(storage);
    try {
      await expect(storage.ensureBucket()).rejects.toThrow();
      expect(sent()).not.toContain(CreateBucketCommand.name);
      expect(sent()).toContain(HeadBucketCommand.name);
    } finally {
      storage.client.destroy();
    }
  });
});

// --- the worker's heartbeat and its healthcheck command -----------------------------------------

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Runs the healthcheck command (src/worker-health.ts) for one prefix and host; answers its exit code. */
function workerHealth(prefix: string) {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/worker-health.ts"], {
      cwd: serverRoot,
      env: { ...process.env, REDIS_PREFIX: prefix },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr?.on("data", (c) => {
      stderr += c;
    });
    child.on("exit", (code) => resolve({ code, stderr }));
  });
}

describe("worker heartbeat", () => {
  it("the healthcheck passes while the heartbeat is fresh and fails once it stops or goes stale", async () => {
    const prefix = `cpd_it_hb_${randomUUID().slice(0, 8)}`;
    expect((await workerHealth(prefix)).code).toBe(1);

    let running = true;
    // Each tick of the heartbeat asks whether the worker runs: counted, to wait for ticks.
    let ticks = 0;
    const beat = startHeartbeat(
      h.deps.redis,
      prefix,
      () => {
        ticks++;
        return running;
      },
      { intervalMs: 200 },
    );
    try {
      await expect.poll(() => heartbeatAge(h.deps.redis, prefix), { timeout: 5_000 }).not.toBeNull();
      const age = await heartbeatAge(h.deps.redis, prefix);
      expect(age).toBeLessThan(1_000);
      expect(await h.deps.redis.pttl(heartbeatKey(prefix))).toBeGreaterThan(0);
      expect(await workerHealth(prefix)).toMatchObject({ code: 0 });

      // A worker whose BullMQ workers stopped running stops beating; an old beat is stale.
      running = false;
      await h.deps.redis.set(
        heartbeatKey(prefix),
        String(Date.now() - HEARTBEAT_MAX_AGE_MS - 1_000),
        "PX",
        60_000,
      );
      // Two ticks since, with the worker stopped: had the heartbeat gone on, it would have beaten by now.
      const stoppedAt = ticks;
      await expect.poll(() => ticks, { timeout: 5_000, interval: 50 }).toBeGreaterThanOrEqual(stoppedAt + 2);
      const stale = await workerHealth(prefix);
      expect(stale.code).toBe(1);
      expect(stale.stderr).toMatch(/last heartbeat \d+ ms ago/);
    } finally {
      await beat.stop();
    }
    expect(await h.deps.redis.exists(heartbeatKey(prefix))).toBe(0);
    const stopped = await workerHealth(prefix);
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toContain("no heartbeat");
  }, 90_000); // four runs of the healthcheck command, each a fresh Node process
});
