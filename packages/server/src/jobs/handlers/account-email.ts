import { prepareAccountEmail } from "../../modules/registration/emails.js";
import { accountEmailJob } from "../definitions/account-email.js";
import { emailHandler } from "./send-email.js";

// The link token is issued here, when the e-mail is rendered; sendOnce keeps a retry from mailing twice.
export const accountEmailHandler = emailHandler(accountEmailJob, {
  render: ({ userId, kind }, ctx) =>
    prepareAccountEmail(ctx.db, ctx.config.publicUrl, userId, kind, ctx.now()),
  nothingSent: "account e-mail not needed (user gone or confirmed)",
  logged: ({ kind }) => ({ kind }),
});
