import { UUID_PATTERN } from "@cpd/contract";
import { Type } from "@sinclair/typebox";
import { defineJob } from "../job.js";
import { EMAIL_JOB_OPTIONS } from "./shared.js";

/** Renders a requested portfolio to PDF; the request's id is the payload and the job id. */
export const portfolioJob = defineJob({
  name: "portfolio",
  queue: "pdf",
  payload: Type.Object(
    { portfolioId: Type.String({ pattern: UUID_PATTERN }) },
    { additionalProperties: false },
  ),
  // Fewer, slower retries than an e-mail: a render that failed three times will fail again.
  options: { ...EMAIL_JOB_OPTIONS, attempts: 3, backoff: { type: "exponential", delay: 5_000 } },
});
