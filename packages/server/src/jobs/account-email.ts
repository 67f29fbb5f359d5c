import { Type } from "@sinclair/typebox";
import { ACCOUNT_EMAIL_KINDS, prepareAccountEmail } from "../modules/registration/emails.js";
import { defineEmailJob } from "./send-email.js";

/**
 * A registration or onboarding e-mail: the confirmation link, the onboarding link, or "someone
 * tried to register with your address". The payload names the user only; the link token is
 * issued here when the e-mail is rendered (only its hash is stored), and sendOnce keeps a
 * retried job from mailing twice.
 */
export const accountEmailJob = defineEmailJob({
  name: "account-email",
  payload: {
    userId: Type.String({ minLength: 36, maxLength: 36 }),
    kind: Type.Union(ACCOUNT_EMAIL_KINDS.map((k) => Type.Literal(k))),
  },
  render: ({ userId, kind }, ctx) =>
    prepareAccountEmail(ctx.db, ctx.config.publicUrl, userId, kind, ctx.now()),
  nothingSent: "account e-mail not needed (user gone or confirmed)",
  logged: ({ kind }) => ({ kind }),
});
