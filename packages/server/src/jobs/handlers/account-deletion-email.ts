import { prepareDeletionScheduledEmail } from "../../modules/account-deletion/emails.js";
import { deletionEmailJob } from "../definitions/account-deletion-email.js";
import { emailHandler } from "./send-email.js";

export const deletionEmailHandler = emailHandler(deletionEmailJob, {
  render: ({ userId }, ctx) => prepareDeletionScheduledEmail(ctx.db, ctx.config.publicUrl, userId),
  nothingSent: "deletion no longer scheduled; nothing sent",
});
