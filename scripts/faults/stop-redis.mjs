#!/usr/bin/env node
// Fault: stop Redis under use, then start it. Expected: reads keep working; a call that enqueues
// a job and a rate-limited call fail fast (within a few seconds) with a clear 503; after Redis is
// back everything works again without restarting any process.
import * as f from "./lib.mjs";

const PORT = 3975;
await f.guard("stop-redis", async () => {
  const db = await f.database();
  f.startApi(PORT);
  f.startWorker();
  const base = `http://127.0.0.1:${PORT}`;
  await f.waitHttp(`${base}/api/health/live`);
  const user = await f.createUser(db);
  const token = await f.login(base, user);
  await db.end();
  const auth = { authorization: `Bearer ${token}` };
  const read = () => fetch(`${base}/api/entries/limit/10/page/1`, { headers: auth });
  const portfolio = (line2) =>
    fetch(`${base}/api/portfolio/v2/download`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: f.portfolioBody([], line2),
    });
  const relogin = () =>
    fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: user.email, password: "wrong-password" }),
    });
  const timed = async (f) => {
    const t = Date.now();
    const res = await f();
    const body = await res.json().catch(() => ({}));
    return { status: res.status, code: body.code, ms: Date.now() - t };
  };

  // A different title each time: an identical request already queued would be answered from the
  // database (deduplicated) without touching Redis.
  let n = 0;
  const enqueue = () => portfolio(`Redis ${++n}`);
  const before = { read: await timed(read), enqueue: await timed(enqueue) };
  f.redisServer("stop");
  await f.sleep(500);
  const down = {
    read: await timed(read),
    enqueue: await timed(enqueue),
    rateLimited: await timed(relogin),
  };
  f.redisServer("start");
  let after;
  for (let i = 0; i < 40; i++) {
    await f.sleep(500);
    after = { read: await timed(read), enqueue: await timed(enqueue), rateLimited: await timed(relogin) };
    if (after.enqueue.status === 200 && after.rateLimited.status === 401) break;
  }
  const ok =
    before.read.status === 200 &&
    before.enqueue.status === 200 &&
    down.read.status === 200 &&
    down.enqueue.status === 503 &&
    down.enqueue.ms < 5_000 &&
    down.rateLimited.status === 503 &&
    down.rateLimited.ms < 5_000 &&
    after.read.status === 200 &&
    after.enqueue.status === 200 &&
    after.rateLimited.status === 401;
  await f.finish("stop-redis", ok, { before, down, after });
});
