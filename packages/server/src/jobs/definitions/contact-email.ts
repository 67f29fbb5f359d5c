import { Type } from "@sinclair/typebox";
import { emailJob } from "./shared.js";

/**
 * A secret mailed for one request of a user: the code that verifies the alternative address, or
 * the link that confirms a change of e-mail (to the NEW address). The payload names the user and
 * the request (the instant it was made), never a code, a token or an address: the secret is made
 * when the job runs, its hash stored, then mailed, and only while that request is the current one.
 */
export const contactEmailJob = emailJob("contact-email", {
  kind: Type.Union([Type.Literal("alternative-email-code"), Type.Literal("email-change-link")]),
  userId: Type.String({ minLength: 36, maxLength: 36 }),
  requestedAt: Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}T[0-9:.]+Z$", maxLength: 40 }),
});

/** The job id of one request: one job per request, whatever retries the producer makes. */
export const contactEmailJobId = (kind: string, userId: string, requestedAt: Date) =>
  `${kind}-${userId}-${requestedAt.getTime()}`;
