import { api } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import { actorOf } from "../modules/account/actor.js";
import * as portfolio from "../modules/portfolio/service.js";
import { policies } from "../policies/index.js";
import { define } from "./define.js";
import { premium } from "./feature-policy.js";
import { sendPdf } from "./file-reply.js";

export function portfolioRoutes(app: FastifyInstance, deps: Deps) {
  // The portfolio builder is premium (REQ-MEMBER-04, ADR 0020); the signed file link is its own credential.
  define(app, deps, api.requestPortfolio, { policy: premium }, ({ caller, body }) =>
    portfolio.requestPortfolio(deps, caller.id, body),
  );
  define(app, deps, api.portfolioStatus, { policy: premium }, ({ caller, params }) =>
    portfolio.portfolioStatus(deps, caller.id, params.id),
  );
  define(app, deps, api.portfolioFile, {}, async ({ params, query, reply }) => {
    const file = await portfolio.openPortfolioFile(deps, params.id, query.expires, query.signature);
    return sendPdf(reply, file.body, `CPD portfolio ${file.createdAt.toISOString().slice(0, 10)}.pdf`, {
      size: file.size,
    });
  });
  define(
    app,
    deps,
    api.reviewPortfolio,
    { policy: policies.organisationManager },
    async ({ caller, body, reply }) => {
      const file = await portfolio.reviewPortfolio(deps, await actorOf(deps, caller), body);
      return sendPdf(reply, file.body, file.filename, { size: file.size });
    },
  );
}
