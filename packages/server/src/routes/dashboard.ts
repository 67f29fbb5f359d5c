import { api } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import * as clinical from "../modules/clinical-skills/service.js";
import * as stats from "../modules/statistics/service.js";
import { define, perMinute } from "./define.js";

export function dashboardRoutes(app: FastifyInstance, deps: Deps) {
  define(app, deps, api.statistics, {}, ({ caller, params, query }) =>
    stats.statistics(deps, caller.id, params.period, query),
  );
  define(app, deps, api.monthlyStatistics, {}, ({ caller }) => stats.monthly(deps, caller.id));
  define(app, deps, api.graphs, {}, ({ caller, params, query }) =>
    stats.graphs(deps, caller.id, params.period, query),
  );
  define(app, deps, api.governingBodyGraphs, {}, ({ caller, params, query }) =>
    stats.governingBodyGraphs(deps, caller.id, params.period, query),
  );
  define(app, deps, api.formFieldGraph, {}, ({ caller, params, query }) =>
    stats.formFieldGraph(deps, caller.id, params.formId, params.fieldId, query),
  );

  define(app, deps, api.clinicalSkillsLinkStatus, {}, ({ caller }) => clinical.linkStatus(deps, caller.id));
  define(app, deps, api.linkClinicalSkills, perMinute(10), ({ caller, body }) =>
    clinical.link(deps, caller.id, body.emailAddress, body.password),
  );
  define(app, deps, api.clinicalSkillsStatistics, {}, ({ caller }) => clinical.statistics(deps, caller.id));
}
