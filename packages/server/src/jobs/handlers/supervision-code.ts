import { prepareCodeMessages } from "../../modules/supervision/emails.js";
import { supervisionCodeJob } from "../definitions/supervision-code.js";
import { handler } from "../job.js";
import { sendOnce } from "./send-email.js";

/** Each channel (e-mail, text) sends at most once per job (Redis markers). */
export const supervisionCodeHandler = handler(supervisionCodeJob, async (data, ctx) => {
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
});
