import { UUID_PATTERN } from "@cpd/contract";
import { Type } from "@sinclair/typebox";
import { defineJob } from "../job.js";
import { EMAIL_JOB_OPTIONS } from "./shared.js";

/** Builds a whole-record export and mails the link; the export's id is the job id. */
export const accountExportJob = defineJob({
  name: "account-export",
  queue: "export",
  payload: Type.Object({ exportId: Type.String({ pattern: UUID_PATTERN }) }, { additionalProperties: false }),
  options: { ...EMAIL_JOB_OPTIONS, attempts: 3, backoff: { type: "exponential", delay: 5_000 } },
});
