import { prepareEmailChangeLink } from "../../modules/contact/email-change.js";
import { prepareAlternativeEmailCode } from "../../modules/contact/verification.js";
import { contactEmailJob } from "../definitions/contact-email.js";
import { emailHandler } from "./send-email.js";

// sendOnce keeps a retried job from mailing twice; a retry after a failed send makes a fresh secret.
export const contactEmailHandler = emailHandler(contactEmailJob, {
  render: (data, ctx) =>
    data.kind === "alternative-email-code"
      ? prepareAlternativeEmailCode(ctx.db, ctx.config.jwtSecret, data, ctx.now())
      : prepareEmailChangeLink(ctx.db, ctx.config.publicUrl, data, ctx.now()),
  nothingSent: "request replaced, used or expired; nothing sent",
  logged: ({ kind }) => ({ kind }),
});
