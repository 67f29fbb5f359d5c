// Healthcheck of the worker container: exits 0 only when this host's worker wrote its heartbeat
// within HEARTBEAT_MAX_AGE_MS. Reads REDIS_URL and REDIS_PREFIX only, so it needs no secrets.
// Run: node dist/worker-health.js (image: `cpd-entrypoint worker-health`).
import { Redis } from "ioredis";
import { HEARTBEAT_MAX_AGE_MS, heartbeatAge } from "./lib/heartbeat.js";

const url = process.env.REDIS_URL || "redis://127.0.0.1:6379/0";
const prefix = process.env.REDIS_PREFIX || "cpd";
const redis = new Redis(url, {
  lazyConnect: true,
  connectTimeout: 2_000,
  maxRetriesPerRequest: 0,
  enableOfflineQueue: false,
});

let code = 1;
try {
  await redis.connect();
  const age = await heartbeatAge(redis, prefix);
  if (age === null) console.error("worker unhealthy: no heartbeat");
  else if (age > HEARTBEAT_MAX_AGE_MS) console.error(`worker unhealthy: last heartbeat ${age} ms ago`);
  else code = 0;
} catch (err) {
  console.error(`worker unhealthy: ${(err as Error).message}`);
} finally {
  redis.disconnect();
}
process.exit(code);
