import { certificateEmail, issueCertificate } from "../../modules/videos/issue.js";
import { certificateJob } from "../definitions/certificate.js";
import { handler } from "../job.js";
import { sendOnce } from "./send-email.js";

/** A retry makes one file, one entry (issueCertificate) and at most one e-mail (sendOnce). */
export const certificateHandler = handler(certificateJob, async ({ certificateId }, ctx) => {
  // Issued before the e-mail goes: once the e-mail is marked sent, the certificate is issued.
  const outcome = await sendOnce(ctx, async () => {
    const issued = await issueCertificate(ctx.db, ctx.storage, certificateId, ctx.now());
    return issued && certificateEmail(issued);
  });
  if (outcome === "nothing")
    ctx.log.info({ certificateId }, "certificate or its video is gone; nothing issued");
});
