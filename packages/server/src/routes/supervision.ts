import { api } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import { authenticate } from "../modules/supervision/authenticate.js";
import { supervisionPdf } from "../modules/supervision/pdf.js";
import * as review from "../modules/supervision/review.js";
import * as sharing from "../modules/supervision/share.js";
import { complete } from "../modules/supervision/sign-off.js";
import * as topics from "../modules/supervision/topics.js";
import { verify } from "../modules/supervision/verify.js";
import { extractToken } from "../plugins/auth.js";
import { all } from "../policies/index.js";
import { define, perMinute } from "./define.js";
import { entrySwitch, premium } from "./feature-policy.js";
import { sendPdf, sendStoredFile } from "./file-reply.js";
import { withRetryAfter } from "./retry-after.js";

/**
 * Supervision sharing (REQ-SUP-02..05). The owner's calls take the session token; the `guest`
 * calls take either it or the reviewee's guest token, judged by the module (party.ts).
 */
export function supervisionRoutes(app: FastifyInstance, deps: Deps) {
  // Sharing e-mails the reviewee: limited like the other calls that send e-mail. Supervision is
  // premium and has the person's switch (ADR 0020).
  const supervision = all(premium, entrySwitch("supervision"));
  define(app, deps, api.shareSupervision, { ...perMinute(10), policy: supervision }, ({ caller, body }) =>
    sharing.share(deps, caller.id, body),
  );
  define(app, deps, api.resetSupervision, {}, ({ caller, body }) =>
    sharing.reset(deps, caller.id, body.entryId),
  );
  define(app, deps, api.supervisionLink, {}, ({ params }) => sharing.link(deps, params.id));
  define(app, deps, api.authenticateSupervision, perMinute(10), ({ params, body, request, reply }) =>
    withRetryAfter(reply, () => authenticate(deps, params.id, body.authenticationCode, request.ip)),
  );
  define(app, deps, api.verifySupervision, perMinute(30), ({ params, query }) =>
    verify(deps, params.id, query.hash),
  );

  define(app, deps, api.supervisionView, {}, ({ params, request }) =>
    review.view(deps, extractToken(request), params.id),
  );
  define(app, deps, api.supervisionFile, {}, async ({ params, query, request, reply }) => {
    const f = await review.openEvidence(deps, extractToken(request), params.id, params.fileId);
    return sendStoredFile(reply, f, query.download === true);
  });
  // Rendering is CPU work: a few a minute per address is plenty for one record.
  define(app, deps, api.supervisionPdf, perMinute(20), async ({ params, query, request, reply }) => {
    const { doc, filename } = await supervisionPdf(deps, extractToken(request), params.id);
    return sendPdf(reply, doc, filename, { inline: !query.download });
  });
  define(app, deps, api.commentSupervisionTopic, perMinute(60), ({ params, body, request }) =>
    review.comment(deps, extractToken(request), params.id, params.topicId, body.comment),
  );
  define(app, deps, api.toggleSupervisionTopic, {}, ({ params, request }) =>
    review.toggleTopic(deps, extractToken(request), params.id, params.topicId),
  );
  // The owner changes the topics of a shared record until the first signature (ADR 0022).
  define(app, deps, api.addSupervisionTopic, perMinute(60), ({ params, body, request }) =>
    topics.addTopic(deps, extractToken(request), params.id, body),
  );
  define(app, deps, api.updateSupervisionTopic, perMinute(60), ({ params, body, request }) =>
    topics.updateTopic(deps, extractToken(request), params.id, params.topicId, body),
  );
  define(app, deps, api.deleteSupervisionTopic, {}, ({ params, request }) =>
    topics.removeTopic(deps, extractToken(request), params.id, params.topicId),
  );
  define(app, deps, api.completeSupervision, {}, ({ body, request }) =>
    complete(deps, extractToken(request), body, request.ip),
  );
}
