import { deleteAccount } from "../../modules/account-deletion/deletion.js";
import { accountDeletionJob } from "../definitions/account-deletion.js";
import { handler } from "../job.js";

export const accountDeletionHandler = handler(accountDeletionJob, async ({ userId, reason }, ctx) => {
  const outcome = await deleteAccount(ctx, userId, reason);
  if (outcome === "gone") ctx.log.info("account already deleted; nothing to do");
});
