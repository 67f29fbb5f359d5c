import { api, type FeatureName } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import * as fields from "../modules/additional-fields/service.js";
import * as reviews from "../modules/organisations/reviews.js";
import * as settings from "../modules/organisations/settings.js";
import { features } from "../modules/shell/service.js";
import { requireSwitchedOn } from "../policies/feature-switches.js";
import type { Policy } from "../policies/index.js";
import { managerOrAdmin, managesOrganisationInPath } from "../policies/organisations.js";
import { define, perMinute } from "./define.js";

const manager = { policy: managerOrAdmin };
/** The calls under `/organisation/:id`: that organisation's managers and organisation administrators. */
const organisation = { policy: managesOrganisationInPath };
/** The member's side of a profile tab the SPA shows by the feature's switch: the same switch here. */
const switchedOn = (name: FeatureName): { policy: Policy } => ({
  policy: async (c, d) => requireSwitchedOn(await features(d, c.id), name),
});
const additional = switchedOn("ProfileTabAdditionalInformation");

/** An organisation's settings, lists, additional profile fields and annual reviews, and the member's side of them. */
export function organisationSettingsRoutes(app: FastifyInstance, deps: Deps) {
  define(app, deps, api.getOrganisationSettings, organisation, ({ params }) =>
    settings.getSettings(deps, params.id),
  );
  define(app, deps, api.putOrganisationSettings, organisation, ({ caller, params, body }) =>
    settings.putSettings(deps, caller, params.id, body),
  );
  const lists = [
    ["tags", api.getOrganisationTags, api.putOrganisationTags],
    ["categories", api.getOrganisationCategories, api.putOrganisationCategories],
    ["arranged-in", api.getOrganisationArrangedIn, api.putOrganisationArrangedIn],
  ] as const;
  for (const [list, get, put] of lists) {
    define(app, deps, get, organisation, ({ params }) => settings.getList(deps, params.id, list));
    define(app, deps, put, organisation, ({ caller, params, body }) =>
      settings.putList(deps, caller, params.id, list, body.tags),
    );
  }
  define(app, deps, api.getOrganisationAdditionalFields, organisation, ({ params }) =>
    fields.organisationFields(deps, params.id),
  );
  define(app, deps, api.putOrganisationAdditionalFields, organisation, ({ caller, params, body }) =>
    fields.putOrganisationFields(deps, caller, params.id, body),
  );
  define(app, deps, api.additionalFields, additional, ({ caller }) => fields.myFields(deps, caller.id));
  define(app, deps, api.additionalFieldValues, additional, ({ caller }) => fields.myValues(deps, caller.id));
  define(app, deps, api.saveAdditionalFieldValues, { ...additional, ...perMinute(30) }, ({ caller, body }) =>
    fields.saveMyValues(deps, caller.id, body),
  );
  define(app, deps, api.createUserReview, { ...manager, ...perMinute(30) }, ({ caller, body }) =>
    reviews.recordReview(deps, caller, body),
  );
  define(app, deps, api.myReviews, switchedOn("OrganisationUserReview"), ({ caller, query }) =>
    reviews.myReviews(deps, caller.id, query.page, query.perPage),
  );
}
