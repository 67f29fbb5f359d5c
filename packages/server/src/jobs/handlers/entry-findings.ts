import { countUncheckedEntries } from "../../modules/entries/identifier-findings.js";
import { queueUnreadFiles } from "../../modules/files/text-check.js";
import { entryFindingsJob } from "../definitions/entry-findings.js";
import { evidenceTextJob, evidenceTextJobId } from "../definitions/evidence-text.js";
import { handler } from "../job.js";
import { Queues } from "../queues.js";

export const entryFindingsHandler = handler(entryFindingsJob, async ({ batch }, ctx) => {
  let counted = 0;
  for (;;) {
    const n = await countUncheckedEntries({ prisma: ctx.db }, batch);
    counted += n;
    if (n < batch) break;
  }
  if (counted) ctx.log.info({ counted }, "entries checked for patient identifiers");
  // Evidence uploaded before its text was read (ADR 0031): one batch a run goes to the pdf queue,
  // where the evidence-text job reads it as it reads a new upload.
  const queues = new Queues(ctx.redis, ctx.prefix);
  try {
    const queued = await queueUnreadFiles(ctx.db, batch, (ids) =>
      queues.enqueueMany(
        evidenceTextJob,
        ids.map((fileId) => ({ fileId })),
        ids.map(evidenceTextJobId),
      ),
    );
    if (queued) ctx.log.info({ queued }, "earlier evidence queued for its text check");
  } finally {
    await queues.close();
  }
});
