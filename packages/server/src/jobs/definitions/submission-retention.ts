import { retentionJob } from "./shared.js";

/** Deletes made submission packs after their retention (SUBMISSION.retentionHours). */
export const submissionRetentionJob = retentionJob("submission-retention");
