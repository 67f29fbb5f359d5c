import { countUncheckedEntries } from "../../modules/entries/identifier-findings.js";
import { entryFindingsJob } from "../definitions/entry-findings.js";
import { handler } from "../job.js";

export const entryFindingsHandler = handler(entryFindingsJob, async ({ batch }, ctx) => {
  let counted = 0;
  for (;;) {
    const n = await countUncheckedEntries({ prisma: ctx.db }, batch);
    counted += n;
    if (n < batch) break;
  }
  if (counted) ctx.log.info({ counted }, "entries checked for patient identifiers");
});
