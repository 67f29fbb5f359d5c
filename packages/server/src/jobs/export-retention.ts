// Deletes whole-record exports after their retention (EXPORT_RETENTION_HOURS), like the portfolios.
import { defineRetentionJob } from "./retention.js";

export const exportRetentionJob = defineRetentionJob({
  name: "export-retention",
  what: "account exports",
  // Index (state, completed_at).
  due: (ctx, batch) =>
    ctx.db.accountExport.findMany({
      where: {
        state: "Completed",
        completedAt: { lte: new Date(ctx.now().getTime() - ctx.config.exportRetentionHours * 3_600_000) },
      },
      select: { id: true, storageKey: true },
      orderBy: { completedAt: "asc" },
      take: batch,
    }),
  expire: (ctx, id) =>
    ctx.db.accountExport.update({ where: { id }, data: { state: "Expired", storageKey: null } }),
});
