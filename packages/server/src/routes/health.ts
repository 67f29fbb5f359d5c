// Health for orchestrators (docker compose, Kubernetes): liveness does no I/O, so a slow
// database never gets a healthy process restarted; readiness probes PostgreSQL, Redis and S3
// (and the read replica, if any) in parallel, each bounded, so the answer comes within about a
// second whatever is down.
import { api } from "@cpd/contract";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Deps } from "../deps.js";
import { define } from "./define.js";

export const PROBE_TIMEOUT_MS = 1_000;

type Check = "ok" | "failed" | "timeout";

/** Runs one probe: "timeout" when it has not settled within `ms` (its signal is then aborted). */
async function probe(fn: (signal: AbortSignal) => Promise<unknown>, ms = PROBE_TIMEOUT_MS): Promise<Check> {
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<Check>((resolve) => {
    timer = setTimeout(() => {
      abort.abort();
      resolve("timeout");
    }, ms);
  });
  const settled = fn(abort.signal).then(
    (): Check => "ok",
    (): Check => "failed",
  );
  try {
    return await Promise.race([settled, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `ok` is whether this process can serve (503 takes it out of the load balancer). The read
 * replica, when configured, is checked too but never takes the API out of service: its reads fall
 * back to the primary (ADR 0032), so a failed replica answers 200 with status "degraded".
 */
async function readiness(deps: Pick<Deps, "pool" | "redis" | "storage" | "reads">) {
  const [postgres, redis, s3, replica] = await Promise.all([
    probe(() => deps.pool.query("SELECT 1")),
    probe(() => deps.redis.ping()),
    probe((signal) => deps.storage.ping(signal)),
    deps.reads.replicated ? probe(() => deps.reads.ping()) : null,
  ]);
  const checks = { postgres, redis, s3, ...(replica ? { replica } : {}) };
  const ok = postgres === "ok" && redis === "ok" && s3 === "ok";
  const healthy = ok && (replica ?? "ok") === "ok";
  return { ok, body: { status: healthy ? ("ok" as const) : ("degraded" as const), checks } };
}

export function healthRoutes(app: FastifyInstance, deps: Deps) {
  const ready = async (reply: FastifyReply) => {
    const { ok, body } = await readiness(deps);
    reply.code(ok ? 200 : 503).header("cache-control", "no-store");
    return reply.send(body);
  };
  define(app, deps, api.healthLive, {}, ({ reply }) => {
    reply.header("cache-control", "no-store");
    return { status: "ok" as const };
  });
  define(app, deps, api.healthReady, { responses: { 503: api.healthReady.response } }, ({ reply }) =>
    ready(reply),
  );
  // The original path answers as readiness: scripts and older probes wait on it.
  define(app, deps, api.health, { responses: { 503: api.health.response } }, ({ reply }) => ready(reply));
}
