import { api, SHARED_CPD_CATEGORIES } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import * as shared from "../modules/shared-cpd/service.js";
import { define } from "./define.js";
import { feature } from "./feature-policy.js";

export function sharedCpdRoutes(app: FastifyInstance, deps: Deps) {
  const policy = feature("SharedCPD");
  define(app, deps, api.shareEntry, { policy }, ({ caller, query, body }) =>
    shared.share(deps, caller.id, query.entryId, body),
  );
  // Stopping sharing is always allowed, even after the feature is lost.
  define(app, deps, api.unshare, {}, ({ caller, params }) => shared.unshare(deps, caller.id, params.shareId));
  define(app, deps, api.listSharedCpd, { policy }, ({ caller, query, params }) =>
    shared.list(deps, caller.id, query, params.perPage, params.page),
  );
  define(app, deps, api.sharedCpdCategories, {}, () => [...SHARED_CPD_CATEGORIES]);
  define(app, deps, api.upvote, { policy }, ({ caller, params }) =>
    shared.vote(deps, caller.id, params.id, true),
  );
  define(app, deps, api.removeUpvote, { policy }, ({ caller, params }) =>
    shared.vote(deps, caller.id, params.id, false),
  );
}
