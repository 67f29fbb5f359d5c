import { api } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import * as emailChange from "../modules/contact/email-change.js";
import * as verification from "../modules/contact/verification.js";
import { policies } from "../policies/index.js";
import { define, perMinute } from "./define.js";
import { withRetryAfter } from "./retry-after.js";

/** Contact verification and change of e-mail (REQ-CONTACT-01, REQ-CONTACT-02). */
export function contactRoutes(app: FastifyInstance, deps: Deps) {
  // Sending codes costs texts and e-mails: the 30 s cooldown per user, and a limit per address.
  define(app, deps, api.startMobileVerification, perMinute(5), ({ caller, reply }) =>
    withRetryAfter(reply, () => verification.startMobileVerification(deps, caller.id)),
  );
  define(app, deps, api.startAlternativeEmailVerification, perMinute(5), ({ caller, reply }) =>
    withRetryAfter(reply, () => verification.startAlternativeEmailVerification(deps, caller.id)),
  );
  define(app, deps, api.completeMobileVerification, perMinute(10), ({ caller, body }) =>
    verification.completeVerification(deps, caller.id, "mobile", body.verificationCode),
  );
  define(app, deps, api.completeAlternativeEmailVerification, perMinute(10), ({ caller, body }) =>
    verification.completeVerification(deps, caller.id, "alternative-email", body.verificationCode),
  );

  // An administrator acting as the user may not move the account to another address.
  define(
    app,
    deps,
    api.requestEmailChange,
    { ...perMinute(5), policy: policies.notImpersonating },
    ({ caller, body }) => emailChange.requestEmailChange(deps, caller.id, body.emailAddress),
  );
  define(app, deps, api.confirmEmailChange, perMinute(10), ({ params }) =>
    emailChange.confirmEmailChange(deps, params.token),
  );
  define(app, deps, api.emailChangeHistory, {}, ({ caller, query }) =>
    emailChange.emailChangeHistory(deps, caller.id, query.page),
  );
}
