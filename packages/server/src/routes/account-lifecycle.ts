import { api } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import * as deletion from "../modules/account-deletion/service.js";
import * as accountExport from "../modules/export/service.js";
import { contentDisposition } from "../modules/files/sniff.js";
import { policies } from "../policies/index.js";
import { define, perMinute } from "./define.js";

export function accountLifecycleRoutes(app: FastifyInstance, deps: Deps) {
  scheduledDeletionRoutes(app, deps);
}

/** Scheduled deletion of one's own account (REQ-ACCOUNT-01); an administrator acting as the user may not. */
function scheduledDeletionRoutes(app: FastifyInstance, deps: Deps) {
  define(app, deps, api.getScheduledDeletion, {}, ({ caller }) =>
    deletion.getScheduledDeletion(deps, caller.id),
  );
  define(app, deps, api.scheduleDeletion, { policy: policies.notImpersonating }, ({ caller, query }) =>
    deletion.scheduleDeletion(deps, caller.id, query),
  );
  define(app, deps, api.cancelScheduledDeletion, { policy: policies.notImpersonating }, ({ caller }) =>
    deletion.cancelScheduledDeletion(deps, caller.id),
  );
}

/** Whole-record export (REQ-ACCOUNT-04): ask for the ZIP, download a finished one (own only). */
export function accountExportRoutes(app: FastifyInstance, deps: Deps) {
  // An administrator acting as the user does not take their whole record away.
  const own = { policy: policies.notImpersonating };
  define(app, deps, api.requestExport, { ...perMinute(2), ...own }, ({ caller }) =>
    accountExport.requestExport(deps, caller.id),
  );
  define(app, deps, api.downloadExport, own, async ({ caller, params, reply }) => {
    const file = await accountExport.openExport(deps, caller.id, params.id);
    return reply
      .header("content-type", "application/zip")
      .header("content-length", file.size)
      .header(
        "content-disposition",
        contentDisposition(`cpd-export-${file.completedAt.toISOString().slice(0, 10)}.zip`, false),
      )
      .header("cache-control", "private, no-store")
      .header("x-content-type-options", "nosniff")
      .send(file.body);
  });
}
