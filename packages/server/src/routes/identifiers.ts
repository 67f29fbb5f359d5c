import { api } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import * as identifiers from "../modules/identifiers/service.js";
import { identifiers as policy } from "../policies/index.js";
import { define, perMinute } from "./define.js";

/** The patient-identifier check for integrators (REQ-IDENT-04). */
export function identifierRoutes(app: FastifyInstance, deps: Deps) {
  // Like the other signed-in calls that take free text: 60 a minute per address.
  define(app, deps, api.scanIdentifiers, { ...perMinute(60), policy: policy.scan }, ({ caller, body }) =>
    identifiers.scanText(deps, caller.id, body.text),
  );
}
