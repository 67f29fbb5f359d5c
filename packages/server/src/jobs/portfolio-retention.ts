// Deletes generated portfolios after their retention (PORTFOLIO_RETENTION_HOURS).
import { expiredRequests } from "../modules/portfolio/repository.js";
import { defineRetentionJob } from "./retention.js";

export const portfolioRetentionJob = defineRetentionJob({
  name: "portfolio-retention",
  what: "portfolios",
  due: (ctx, batch) => expiredRequests(ctx.db, ctx.now(), batch),
  expire: (ctx, id) =>
    ctx.db.portfolioRequest.update({ where: { id }, data: { state: "Expired", storageKey: null } }),
});
