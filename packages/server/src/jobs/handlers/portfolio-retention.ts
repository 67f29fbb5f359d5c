import { expiredRequests, expireRequest } from "../../modules/portfolio/repository.js";
import { portfolioRetentionJob } from "../definitions/portfolio-retention.js";
import { retentionHandler } from "./retention.js";

export const portfolioRetentionHandler = retentionHandler(portfolioRetentionJob, {
  what: "portfolios",
  due: (ctx, batch) => expiredRequests(ctx.db, ctx.now(), batch),
  expire: (ctx, id) => expireRequest(ctx.db, id),
});
