import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";

/** The administrator's area: membership records, organisations, the activity log, the overview and impersonation (spec 3 §1, §7). */
export function adminRoutes(_app: FastifyInstance, _deps: Deps) {}
