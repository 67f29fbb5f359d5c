import { Type } from "@sinclair/typebox";
import { prepareResetEmail } from "../modules/auth/reset-email.js";
import { defineEmailJob } from "./send-email.js";

/**
 * A password reset request. The payload is the lower-cased address only, for
 * known and unknown addresses alike; the reset record and its link are made
 * here, when the e-mail is sent, and never travel through Redis.
 */
export const passwordResetJob = defineEmailJob({
  name: "password-reset",
  payload: { email: Type.String({ minLength: 3, maxLength: 320 }) },
  render: ({ email }, ctx) => prepareResetEmail(ctx.db, ctx.config.publicUrl, email),
  nothingSent: "password reset asked for an address without an account",
});
