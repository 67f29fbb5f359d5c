import { completedBefore, expireExport } from "../../modules/export/repository.js";
import { exportRetentionJob } from "../definitions/export-retention.js";
import { retentionHandler } from "./retention.js";

export const exportRetentionHandler = retentionHandler(exportRetentionJob, {
  what: "account exports",
  due: (ctx, batch) =>
    completedBefore(
      ctx.db,
      new Date(ctx.now().getTime() - ctx.config.exportRetentionHours * 3_600_000),
      batch,
    ),
  expire: (ctx, id) => expireExport(ctx.db, id),
});
