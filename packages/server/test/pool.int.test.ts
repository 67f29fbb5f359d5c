// The connection pool under load: parallel writes never deadlock, and a pool
// that really is exhausted answers 503 with Retry-After, never a 500 or a hang.
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import type { Deps } from "../src/deps.js";
import { ensurePlatformFeatures } from "../src/modules/shell/feature-defaults.js";
import { createResources } from "../src/resources.js";
import { call, createUser, testConfig } from "./harness.js";

const POOL_SIZE = 4;

let deps: Deps;
let app: Awaited<ReturnType<typeof buildApp>>;
let close: () => Promise<void>;

beforeAll(async () => {
  const res = await createResources({
    ...testConfig(),
    databasePoolSize: POOL_SIZE,
    databasePoolTimeoutMs: 2000,
  });
  close = res.close;
  await ensurePlatformFeatures(res.deps.prisma);
  deps = res.deps;
  app = await buildApp(deps);
});
afterAll(async () => {
  await app?.close();
  await close?.();
});

const diary = (n: number) => ({
  Field222: `Parallel entry ${n}`,
  DiaryDate: "2026-10-14",
  DiaryHours: "1",
  ActivityType: "Formal and educational",
  Field116: "Clinical Skills",
  Field113: "Written while the pool is busy",
});

describe("the connection pool", () => {
  it(`takes ${3 * POOL_SIZE} parallel diary writes by one user without a 5xx, and every 2xx is stored`, async () => {
    const u = await createUser(deps);
    const n = 3 * POOL_SIZE;
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        call(app, "POST", "/entries/diary", { token: u.token, body: diary(i) }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(n);
    const stored = await deps.prisma.entry.count({ where: { userId: u.id, type: "diary" } });
    expect(stored).toBe(n);
    // The health check still answers: no connection was leaked.
    expect((await call(app, "GET", "/health")).status).toBe(200);
  });

  it("answers 503 with Retry-After and the envelope when no connection frees up in time", async () => {
    const u = await createUser(deps);
    const held: pg.PoolClient[] = [];
    const small = await createResources({ ...testConfig(), databasePoolSize: 1, databasePoolTimeoutMs: 300 });
    const smallApp = await buildApp(small.deps);
    try {
      held.push(await small.deps.pool.connect());
      const started = Date.now();
      const res = await call(smallApp, "GET", "/profile", { token: u.token });
      expect(res.status).toBe(503);
      expect(res.res.headers["retry-after"]).toBe("1");
      expect(res.body).toMatchObject({ statusCode: 503, code: "SERVICE_UNAVAILABLE" });
      // After the pool's 300 ms timeout, not stuck until the test's 30 s timeout (a deadlock would
      // be): the bound is wide because a loaded 2-core CI machine has taken seconds here.
      expect(Date.now() - started).toBeLessThan(10_000);
      // A write inside a transaction fails the same way, and stores nothing.
      const write = await call(smallApp, "POST", "/entries/diary", { token: u.token, body: diary(0) });
      expect(write.status).toBe(503);
    } finally {
      for (const c of held) c.release();
      await smallApp.close();
      await small.close();
    }
    expect(await deps.prisma.entry.count({ where: { userId: u.id } })).toBe(0);
  });
});
