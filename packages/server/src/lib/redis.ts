import { Redis } from "ioredis";

/** For request paths: fail fast instead of queueing commands while Redis is down. */
export const createRedis = (url: string) =>
  new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });

/** For BullMQ workers: blocking commands must never time out (BullMQ requirement). */
export const createWorkerRedis = (url: string) => new Redis(url, { maxRetriesPerRequest: null });
