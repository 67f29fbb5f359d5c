import { retentionJob } from "./shared.js";

/**
 * Counts the patient-identifier findings of entries never checked (ADR 0029), a batch at a time
 * every 15 minutes until none is left: the same schedule and payload as the retention jobs.
 */
export const entryFindingsJob = retentionJob("entry-findings");
