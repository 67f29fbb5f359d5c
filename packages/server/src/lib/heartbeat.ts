// The worker has no port to probe, so it proves it is alive through Redis: every few seconds,
// while all its BullMQ workers run, it writes the time under a key naming its host (a container's
// hostname is its id) with a TTL. The healthcheck (worker-health.ts) reads the same key.
import { hostname } from "node:os";
import type { Redis } from "ioredis";

const HEARTBEAT_INTERVAL_MS = 5_000;
/** Older than this (three missed beats) and the worker counts as stuck. */
export const HEARTBEAT_MAX_AGE_MS = 15_000;

export const heartbeatKey = (prefix: string, host = hostname()) => `${prefix}:worker:heartbeat:${host}`;

/** Starts beating at once; `stop()` ends it and removes the key (a stopped worker is not healthy). */
export function startHeartbeat(
  redis: Redis,
  prefix: string,
  isRunning: () => boolean,
  opts: { intervalMs?: number; host?: string; now?: () => number } = {},
) {
  const key = heartbeatKey(prefix, opts.host);
  const intervalMs = opts.intervalMs ?? HEARTBEAT_INTERVAL_MS;
  const now = opts.now ?? Date.now;
  let busy = false;
  const beat = async () => {
    if (busy || !isRunning()) return;
    busy = true;
    try {
      await redis.set(key, String(now()), "PX", Math.max(HEARTBEAT_MAX_AGE_MS, intervalMs * 3));
    } catch {
      // Redis unreachable: the key expires and the healthcheck reports it.
    } finally {
      busy = false;
    }
  };
  void beat();
  const timer = setInterval(() => void beat(), intervalMs);
  timer.unref();
  return {
    key,
    beat,
    stop: async () => {
      clearInterval(timer);
      await redis.del(key).catch(() => undefined);
    },
  };
}

/** Fresh when the key holds a time no older than `maxAgeMs`. */
export async function heartbeatAge(redis: Redis, prefix: string, host = hostname(), now = Date.now()) {
  const value = await redis.get(heartbeatKey(prefix, host));
  if (value === null) return null;
  const at = Number(value);
  return Number.isFinite(at) ? now - at : null;
}
