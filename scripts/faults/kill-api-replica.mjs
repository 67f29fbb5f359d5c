#!/usr/bin/env node
// Fault: kill -9 one of two API replicas under a write load through the proxy. Expected: the
// proxy routes around it at once; every write acknowledged with 2xx is in the database; the
// client sees at most the requests that were in flight on the killed replica fail.
import * as f from "./lib.mjs";

const PROXY = 3960;
const CONNECTIONS = 16;
await f.guard("kill-api-replica", async () => {
  const db = await f.database();
  const apis = [f.startApi(PROXY + 1), f.startApi(PROXY + 2)];
  await Promise.all([PROXY + 1, PROXY + 2].map((p) => f.waitHttp(`http://127.0.0.1:${p}/api/health/live`)));
  f.startProxy(PROXY, [PROXY + 1, PROXY + 2]);
  const base = `http://127.0.0.1:${PROXY}`;
  await f.waitHttp(`${base}/api/health/live`);
  const token = await f.login(base, await f.createUser(db));

  let done = false;
  let killedAt = 0;
  const t0 = Date.now();
  const load = f.writeLoad(base, token, CONNECTIONS, () => done);
  await f.sleep(2_500);
  killedAt = Date.now() - t0;
  await f.kill9(apis[0]);
  await f.sleep(3_500);
  done = true;
  const { acked, failed } = await load;

  const missing = await f.lost(db, acked);
  const afterKill = acked.filter((a) => a.at > killedAt + 500).length;
  await db.end();
  // Only requests already sent to the killed replica may fail: at most one per connection.
  const ok = missing.length === 0 && failed.length <= CONNECTIONS && afterKill > 0;
  await f.finish("kill-api-replica", ok, {
    acknowledged: acked.length,
    lost: missing.length,
    failed: failed.length,
    failedStatuses: [...new Set(failed.map((f) => f.status))],
    acknowledgedAfterKill: afterKill,
  });
});
