// Deletes generated portfolios after their retention (PORTFOLIO_RETENTION_HOURS): a repeatable
// job (BullMQ job scheduler) the worker upserts at start. The row stays, marked Expired, so a
// late poll or link says so instead of "not found".
import { Type } from "@sinclair/typebox";
import { expiredRequests } from "../modules/portfolio/repository.js";
import { defineJob } from "./job.js";

const BATCH = 200;

export const portfolioRetentionJob = defineJob({
  name: "portfolio-retention",
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
      const rows = await expiredRequests(ctx.db, ctx.now(), batch);
      for (const row of rows) {
        if (row.storageKey) await ctx.storage.delete(row.storageKey);
        await ctx.db.portfolioRequest.update({
          where: { id: row.id },
          data: { state: "Expired", storageKey: null },
        });
      }
      removed += rows.length;
      if (rows.length < batch) break;
    }
    if (removed) ctx.log.info({ removed }, "expired portfolios removed");
  },
});
