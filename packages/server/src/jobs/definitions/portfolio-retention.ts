import { retentionJob } from "./shared.js";

/** Deletes generated portfolios after their retention (PORTFOLIO_RETENTION_HOURS). */
export const portfolioRetentionJob = retentionJob("portfolio-retention");
