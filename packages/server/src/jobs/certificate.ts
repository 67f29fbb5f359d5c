import { Type } from "@sinclair/typebox";
import { certificateEmail, issueCertificate } from "../modules/videos/issue.js";
import { defineJob } from "./job.js";
import { EMAIL_JOB_OPTIONS, sendOnce } from "./send-email.js";

/**
 * An attendance certificate (spec 2 §9): rendered, kept as a diary entry with the PDF as its
 * evidence, and e-mailed with the PDF attached. The job id derives from the certificate id;
 * a retry makes one file, one entry (issueCertificate) and at most one e-mail (sendOnce).
 */
export const certificateJob = defineJob({
  name: "certificate",
  queue: "email",
  payload: Type.Object({ certificateId: Type.String({ maxLength: 36 }) }, { additionalProperties: false }),
  options: EMAIL_JOB_OPTIONS,
  async handle({ certificateId }, ctx) {
    // Issued before the e-mail goes: once the e-mail is marked sent, the certificate is issued.
    const outcome = await sendOnce(ctx, async () => {
      const issued = await issueCertificate(ctx.db, ctx.storage, certificateId, ctx.now());
      return issued && certificateEmail(issued);
    });
    if (outcome === "nothing")
      ctx.log.info({ certificateId }, "certificate or its video is gone; nothing issued");
  },
});
