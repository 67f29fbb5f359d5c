// Revalidation (ADR 0026, REQ-REVAL-02..04): registrations, packs, progress, entry tags, records.
import { api } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import * as revalidation from "../modules/revalidation/service.js";
import { revalidation as policy } from "../policies/index.js";
import { define } from "./define.js";

export function revalidationRoutes(app: FastifyInstance, deps: Deps) {
  const read = { policy: policy.read };
  const write = { policy: policy.write };
  define(app, deps, api.getRegistrations, read, ({ caller }) =>
    revalidation.getRegistrations(deps, caller.id),
  );
  define(app, deps, api.putRegistrations, write, ({ caller, body }) =>
    revalidation.putRegistrations(deps, caller.id, body),
  );
  define(app, deps, api.revalidationPacks, read, () => revalidation.packs());
  define(app, deps, api.revalidation, read, ({ caller }) => revalidation.overview(deps, caller.id));
  define(app, deps, api.getEntryRevalidation, read, ({ caller, params }) =>
    revalidation.getEntryTags(deps, caller.id, params.id),
  );
  define(app, deps, api.putEntryRevalidation, write, ({ caller, params, body }) =>
    revalidation.putEntryTags(deps, caller.id, params.id, body),
  );
  define(app, deps, api.revalidationRecords, read, ({ caller, query }) =>
    revalidation.listRecords(deps, caller.id, query),
  );
  define(app, deps, api.createRevalidationRecord, write, ({ caller, body }) =>
    revalidation.createRecord(deps, caller.id, body),
  );
  define(app, deps, api.updateRevalidationRecord, write, ({ caller, params, body }) =>
    revalidation.updateRecord(deps, caller.id, params.id, body),
  );
  define(app, deps, api.deleteRevalidationRecord, write, ({ caller, params }) =>
    revalidation.deleteRecord(deps, caller.id, params.id),
  );
}
