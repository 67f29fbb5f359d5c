// Revalidation submission packs (REQ-SUBMIT-01..06): request, poll, and the signed file link.
import { api } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import * as submission from "../modules/submission/service.js";
import { submission as policy } from "../policies/index.js";
import { define } from "./define.js";
import { sendPdf } from "./file-reply.js";

export function submissionRoutes(app: FastifyInstance, deps: Deps) {
  define(app, deps, api.requestSubmission, { policy: policy.request }, ({ caller, params }) =>
    submission.requestSubmission(deps, caller.id, params.registrationId),
  );
  define(app, deps, api.submissionStatus, { policy: policy.read }, ({ caller, params }) =>
    submission.submissionStatus(deps, caller.id, params.id),
  );
  // The signed link is its own credential (a plain <a href>).
  define(app, deps, api.submissionFile, {}, async ({ params, query, reply }) => {
    const file = await submission.openSubmissionFile(deps, params.id, query.expires, query.signature);
    return sendPdf(reply, file.body, `Revalidation pack ${file.createdAt.toISOString().slice(0, 10)}.pdf`, {
      size: file.size,
    });
  });
}
