import { api } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import { define } from "./define.js";

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), ms).unref()),
  ]);

export function healthRoutes(app: FastifyInstance, deps: Deps) {
  define(app, deps, api.health, { responses: { 503: api.health.response } }, async ({ reply }) => {
    const probe = async (fn: () => Promise<unknown>) => {
      try {
        await within(fn(), 2_000);
        return "ok" as const;
      } catch {
        return "failed" as const;
      }
    };
    const checks = {
      postgres: await probe(() => deps.pool.query("SELECT 1")),
      redis: await probe(() => deps.redis.ping()),
      s3: await probe(() => deps.storage.ping()),
    };
    const ok = Object.values(checks).every((c) => c === "ok");
    reply.code(ok ? 200 : 503).header("cache-control", "no-store");
    return reply.send({ status: ok ? "ok" : "degraded", checks });
  });
}
