// Sending an e-mail from a job, at most once per job: a marker in Redis records
// the send, so a retry after a lost acknowledgement does not mail the person twice.
// Jobs render their e-mail at send time from ids in the payload (DESIGN.md §6):
// no payload carries a link, a token or a rendered message.
import { type Static, type TObject, type TProperties, Type } from "@sinclair/typebox";
import type { JobsOptions } from "bullmq";
import type { Mail } from "../lib/mailer.js";
import { defineJob, type JobContext, type JobDefinition, type JobRun } from "./job.js";

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

/** Retries for e-mail jobs: an SMTP relay that is down for a while is retried for about a minute. */
export const EMAIL_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: "exponential", delay: 2_000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/**
 * A job on the e-mail queue that renders one e-mail from its payload's ids when it runs and sends
 * it at most once (sendOnce). `render` answers null when there is nothing to send (the record is
 * gone, the request replaced); the job then logs `nothingSent`, with `logged(payload)` if given.
 */
export function defineEmailJob<P extends TProperties>(job: {
  name: string;
  /** The payload's fields; no others are accepted. */
  payload: P;
  render: (data: Static<TObject<P>>, ctx: JobContext) => Promise<Mail | null>;
  nothingSent: string;
  logged?: (data: Static<TObject<P>>) => Record<string, unknown>;
}): JobDefinition<TObject<P>> {
  return defineJob({
    name: job.name,
    queue: "email",
    payload: Type.Object(job.payload, { additionalProperties: false }),
    options: EMAIL_JOB_OPTIONS,
    async handle(data, ctx) {
      const outcome = await sendOnce(ctx, () => job.render(data, ctx));
      if (outcome === "nothing") ctx.log.info(job.logged?.(data) ?? {}, job.nothingSent);
    },
  });
}
