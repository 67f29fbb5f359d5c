// Read replicas (docs/decisions/0032-read-replicas.md) against a real streaming standby: which
// reads it answers, read-your-writes, a lagging replica, and a replica that is down or hung.
// Needs TEST_DATABASE_READ_URL, a hot standby of DATABASE_URL's cluster (./scripts/test starts
// one; locally: scripts/lib/replica.sh). Replay is paused on it to make its answers visibly stale.
import net from "node:net";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import pino from "pino";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { buildApp } from "../src/app.js";
import { portfolioHandler } from "../src/jobs/handlers/portfolio.js";
import { todayInLondon } from "../src/lib/dates.js";
import { createReplicaDb } from "../src/lib/db.js";
import { type ReadOptions, ReadRouter, WROTE_TTL_MS } from "../src/lib/read-db.js";
import { useDeadPorts } from "./dead-ports.js";
import { diary, diaryForm, portfolioRequest } from "./factories.js";
import { call, createUser, jobContext, randomIp, type TestUser, useApp } from "./harness.js";

const READ_URL = process.env.TEST_DATABASE_READ_URL;
if (!READ_URL) {
  throw new Error(
    "TEST_DATABASE_READ_URL is unset: these tests need a streaming replica of DATABASE_URL's cluster " +
      "(./scripts/test starts one; locally: scripts/lib/replica.sh start-pair DIR 5434 5435, see ADR 0032).",
  );
}

const h = useApp({ config: { databaseReadUrl: READ_URL } });
/** The test's own connection to the replica, to pause and resume replay. */
const standby = new pg.Pool({ connectionString: READ_URL, max: 2 });
const today = todayInLondon();
const silentLog = pino({ level: "silent" });

let paused = false;
async function pauseReplay() {
  await caughtUp();
  await standby.query("SELECT pg_wal_replay_pause()");
  paused = true;
}
async function resumeReplay() {
  await standby.query("SELECT pg_wal_replay_resume()");
  paused = false;
}

/** Waits until the replica has replayed everything the primary has committed so far. */
async function caughtUp() {
  const { rows } = await h.deps.pool.query<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn");
  await vi.waitFor(
    async () => {
      const r = await standby.query<{ ok: boolean }>({
        text: "SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok",
        values: [rows[0]?.lsn],
      });
      expect(r.rows[0]?.ok).toBe(true);
    },
    { timeout: 15_000, interval: 50 },
  );
}

/** An entry of `u`'s written straight to the primary (not through the API: no read-your-writes note). */
const directEntry = (u: TestUser, title: string) =>
  h.deps.prisma.entry.create({
    data: { userId: u.id, type: "diary", title, date: new Date(`${today}T00:00:00Z`), hours: 1 },
  });

/** A new user with one entry the standby has and, replay then paused, one it has not. */
async function userAcrossPause() {
  const u = await createUser(h.deps);
  await directEntry(u, "Before the pause");
  await pauseReplay();
  await directEntry(u, "Written while replay is paused");
  return u;
}

const titles = async (app: FastifyInstance, u: TestUser) => {
  const res = await call(app, "GET", "/entries/limit/10/page/1", { token: u.token });
  expect(res.status).toBe(200);
  return (res.body.items as { title: string }[]).map((i) => i.title).sort();
};

/** Which server a read by `u` runs on under `router`: true = the standby. */
const onStandby = async (router: ReadRouter, u: TestUser) =>
  router.run({ userId: u.id }, async (db) => {
    const { rows } = await db.pool.query<{ r: boolean }>("SELECT pg_is_in_recovery() AS r");
    return rows[0]?.r;
  });

const routerWith = (replicaUrl: string | null, opts: Partial<ReadOptions> = {}) => {
  const replica = replicaUrl ? createReplicaDb(replicaUrl, 2) : null;
  const router = new ReadRouter(
    h.deps.reads.primary,
    replica,
    h.deps.redis,
    h.deps.config.redisPrefix,
    silentLog,
    opts,
  );
  return { router, close: async () => replica?.pool.end() };
};

/** An app like the test's own, reading through `router`. */
async function appWith(router: ReadRouter, run: (app: FastifyInstance) => Promise<void>) {
  const app = await buildApp({ ...h.deps, reads: router });
  await app.ready();
  try {
    await run(app);
  } finally {
    await app.close();
  }
}

afterEach(async () => {
  if (paused) await resumeReplay();
});
afterAll(async () => {
  await standby.end();
});

describe("the replica is a hot standby of the test database", () => {
  it("is in recovery and streams from the primary", async () => {
    const { rows } = await standby.query<{ r: boolean; db: string }>(
      "SELECT pg_is_in_recovery() AS r, current_database() AS db",
    );
    expect(rows[0]).toEqual({ r: true, db: new URL(h.deps.config.databaseUrl).pathname.slice(1) });
  });
});

describe("routing heavy reads", () => {
  // The app's own wiring (createResources), but a lag window of a minute: on a loaded machine the
  // steps below may take longer than MAX_LAG_MS while replay is paused (tested apart below).
  const patient = () => routerWith(READ_URL, { maxLagMs: 60_000 });

  it("answers a caller who has not written from the replica: its stale answer shows", async () => {
    const { router, close } = patient();
    try {
      const u = await userAcrossPause();
      await appWith(router, async (app) => {
        // The entries list and statistics of a caller with no recent write: the standby's view.
        expect(await titles(app, u)).toEqual(["Before the pause"]);
        const stats = await call(app, "GET", "/statistics/12", { token: u.token });
        expect(stats.status).toBe(200);
        expect(stats.body.totalEntries).toBe(1);
        expect(await onStandby(router, u)).toBe(true);
        await resumeReplay();
        await caughtUp();
        expect(await titles(app, u)).toEqual(["Before the pause", "Written while replay is paused"]);
      });
    } finally {
      await close();
    }
  });

  it("answers a caller who has just saved from the primary: they see their own entry", async () => {
    const { router, close } = patient();
    try {
      const u = await createUser(h.deps);
      const other = await createUser(h.deps);
      await directEntry(other, "Before the pause");
      await pauseReplay();
      await directEntry(other, "Written while replay is paused");
      await appWith(router, async (app) => {
        const saved = await call(app, "POST", "/entries/diary", {
          token: u.token,
          body: diaryForm({ Field222: "Saved through the API" }),
        });
        expect(saved.status).toBe(200);
        // The save noted the write in Redis for WROTE_TTL_MS, for every API process to see.
        const ttl = await h.deps.redis.pttl(`${h.deps.config.redisPrefix}:wrote:${u.id}`);
        expect(ttl).toBeGreaterThan(0);
        expect(ttl).toBeLessThanOrEqual(WROTE_TTL_MS);
        expect(await titles(app, u)).toEqual(["Saved through the API"]);
        const stats = await call(app, "GET", "/statistics/12", { token: u.token });
        expect(stats.body.totalEntries).toBe(1);
        expect(await onStandby(router, u)).toBe(false);
        // Someone else, who has not written, still reads the replica meanwhile.
        expect(await titles(app, other)).toEqual(["Before the pause"]);
      });
    } finally {
      await close();
    }
  });

  it("does not note a refused change or a read", async () => {
    const u = await createUser(h.deps);
    const refused = await call(h.app, "POST", "/entries/diary", { token: u.token, body: { Field222: "" } });
    expect(refused.status).toBe(400);
    await call(h.app, "GET", "/entries/limit/10/page/1", { token: u.token });
    expect(await h.deps.redis.exists(`${h.deps.config.redisPrefix}:wrote:${u.id}`)).toBe(0);
  });
});

describe("a lagging replica", () => {
  it("is not read once its lag exceeds the window, and is read again once it catches up", async () => {
    // A window of 300 ms instead of MAX_LAG_MS, so the test does not wait seconds.
    const { router, close } = routerWith(READ_URL, { maxLagMs: 300, sampleEveryMs: 50 });
    try {
      const u = await userAcrossPause();
      await appWith(router, async (app) => {
        await vi.waitFor(async () => expect(await onStandby(router, u)).toBe(false), {
          timeout: 10_000,
          interval: 50,
        });
        expect(await titles(app, u)).toEqual(["Before the pause", "Written while replay is paused"]);
        await resumeReplay();
        await vi.waitFor(async () => expect(await onStandby(router, u)).toBe(true), {
          timeout: 10_000,
          interval: 50,
        });
        expect(await titles(app, u)).toEqual(["Before the pause", "Written while replay is paused"]);
      });
    } finally {
      await close();
    }
  });
});

describe("fenced reads (the worker's portfolio load)", () => {
  it("read the replica only once it holds everything committed before the read", async () => {
    const u = await createUser(h.deps);
    await caughtUp();
    expect(await h.deps.reads.run("fenced", async (db) => db === h.deps.reads.replica)).toBe(true);
    await pauseReplay();
    await directEntry(u, "Not replayed yet");
    expect(await h.deps.reads.run("fenced", async (db) => db === h.deps.reads.replica)).toBe(false);
  });
});

describe("the worker's portfolio load", () => {
  it("runs on the replica once it has caught up, and the portfolio completes", async () => {
    const u = await createUser(h.deps);
    const first = await diary(h, u, { Field222: "First on the replica" });
    const second = await diary(h, u, { Field222: "Second on the replica" });
    const req = await call(h.app, "POST", "/portfolio/v2/download", {
      token: u.token,
      ip: randomIp(),
      body: portfolioRequest({ include: ["FRONT_PAGE", "CPD_INFOGRAPHIC"], diaryEntries: [first, second] }),
    });
    expect(req.status, JSON.stringify(req.body)).toBe(200);
    const replica = h.deps.reads.replica;
    if (!replica) throw new Error("the app has no replica");
    // The statements the standby ran for the job, beside the fence's own position check.
    const query = vi.spyOn(replica.pool, "query");
    let texts: string[] = [];
    try {
      await portfolioHandler.handle(
        { portfolioId: req.body.uuid },
        { ...jobContext(h), reads: h.deps.reads, jobId: req.body.uuid },
      );
      texts = query.mock.calls.map(([q]) => (typeof q === "string" ? q : (q as { text: string }).text));
    } finally {
      query.mockRestore();
    }
    expect(texts.filter((t) => /pg_last_wal_replay_lsn/.test(t)).length).toBeGreaterThan(0);
    expect(texts.filter((t) => /"entries"|FROM entries/i.test(t)).length).toBeGreaterThan(0);
    const row = await h.deps.prisma.portfolioRequest.findUniqueOrThrow({ where: { id: req.body.uuid } });
    expect(row.state).toBe("Completed");
    expect(row.pageCount).toBeGreaterThan(1);
  });
});

describe("a replica that is down or hung", () => {
  const dead = useDeadPorts();

  for (const [kind, port, check] of [
    ["refuses connections", () => dead.closed, "failed"],
    ["never answers", () => dead.silent, "timeout"],
  ] as const) {
    it(`${kind}: reads answer 200 from the primary and readiness says degraded, still 200`, async () => {
      const { router, close } = routerWith(`postgresql://postgres@127.0.0.1:${port()}/cpd_it`);
      try {
        const u = await createUser(h.deps);
        await directEntry(u, "On the primary");
        await appWith(router, async (app) => {
          expect(await titles(app, u)).toEqual(["On the primary"]);
          for (const path of ["/statistics/12", "/graphs/12"]) {
            const res = await call(app, "GET", path, { token: u.token });
            expect(res.status, path).toBe(200);
          }
          const started = Date.now();
          expect(await titles(app, u)).toEqual(["On the primary"]);
          // Marked down: the next read does not wait for the replica again.
          expect(Date.now() - started).toBeLessThan(500);
          const ready = await call(app, "GET", "/health/ready");
          expect(ready.status).toBe(200);
          expect(ready.body).toEqual({
            status: "degraded",
            checks: { postgres: "ok", redis: "ok", s3: "ok", replica: check },
          });
        });
      } finally {
        await close();
      }
    });
  }

  it("goes away between the lag sample and the read: the read is run again on the primary", async () => {
    // The replica behind a TCP relay the test can cut, with the lag sample kept for a minute so
    // the router still thinks it usable when the read goes to it.
    const replicaPort = Number(new URL(READ_URL).port || 5432);
    const links = new Set<net.Socket>();
    const relay = net.createServer((client) => {
      const upstream = net.connect(replicaPort, "127.0.0.1");
      for (const s of [client, upstream]) {
        links.add(s);
        s.on("error", () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((r) => relay.listen(0, "127.0.0.1", r));
    const relayUrl = new URL(READ_URL);
    relayUrl.port = String((relay.address() as net.AddressInfo).port);
    const { router, close } = routerWith(relayUrl.toString(), { sampleEveryMs: 60_000 });
    try {
      const u = await createUser(h.deps);
      await directEntry(u, "On both");
      await caughtUp();
      await appWith(router, async (app) => {
        expect(await onStandby(router, u)).toBe(true);
        const closed = new Promise((r) => relay.close(r));
        for (const s of links) s.destroy();
        await closed;
        expect(await titles(app, u)).toEqual(["On both"]);
        expect(await onStandby(router, u)).toBe(false);
      });
    } finally {
      await close();
    }
  });

  it("readiness reports the replica ok when it answers", async () => {
    await call(h.app, "GET", "/health/ready"); // the first probe opens the connections
    const res = await call(h.app, "GET", "/health/ready");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: "ok",
      checks: { postgres: "ok", redis: "ok", s3: "ok", replica: "ok" },
    });
  });
});
