import { api } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import { normaliseArrayQuery } from "../modules/hcpc-portal/rules.js";
import * as portal from "../modules/hcpc-portal/service.js";
import { define, perMinute } from "./define.js";
import { premium } from "./feature-policy.js";
import { sendPdf, sendStoredFile } from "./file-reply.js";

export function hcpcPortalRoutes(app: FastifyInstance, deps: Deps) {
  // The access link is e-mailed: limited like the other calls that send e-mail. The portal is
  // premium (REQ-MEMBER-04, ADR 0020).
  define(app, deps, api.requestHcpcAccess, { ...perMinute(5), policy: premium }, ({ caller, body }) =>
    portal.requestAccess(deps, caller.id, body.dateFrom, body.dateTo),
  );

  // The guest calls, in a scope of their own: REQ-API-01 sends lists as `entryId[]=…`,
  // and one value arrives as a string; both become the array the schemas want.
  app.register(async (scope) => {
    scope.addHook("preValidation", async (request) => {
      normaliseArrayQuery(request.query as Record<string, unknown>, ["entryId", "evidenceId"]);
    });
    define(scope, deps, api.hcpcInfo, {}, ({ params }) => portal.info(deps, params.id));
    define(scope, deps, api.hcpcSummary, {}, ({ params }) => portal.getSummary(deps, params.id));
    define(scope, deps, api.putHcpcSummary, {}, ({ params, body }) =>
      portal.putSummary(deps, params.id, body.summary),
    );
    define(scope, deps, api.hcpcStatement, {}, ({ params }) => portal.getStatement(deps, params.id));
    define(scope, deps, api.putHcpcStatement, {}, ({ params, body }) =>
      portal.putStatement(deps, params.id, body),
    );
    define(scope, deps, api.hcpcGaps, {}, ({ params }) => portal.getGaps(deps, params.id));
    define(scope, deps, api.putHcpcGaps, {}, ({ params, body }) =>
      portal.putGaps(deps, params.id, body.gaps),
    );
    define(scope, deps, api.hcpcEntries, {}, ({ params }) => portal.entries(deps, params.id));
    define(scope, deps, api.hcpcEvidence, {}, ({ params, query }) =>
      portal.evidence(deps, params.id, query.entryId),
    );
    define(scope, deps, api.hcpcEvidenceItem, {}, async ({ params, query, reply }) => {
      const f = await portal.openEvidence(deps, params.id, params.evidenceId);
      return sendStoredFile(reply, f, query.download === true);
    });
    // Rendering is CPU work: a few a minute per address is plenty for one person's wizard.
    define(scope, deps, api.hcpcEntriesPdf, perMinute(20), async ({ params, query, reply }) => {
      const { doc, filename } = await portal.entriesPdf(deps, params.id, query.entryId, query.evidenceId);
      return sendPdf(reply, doc, filename, { inline: !query.download });
    });
  });
}
