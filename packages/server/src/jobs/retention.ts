// Retention jobs (DESIGN.md §6): a repeatable job (BullMQ job scheduler, upserted by the worker at
// start) that deletes generated files past their time, in batches. The rows stay, marked Expired,
// so a late poll or link says so instead of "not found".
import { Type } from "@sinclair/typebox";
import { defineJob, type JobContext } from "./job.js";

const BATCH = 200;

export interface Expirable {
  id: string;
  storageKey: string | null;
}

export function defineRetentionJob(o: {
  name: string;
  /** What is removed, for the log line ("portfolios"). */
  what: string;
  /** The next rows past their retention (an indexed query), at most `batch`. */
  due: (ctx: JobContext, batch: number) => Promise<Expirable[]>;
  /** Marks one row Expired, its object gone. */
  expire: (ctx: JobContext, id: string) => Promise<unknown>;
}) {
  return defineJob({
    name: o.name,
    queue: "maintenance",
    payload: Type.Object(
      { batch: Type.Integer({ minimum: 1, maximum: 10_000 }) },
      { additionalProperties: false },
    ),
    options: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
    every: { ms: 15 * 60_000, data: { batch: BATCH } },
    async handle({ batch }, ctx) {
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
    },
  });
}
