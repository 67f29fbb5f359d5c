#!/usr/bin/env node
// Fault: stop PostgreSQL for a few seconds under a write load, then start it. Expected: every
// write acknowledged with 2xx is present afterwards; while it is down the API answers 503 (never
// 500, never a hang); once it is back the API recovers without being restarted.
import * as f from "./lib.mjs";

const PORT = 3970;
const CONNECTIONS = 8;
await f.guard("restart-postgres", async () => {
  let db = await f.database();
  f.startApi(PORT, { DATABASE_POOL_TIMEOUT_MS: "1000" });
  const base = `http://127.0.0.1:${PORT}`;
  await f.waitHttp(`${base}/api/health/live`);
  const token = await f.login(base, await f.createUser(db));
  await db.end();

  let done = false;
  const t0 = Date.now();
  const load = f.writeLoad(base, token, CONNECTIONS, () => done);
  await f.sleep(2_000);
  const downAt = Date.now() - t0;
  f.pgCluster("stop");
  await f.sleep(4_000);
  const upAt = Date.now() - t0;
  f.pgCluster("start");
  await f.waitHttp(`${base}/api/health/ready`, 60);
  const readyAt = Date.now() - t0;
  await f.sleep(3_000);
  done = true;
  const { acked, failed } = await load;

  db = await f.database();
  const missing = await f.lost(db, acked);
  await db.end();
  const statuses = [...new Set(failed.map((f) => f.status))];
  const ok =
    missing.length === 0 &&
    failed.every((f) => f.status === 503) &&
    acked.some((a) => a.at > readyAt) &&
    failed.some((f) => f.at >= downAt && f.at <= upAt + 1_000);
  await f.finish("restart-postgres", ok, {
    acknowledged: acked.length,
    lost: missing.length,
    failed: failed.length,
    failedStatuses: statuses,
    downMs: upAt - downAt,
    recoveredAfterStartMs: readyAt - upAt,
    acknowledgedAfterRecovery: acked.filter((a) => a.at > readyAt).length,
  });
});
