import { api } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import { certificates } from "../modules/admin/certificates.js";
import { contentDisposition } from "../modules/files/sniff.js";
import * as organisations from "../modules/organisations/service.js";
import * as moderation from "../modules/shared-cpd/moderation.js";
import { all } from "../policies/index.js";
import { managerOrAdmin, managesOrganisationInPath } from "../policies/organisations.js";
import { define, perMinute } from "./define.js";
import { organisationSwitch } from "./feature-policy.js";

const manager = { policy: managerOrAdmin };
/** The calls under `/organisation/:id`: that organisation's managers and organisation administrators. */
const organisation = { policy: managesOrganisationInPath };

/** The organisation manager's area: organisations, the users report and its CSV, adding and importing users, analytics (REQ-ORG-01..04). */
export function organisationRoutes(app: FastifyInstance, deps: Deps) {
  define(app, deps, api.listOrganisations, manager, ({ caller, query }) =>
    organisations.listOrganisations(deps, caller, query),
  );
  define(app, deps, api.organisationUsers, organisation, ({ caller, params, query }) =>
    organisations.usersReport(deps, caller, params.id, params, query),
  );
  define(
    app,
    deps,
    api.addOrganisationUser,
    { ...organisation, ...perMinute(30) },
    ({ caller, params, body }) => organisations.addUser(deps, caller, params.id, body),
  );
  define(app, deps, api.bulkImportUsers, { ...organisation, ...perMinute(10) }, ({ caller, params, body }) =>
    organisations.bulkImport(deps, caller, params.id, body.users),
  );
  define(
    app,
    deps,
    api.organisationUsersCsv,
    { ...organisation, ...perMinute(10) },
    async ({ params, query, reply }) => {
      const csv = await organisations.usersCsv(deps, params.id, query.from, query.to);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", contentDisposition(csv.filename, false))
        .header("cache-control", "private, no-store")
        .send(csv.body);
    },
  );
  define(app, deps, api.organisationAnalytics, organisation, ({ caller, params, query }) =>
    organisations.analytics(deps, caller, params.id, query),
  );
  // Certificates and Shared CPD screens need the organisation's switch (ADR 0020).
  const switched = (name: "OrganisationCertificates" | "OrganisationSharedCPD") => ({
    policy: all(managesOrganisationInPath, organisationSwitch(name)),
  });
  define(app, deps, api.organisationCertificates, switched("OrganisationCertificates"), ({ params, query }) =>
    certificates(deps, { organisationId: params.id }, params, query),
  );
  define(app, deps, api.organisationShares, switched("OrganisationSharedCPD"), ({ params, query }) =>
    moderation.list(deps, { organisationId: params.id }, params, query),
  );
}
