import { api, LOGO_MESSAGES } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import { activityLog } from "../modules/admin/activity.js";
import { certificates } from "../modules/admin/certificates.js";
import { groupMembers, memberGroups } from "../modules/admin/member-groups.js";
import * as records from "../modules/admin/membership-records.js";
import * as organisations from "../modules/admin/organisations.js";
import { overview } from "../modules/admin/overview.js";
import * as auth from "../modules/auth/service.js";
import * as moderation from "../modules/shared-cpd/moderation.js";
import { adminScreen } from "../policies/organisations.js";
import { define, perMinute } from "./define.js";

const screen = (s: Parameters<typeof adminScreen>[0]) => ({ policy: adminScreen(s) });

/** The administrator's area: membership records, organisations, the activity log, the overview, shared CPD moderation, certificates, member groups and impersonation (REQ-ADMIN-01, REQ-ADMIN-02). */
export function adminRoutes(app: FastifyInstance, deps: Deps) {
  define(app, deps, api.searchMembershipRecords, screen("memberships"), ({ query }) =>
    records.search(deps, query),
  );
  define(app, deps, api.getMembershipRecord, screen("memberships"), ({ params }) =>
    records.get(deps, params.id),
  );
  define(app, deps, api.createMembershipRecord, screen("memberships"), ({ caller, body }) =>
    records.create(deps, caller, body),
  );
  define(app, deps, api.updateMembershipRecord, screen("memberships"), ({ caller, params, body }) =>
    records.update(deps, caller, params.id, body),
  );
  define(
    app,
    deps,
    api.importMembershipRecords,
    { ...screen("memberships"), ...perMinute(10) },
    ({ caller, body }) => records.importRecords(deps, caller, body),
  );

  define(app, deps, api.activityLog, screen("activityLog"), ({ params, query }) =>
    activityLog(deps, params, query),
  );
  define(app, deps, api.adminOverview, screen("overview"), ({ caller }) => overview(deps, caller.id));

  define(app, deps, api.adminOrganisations, screen("organisations"), ({ params, query }) =>
    organisations.list(deps, params, query),
  );
  define(app, deps, api.getAdminOrganisation, screen("organisations"), ({ params }) =>
    organisations.get(deps, params.id),
  );
  define(app, deps, api.createOrganisation, screen("organisations"), ({ caller, body }) =>
    organisations.create(deps, caller, body),
  );
  define(app, deps, api.configureOrganisation, screen("organisations"), ({ caller, params, body }) =>
    organisations.configure(deps, caller, params.id, body),
  );
  define(
    app,
    deps,
    api.uploadOrganisationLogo,
    {
      ...screen("organisations"),
      tooLargeMessage: LOGO_MESSAGES.tooLarge,
      mediaTypeMessage: LOGO_MESSAGES.type,
    },
    ({ caller, params, body }) => organisations.uploadLogo(deps, caller, params.id, params.kind, body),
  );

  define(app, deps, api.moderatedShares, screen("sharedCpd"), ({ params, query }) =>
    moderation.list(deps, { organisationId: null }, params, query),
  );
  define(app, deps, api.hideShare, screen("sharedCpd"), ({ caller, params, body }) =>
    moderation.hide(deps, caller, params.id, body),
  );
  define(app, deps, api.restoreShare, screen("sharedCpd"), ({ caller, params }) =>
    moderation.restore(deps, caller, params.id),
  );
  define(app, deps, api.recategoriseShare, screen("sharedCpd"), ({ caller, params, body }) =>
    moderation.recategorise(deps, caller, params.id, body),
  );
  define(app, deps, api.adminCertificates, screen("certificates"), ({ params, query }) =>
    certificates(deps, { organisationId: null }, params, query),
  );
  define(app, deps, api.memberGroups, screen("memberGroups"), () => memberGroups(deps));
  define(app, deps, api.memberGroupMembers, screen("memberGroups"), ({ params, query }) =>
    groupMembers(deps, params, query),
  );

  // Any signed-in session may ask whether it is an impersonation (the SPA's banner).
  define(app, deps, api.impersonation, {}, ({ caller }) => auth.impersonation(deps, caller));
  define(app, deps, api.endImpersonation, perMinute(10), ({ caller }) => auth.endImpersonation(deps, caller));
}
