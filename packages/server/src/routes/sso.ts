// Organisation single sign-on (modules/sso): browser navigations answered by redirects only.
import { api } from "@cpd/contract";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Deps } from "../deps.js";
import * as sso from "../modules/sso/service.js";
import { define, perMinute, type RouteExtras } from "./define.js";

const REDIRECT: RouteExtras["responses"] = {
  302: { description: "Redirect (Location header)", type: "null" },
};
/** Sign-ons per minute per address: each start stores a pending login for ten minutes. */
const limit = { ...perMinute(30), responses: REDIRECT };

function redirect(reply: FastifyReply, answer: sso.SsoAnswer) {
  if (answer.setCookie) reply.header("set-cookie", answer.setCookie);
  // A state, a code or a one-time token is in these URLs: not for caches nor for referrers.
  reply.header("cache-control", "no-store").header("referrer-policy", "no-referrer");
  return reply.redirect(answer.location, 302);
}

export function ssoRoutes(app: FastifyInstance, deps: Deps) {
  define(app, deps, api.loginSso, limit, async ({ query, reply }) => {
    redirect(reply, { location: await sso.ssoByKey(deps, query.referrer, query.redirectTo) });
    return undefined;
  });
  define(app, deps, api.externalLoginStart, limit, async ({ params, query, request, reply }) => {
    redirect(
      reply,
      await sso.startSso(deps, params.organisationId, query.redirect_to, request.headers.cookie),
    );
    return undefined;
  });
  define(app, deps, api.externalLoginProcess, limit, async ({ params, request, reply }) => {
    // The provider's parameters exactly as they came (openid-client validates the whole response).
    const rawQuery = request.url.includes("?") ? request.url.slice(request.url.indexOf("?") + 1) : "";
    redirect(reply, await sso.finishSso(deps, params.organisationId, rawQuery, request.headers.cookie));
    return undefined;
  });
}
