import { prepareAccountNoticeEmail } from "../../modules/account-deletion/emails.js";
import { accountNoticeEmailJob } from "../definitions/account-notice-email.js";
import { handler } from "../job.js";
import { sendOnce } from "./send-email.js";

export const accountNoticeEmailHandler = handler(accountNoticeEmailJob, async (data, ctx) => {
  const outcome = await sendOnce(ctx, () =>
    prepareAccountNoticeEmail(ctx.db, ctx.config.publicUrl, data, ctx.pool),
  );
  if (outcome === "nothing")
    ctx.log.info({ kind: data.kind }, "user, entry, document or shortfall gone; nothing sent");
});
