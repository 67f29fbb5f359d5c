import { expiredSubmissions, expireSubmission } from "../../modules/submission/repository.js";
import { submissionRetentionJob } from "../definitions/submission-retention.js";
import { retentionHandler } from "./retention.js";

export const submissionRetentionHandler = retentionHandler(submissionRetentionJob, {
  what: "submission packs",
  due: (ctx, batch) => expiredSubmissions(ctx.db, ctx.now(), batch),
  expire: (ctx, id) => expireSubmission(ctx.db, id),
});
