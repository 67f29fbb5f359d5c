import { Type } from "@sinclair/typebox";
import { prepareDeletionScheduledEmail } from "../modules/account-deletion/emails.js";
import { defineEmailJob } from "./send-email.js";

/**
 * Confirms a scheduled deletion by e-mail, with the date read when the e-mail is sent (the job id
 * names the user and the date, so each date chosen is confirmed once). Nothing when cancelled.
 */
export const deletionEmailJob = defineEmailJob({
  name: "account-deletion-email",
  payload: { userId: Type.String({ minLength: 36, maxLength: 36 }) },
  render: ({ userId }, ctx) => prepareDeletionScheduledEmail(ctx.db, ctx.config.publicUrl, userId),
  nothingSent: "deletion no longer scheduled; nothing sent",
});
