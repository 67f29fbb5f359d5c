import { Type } from "@sinclair/typebox";
import { prepareResetEmail } from "../modules/auth/reset-email.js";
import { defineJob } from "./job.js";
import { EMAIL_JOB_OPTIONS, sendOnce } from "./send-email.js";

/**
 * A password reset request. The payload is the lower-cased address only, for
 * known and unknown addresses alike; the reset record and its link are made
 * here, when the e-mail is sent, and never travel through Redis.
 */
export const passwordResetJob = defineJob({
  name: "password-reset",
  queue: "email",
  payload: Type.Object(
    { email: Type.String({ minLength: 3, maxLength: 320 }) },
    { additionalProperties: false },
  ),
  options: EMAIL_JOB_OPTIONS,
  async handle({ email }, ctx) {
    const outcome = await sendOnce(ctx, () => prepareResetEmail(ctx.db, ctx.config.publicUrl, email));
    if (outcome === "nothing") ctx.log.info("password reset asked for an address without an account");
  },
});
