// Sending an e-mail from a job, at most once per job: a marker in Redis records the send, so a
// retry after a lost acknowledgement does not mail the person twice. Jobs render their e-mail at
// send time from ids in the payload: no payload carries a link, a token or a rendered message.
import type { Static, TObject, TProperties } from "@sinclair/typebox";
import type { Mail } from "../../lib/mailer.js";
import { handler, type JobContext, type JobDefinition, type JobRun } from "../job.js";

export async function sendOnce(
  ctx: JobContext & Pick<JobRun, "jobId">,
  render: () => Promise<Mail | null>,
): Promise<"sent" | "skipped" | "nothing"> {
  const marker = `${ctx.prefix}:mail-sent:${ctx.jobId}`;
  if (await ctx.redis.exists(marker)) {
    ctx.log.info({ jobId: ctx.jobId }, "e-mail already sent; skipping");
    return "skipped";
  }
  const mail = await render();
  if (!mail) return "nothing";
  await ctx.sendMail(mail);
  await ctx.redis.set(marker, "1", "EX", 7 * 24 * 3600);
  return "sent";
}

/** A text message (a 2FA code) sent at most once per job, as sendOnce does for e-mail. */
async function sendSmsOnce(
  ctx: JobContext & Pick<JobRun, "jobId">,
  sms: { to: string; body: string } | null,
): Promise<void> {
  if (!sms || !ctx.sms) return;
  const marker = `${ctx.prefix}:sms-sent:${ctx.jobId}`;
  if (await ctx.redis.exists(marker)) return;
  await ctx.sms.send(sms.to, sms.body);
  await ctx.redis.set(marker, "1", "EX", 7 * 24 * 3600);
}

/**
 * The handler of an e-mail job (definitions/shared.ts emailJob): renders one e-mail from the
 * payload's ids when it runs and sends it at most once (sendOnce). `render` answers null when
 * there is nothing to send (the record is gone, the request replaced); the job then logs
 * `nothingSent`, with `logged(payload)` if given.
 */
export function emailHandler<P extends TProperties>(
  definition: JobDefinition<TObject<P>>,
  o: {
    render: (data: Static<TObject<P>>, ctx: JobContext) => Promise<Mail | null>;
    nothingSent: string;
    logged?: (data: Static<TObject<P>>) => Record<string, unknown>;
  },
) {
  return handler(definition, async (data, ctx) => {
    const outcome = await sendOnce(ctx, () => o.render(data, ctx));
    if (outcome === "nothing") ctx.log.info(o.logged?.(data) ?? {}, o.nothingSent);
  });
}

/**
 * The handler of a code job (definitions/shared.ts codeJob): the e-mail and the text, each sent at
 * most once per job; nothing when `prepare` answers null (the request superseded or withdrawn).
 */
export function codeHandler<P extends TProperties>(
  definition: JobDefinition<TObject<P>>,
  prepare: (
    data: Static<TObject<P>>,
    ctx: JobContext,
    settings: { jwtSecret: string; smsConfigured: boolean },
  ) => Promise<{ mail: Mail; sms: { to: string; body: string } | null } | null>,
) {
  return handler(definition, async (data, ctx) => {
    const settings = {
      jwtSecret: ctx.config.jwtSecret,
      smsConfigured: ctx.config.sms !== null && ctx.sms !== null,
    };
    const messages = await prepare(data, ctx, settings);
    if (!messages) {
      ctx.log.info({ job: definition.name }, "code request superseded or withdrawn; nothing sent");
      return;
    }
    await sendOnce(ctx, async () => messages.mail);
    await sendSmsOnce(ctx, messages.sms);
  });
}
