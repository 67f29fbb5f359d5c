import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";

/** An organisation's settings, lists, additional profile fields and annual reviews, and the member's side of them. */
export function organisationSettingsRoutes(_app: FastifyInstance, _deps: Deps) {}
