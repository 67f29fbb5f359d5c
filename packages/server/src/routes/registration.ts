// Registration, e-mail confirmation and onboarding by link (REQ-AUTH-04, REQ-AUTH-05). Public calls.
import { api } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import { completeOnboarding, getOnboarding } from "../modules/registration/onboarding.js";
import * as registration from "../modules/registration/service.js";
import { define, perMinute } from "./define.js";

export function registrationRoutes(app: FastifyInstance, deps: Deps) {
  define(app, deps, api.captchaSettings, {}, () => {
    const c = deps.config.captcha;
    return { enabled: c !== null, siteKey: c?.siteKey || null, scriptUrl: c?.scriptUrl ?? null };
  });
  define(app, deps, api.register, perMinute(5), ({ body, request }) =>
    registration.register(deps, body, request.ip),
  );
  define(app, deps, api.validateEmail, perMinute(20), ({ body }) =>
    registration.validateEmail(deps, body.email),
  );
  define(app, deps, api.confirmEmail, perMinute(10), ({ params }) =>
    registration.confirmEmail(deps, params.id),
  );
  define(app, deps, api.getOnboarding, perMinute(20), ({ params }) => getOnboarding(deps, params.id));
  define(app, deps, api.completeOnboarding, perMinute(10), ({ params, body }) =>
    completeOnboarding(deps, params.id, body.password, body.governingBody),
  );
}
