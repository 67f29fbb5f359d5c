import { Type } from "@sinclair/typebox";
import { defineJob } from "../job.js";
import { EMAIL_JOB_OPTIONS } from "./shared.js";

/**
 * An attendance certificate (REQ-VIDEO-02): rendered, kept as a diary entry with the PDF as its evidence, and
 * e-mailed with the PDF attached. The job id derives from the certificate id; a request for a certificate
 * already issued adds a job of its own, which e-mails the same PDF again (docs/decisions/0018-entry-receipts.md).
 */
export const certificateJob = defineJob({
  name: "certificate",
  queue: "email",
  payload: Type.Object({ certificateId: Type.String({ maxLength: 36 }) }, { additionalProperties: false }),
  options: EMAIL_JOB_OPTIONS,
});
