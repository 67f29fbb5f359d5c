import { api } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import { applyMembershipEvent, verifyWebhook } from "../modules/membership/service.js";
import { define } from "./define.js";

export function membershipRoutes(app: FastifyInstance, deps: Deps) {
  define(
    app,
    deps,
    api.membershipWebhook,
    { rawJson: { verify: (raw, request) => verifyWebhook(deps, raw, request.headers) } },
    ({ body }) => applyMembershipEvent(deps, body),
  );
}
