import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";

/** The organisation manager's area: organisations, the users report and its CSV, adding and importing users, analytics (spec 3 §1, §7). */
export function organisationRoutes(_app: FastifyInstance, _deps: Deps) {}
