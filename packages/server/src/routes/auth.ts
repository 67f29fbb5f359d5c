import { api } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import { LoginLocked } from "../modules/auth/login-limit.js";
import * as auth from "../modules/auth/service.js";
import { resendConfirmation } from "../modules/registration/service.js";
import { all, policies } from "../policies/index.js";
import { define, perMinute } from "./define.js";

export function authRoutes(app: FastifyInstance, deps: Deps) {
  define(
    app,
    deps,
    api.login,
    // Per address and e-mail here; per e-mail from any address in the service (login-limit.ts).
    perMinute(deps.config.loginRateLimit, "ip+email"),
    async ({ body, reply }) => {
      try {
        return await auth.login(deps, body.email, body.password, body.temporary ?? false, resendConfirmation);
      } catch (err) {
        if (err instanceof LoginLocked) reply.header("retry-after", String(err.retryAfterSeconds));
        throw err;
      }
    },
  );
  define(app, deps, api.changePassword, perMinute(10), ({ caller, body }) =>
    auth.changePassword(deps, caller.id, body.oldPassword, body.newPassword),
  );
  define(app, deps, api.logout, {}, async ({ caller }) => {
    await auth.logoutEverywhere(deps, caller.id);
    return {};
  });
  define(app, deps, api.requestReset, perMinute(5, "ip+email"), ({ body }) =>
    auth.requestReset(deps, body.email),
  );
  define(app, deps, api.completeReset, perMinute(10), ({ params, body }) =>
    auth.completeReset(deps, params.id, body.password),
  );
  // The QR screen polls every 2 s (30 a minute); allow a few screens behind one address.
  define(app, deps, api.createOtp, perMinute(30), () => auth.createOtp(deps));
  define(app, deps, api.otpLogin, perMinute(120), ({ body }) => auth.otpLogin(deps, body.token));
  define(app, deps, api.approveOtp, perMinute(30), ({ caller, body }) =>
    auth.approveOtp(deps, caller.id, body.token),
  );
  define(
    app,
    deps,
    api.impersonate,
    { policy: all(policies.admin, policies.notImpersonating) },
    ({ caller, query }) => auth.impersonate(deps, caller.id, query.user),
  );
}
