import { api } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import * as attester from "../modules/attestations/attester.js";
import { appointedConfirmations } from "../modules/attestations/confirmers.js";
import * as guest from "../modules/attestations/guest.js";
import * as requests from "../modules/attestations/request.js";
import { verify } from "../modules/attestations/verify.js";
import { extractToken } from "../plugins/auth.js";
import * as policy from "../policies/attestations.js";
import { define, perMinute } from "./define.js";
import { withRetryAfter } from "./retry-after.js";

/**
 * Attestations (ADR 0028). The professional's calls take the session token; the attester's
 * (`attester: true` in the contract) take only the attestation's guest token, judged by the module.
 */
export function attestationRoutes(app: FastifyInstance, deps: Deps) {
  // Asking and reminding e-mail a third party: limited like the other calls that send e-mail.
  const emailing = { ...perMinute(10), policy: policy.request };
  define(app, deps, api.createAttestation, emailing, ({ caller, body }) =>
    requests.create(deps, caller.id, body),
  );
  define(app, deps, api.listAttestations, { policy: policy.read }, ({ caller, query }) =>
    requests.list(deps, caller.id, query),
  );
  define(app, deps, api.withdrawAttestation, { policy: policy.request }, ({ caller, params }) =>
    requests.withdraw(deps, caller.id, params.id),
  );
  define(app, deps, api.remindAttestation, emailing, ({ caller, params }) =>
    requests.remind(deps, caller.id, params.id),
  );

  define(
    app,
    deps,
    api.organisationConfirmations,
    { policy: policy.readAppointedConfirmations },
    ({ params, query }) => appointedConfirmations(deps, params.id, query),
  );

  define(app, deps, api.attestationLink, perMinute(30), ({ params }) => guest.link(deps, params.id));
  define(app, deps, api.attestationCode, perMinute(10), ({ params, body, request, reply }) =>
    withRetryAfter(reply, () => guest.code(deps, params.id, body.code, request.ip)),
  );
  define(app, deps, api.attestationView, {}, ({ params, request }) =>
    attester.view(deps, extractToken(request), params.id),
  );
  define(app, deps, api.signAttestation, perMinute(20), ({ params, body, request }) =>
    attester.sign(deps, extractToken(request), params.id, body, request.ip),
  );
  define(app, deps, api.declineAttestation, perMinute(20), ({ params, body, request }) =>
    attester.decline(deps, extractToken(request), params.id, body.reason),
  );
  define(app, deps, api.verifyAttestation, perMinute(30), ({ params, query }) =>
    verify(deps, params.id, query.hash),
  );
}
