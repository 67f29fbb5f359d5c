import { Type } from "@sinclair/typebox";
import { defineJob } from "../job.js";
import { EMAIL_JOB_OPTIONS } from "./shared.js";

/**
 * A reviewee's 2FA code, by e-mail and (to a UK mobile) by text. The payload names the request,
 * not the code: the code is re-derived when the job runs, and only while the request is the
 * share's current one.
 */
export const supervisionCodeJob = defineJob({
  name: "supervision-code",
  queue: "email",
  payload: Type.Object(
    { shareId: Type.String({ maxLength: 36 }), requestId: Type.String({ maxLength: 36 }) },
    { additionalProperties: false },
  ),
  options: EMAIL_JOB_OPTIONS,
});

export const supervisionCodeJobId = (requestId: string) => `supervision-code-${requestId}`;
