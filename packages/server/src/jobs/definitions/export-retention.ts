import { retentionJob } from "./shared.js";

/** Deletes whole-record exports after their retention (EXPORT_RETENTION_HOURS). */
export const exportRetentionJob = retentionJob("export-retention");
