import { api } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import * as fields from "../modules/additional-fields/service.js";
import * as reviews from "../modules/organisations/reviews.js";
import * as settings from "../modules/organisations/settings.js";
import { managerOrAdmin, requireOrganisation } from "../policies/organisations.js";
import { define, perMinute } from "./define.js";

const manager = { policy: managerOrAdmin };

/** An organisation's settings, lists, additional profile fields and annual reviews, and the member's side of them. */
export function organisationSettingsRoutes(app: FastifyInstance, deps: Deps) {
  define(app, deps, api.getOrganisationSettings, manager, ({ caller, params }) => {
    requireOrganisation(caller, params.id);
    return settings.getSettings(deps, params.id);
  });
  define(app, deps, api.putOrganisationSettings, manager, ({ caller, params, body }) => {
    requireOrganisation(caller, params.id);
    return settings.putSettings(deps, caller, params.id, body);
  });
  const lists = [
    ["tags", api.getOrganisationTags, api.putOrganisationTags],
    ["categories", api.getOrganisationCategories, api.putOrganisationCategories],
    ["arranged-in", api.getOrganisationArrangedIn, api.putOrganisationArrangedIn],
  ] as const;
  for (const [list, get, put] of lists) {
    define(app, deps, get, manager, ({ caller, params }) => {
      requireOrganisation(caller, params.id);
      return settings.getList(deps, params.id, list);
    });
    define(app, deps, put, manager, ({ caller, params, body }) => {
      requireOrganisation(caller, params.id);
      return settings.putList(deps, caller, params.id, list, body.tags);
    });
  }
  define(app, deps, api.getOrganisationAdditionalFields, manager, ({ caller, params }) => {
    requireOrganisation(caller, params.id);
    return fields.organisationFields(deps, params.id);
  });
  define(app, deps, api.putOrganisationAdditionalFields, manager, ({ caller, params, body }) => {
    requireOrganisation(caller, params.id);
    return fields.putOrganisationFields(deps, caller, params.id, body);
  });
  define(app, deps, api.additionalFields, {}, ({ caller }) => fields.myFields(deps, caller.id));
  define(app, deps, api.additionalFieldValues, {}, ({ caller }) => fields.myValues(deps, caller.id));
  define(app, deps, api.saveAdditionalFieldValues, perMinute(30), ({ caller, body }) =>
    fields.saveMyValues(deps, caller.id, body),
  );
  define(app, deps, api.createUserReview, { ...manager, ...perMinute(30) }, ({ caller, body }) =>
    reviews.recordReview(deps, caller, body),
  );
  define(app, deps, api.myReviews, {}, ({ caller, query }) =>
    reviews.myReviews(deps, caller.id, query.page, query.perPage),
  );
}
