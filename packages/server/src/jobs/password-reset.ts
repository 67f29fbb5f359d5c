import { Type } from "@sinclair/typebox";
import { prepareResetEmail } from "../modules/auth/reset-email.js";
import { defineJob } from "./job.js";
import { sendOnce } from "./send-email.js";

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
  options: {
    attempts: 5,
    backoff: { type: "exponential", delay: 2_000 },
    removeOnComplete: { age: 24 * 3600, count: 1000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  },
  async handle({ email }, ctx) {
    const outcome = await sendOnce(ctx, () => prepareResetEmail(ctx.db, ctx.config.publicUrl, email));
    if (outcome === "nothing") ctx.log.info("password reset asked for an address without an account");
  },
});
