// Reads an uploaded PDF's or Word document's text for patient identifiers (ADR 0031). Idempotent:
// a file already checked is left as it is. An unreadable file is marked failed without throwing;
// a storage error is retried, and after the last try the file is marked failed too.
import { checkFileText, markTextCheckFailed } from "../../modules/files/text-check.js";
import { evidenceTextJob } from "../definitions/evidence-text.js";
import { handler } from "../job.js";

export const evidenceTextHandler = handler(evidenceTextJob, async ({ fileId }, ctx) => {
  try {
    await checkFileText(ctx, fileId);
  } catch (err) {
    ctx.log.error({ err, fileId, attempt: ctx.attempt }, "evidence text check failed");
    if (ctx.attempt >= ctx.attempts) await markTextCheckFailed(ctx.db, fileId);
    throw err;
  }
});
