// The handler of a retention job (definitions/shared.ts retentionJob): deletes generated files
// past their time, in batches. The rows stay, marked Expired, so a late poll or link says so
// instead of "not found".
import type { retentionJob } from "../definitions/shared.js";
import { handler, type JobContext } from "../job.js";

interface Expirable {
  id: string;
  storageKey: string | null;
}

export function retentionHandler(
  definition: ReturnType<typeof retentionJob>,
  o: {
    /** What is removed, for the log line ("portfolios"). */
    what: string;
    /** The next rows past their retention (an indexed query), at most `batch`. */
    due: (ctx: JobContext, batch: number) => Promise<Expirable[]>;
    /** Marks one row Expired, its object gone. */
    expire: (ctx: JobContext, id: string) => Promise<unknown>;
  },
) {
  return handler(definition, async ({ batch }, ctx) => {
    let removed = 0;
    for (;;) {
      const rows = await o.due(ctx, batch);
      for (const row of rows) {
        // Object first, row last: a crash in between leaves the row to be found again.
        if (row.storageKey) await ctx.storage.delete(row.storageKey);
        await o.expire(ctx, row.id);
      }
      removed += rows.length;
      if (rows.length < batch) break;
    }
    if (removed) ctx.log.info({ removed }, `expired ${o.what} removed`);
  });
}
