import { Type } from "@sinclair/typebox";
import { prepareCodeMessages } from "../modules/supervision/emails.js";
import { defineJob } from "./job.js";
import { EMAIL_JOB_OPTIONS, sendOnce } from "./send-email.js";

/**
 * A reviewee's 2FA code, by e-mail and (to a UK mobile) by text. The payload names the
 * request, not the code: the code is re-derived here, and only while the request is the
 * share's current one. Each channel sends at most once per job (Redis markers).
 */
export const supervisionCodeJob = defineJob({
  name: "supervision-code",
  queue: "email",
  payload: Type.Object(
    { shareId: Type.String({ maxLength: 36 }), requestId: Type.String({ maxLength: 36 }) },
    { additionalProperties: false },
  ),
  options: EMAIL_JOB_OPTIONS,
  async handle(data, ctx) {
    const messages = await prepareCodeMessages(
      ctx.db,
      { jwtSecret: ctx.config.jwtSecret, smsConfigured: ctx.config.sms !== null && ctx.sms !== null },
      data,
    );
    if (!messages) {
      ctx.log.info({ shareId: data.shareId }, "code request superseded or share reset; nothing sent");
      return;
    }
    await sendOnce(ctx, async () => messages.mail);
    if (!messages.sms || !ctx.sms) return;
    const marker = `${ctx.prefix}:sms-sent:${ctx.jobId}`;
    if (await ctx.redis.exists(marker)) return;
    await ctx.sms.send(messages.sms.to, messages.sms.body);
    await ctx.redis.set(marker, "1", "EX", 7 * 24 * 3600);
  },
});

export const supervisionCodeJobId = (requestId: string) => `supervision-code-${requestId}`;
