import { Type } from "@sinclair/typebox";
import { prepareEmailChangeLink } from "../modules/contact/email-change.js";
import { prepareAlternativeEmailCode } from "../modules/contact/verification.js";
import { defineEmailJob } from "./send-email.js";

/**
 * A secret mailed for one request of a user: the code that verifies the alternative address, or
 * the link that confirms a change of e-mail (to the NEW address). The payload names the user and
 * the request (the instant it was made), never a code, a token or an address: the secret is made
 * here, its hash stored, then mailed, and only while that request is still the current one.
 * sendOnce keeps a retried job from mailing twice; a retry after a failed send makes a fresh one.
 */
export const contactEmailJob = defineEmailJob({
  name: "contact-email",
  payload: {
    kind: Type.Union([Type.Literal("alternative-email-code"), Type.Literal("email-change-link")]),
    userId: Type.String({ minLength: 36, maxLength: 36 }),
    requestedAt: Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}T[0-9:.]+Z$", maxLength: 40 }),
  },
  render: (data, ctx) =>
    data.kind === "alternative-email-code"
      ? prepareAlternativeEmailCode(ctx.db, ctx.config.jwtSecret, data, ctx.now())
      : prepareEmailChangeLink(ctx.db, ctx.config.publicUrl, data, ctx.now()),
  nothingSent: "request replaced, used or expired; nothing sent",
  logged: ({ kind }) => ({ kind }),
});

/** The job id of one request: one job per request, whatever retries the producer makes. */
export const contactEmailJobId = (kind: string, userId: string, requestedAt: Date) =>
  `${kind}-${userId}-${requestedAt.getTime()}`;
