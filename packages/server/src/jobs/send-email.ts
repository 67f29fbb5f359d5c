import { Type } from "@sinclair/typebox";
import { defineJob } from "./job.js";

/**
 * Sends one e-mail. Idempotent: a marker in Redis records the send, so a retry
 * after a lost acknowledgement does not mail the person twice.
 */
export const sendEmailJob = defineJob({
  name: "send-email",
  queue: "email",
  payload: Type.Object({
    to: Type.String(),
    subject: Type.String(),
    text: Type.String(),
    html: Type.String(),
  }),
  options: {
    attempts: 5,
    backoff: { type: "exponential", delay: 2_000 },
    removeOnComplete: { age: 24 * 3600, count: 1000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  },
  async handle(data, ctx) {
    const marker = `${ctx.prefix}:mail-sent:${ctx.jobId}`;
    if (await ctx.redis.exists(marker)) {
      ctx.log.info({ jobId: ctx.jobId }, "e-mail already sent; skipping");
      return;
    }
    await ctx.sendMail(data);
    await ctx.redis.set(marker, "1", "EX", 7 * 24 * 3600);
  },
});
