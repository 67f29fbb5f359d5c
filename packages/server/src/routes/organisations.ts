import { api } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import { certificates } from "../modules/admin/certificates.js";
import { contentDisposition } from "../modules/files/sniff.js";
import * as organisations from "../modules/organisations/service.js";
import * as moderation from "../modules/shared-cpd/moderation.js";
import { managerOrAdmin, requireOrganisation } from "../policies/organisations.js";
import { define, perMinute } from "./define.js";

const manager = { policy: managerOrAdmin };

/** The organisation manager's area: organisations, the users report and its CSV, adding and importing users, analytics (spec 3 §1, §7). */
export function organisationRoutes(app: FastifyInstance, deps: Deps) {
  define(app, deps, api.listOrganisations, manager, ({ caller, query }) =>
    organisations.listOrganisations(deps, caller, query),
  );
  define(app, deps, api.organisationUsers, manager, ({ caller, params, query }) => {
    requireOrganisation(caller, params.id);
    return organisations.usersReport(deps, params.id, params, query);
  });
  define(app, deps, api.addOrganisationUser, { ...manager, ...perMinute(30) }, ({ caller, params, body }) => {
    requireOrganisation(caller, params.id);
    return organisations.addUser(deps, caller, params.id, body);
  });
  define(app, deps, api.bulkImportUsers, { ...manager, ...perMinute(10) }, ({ caller, params, body }) => {
    requireOrganisation(caller, params.id);
    return organisations.bulkImport(deps, caller, params.id, body.users);
  });
  define(
    app,
    deps,
    api.organisationUsersCsv,
    { ...manager, ...perMinute(10) },
    async ({ caller, params, query, reply }) => {
      requireOrganisation(caller, params.id);
      const csv = await organisations.usersCsv(deps, params.id, query.from, query.to);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", contentDisposition(csv.filename, false))
        .header("cache-control", "private, no-store")
        .send(csv.body);
    },
  );
  define(app, deps, api.organisationAnalytics, manager, ({ caller, params, query }) => {
    requireOrganisation(caller, params.id);
    return organisations.analytics(deps, caller, params.id, query);
  });
  define(app, deps, api.organisationCertificates, manager, ({ caller, params, query }) => {
    requireOrganisation(caller, params.id);
    return certificates(deps, { organisationId: params.id }, params, query);
  });
  define(app, deps, api.organisationShares, manager, ({ caller, params, query }) => {
    requireOrganisation(caller, params.id);
    return moderation.list(deps, { organisationId: params.id }, params, query);
  });
}
