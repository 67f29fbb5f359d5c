import { Type } from "@sinclair/typebox";
import { prepareSupervisionEmail } from "../modules/supervision/emails.js";
import { defineJob } from "./job.js";
import { EMAIL_JOB_OPTIONS, sendOnce } from "./send-email.js";

/**
 * A supervision e-mail (shared, signed, completed) to one party. The payload holds ids
 * only; the job id names the share, kind and recipient, so each is sent at most once.
 */
export const supervisionEmailJob = defineJob({
  name: "supervision-email",
  queue: "email",
  payload: Type.Object(
    {
      shareId: Type.String({ maxLength: 36 }),
      kind: Type.Union([Type.Literal("shared"), Type.Literal("signed"), Type.Literal("completed")]),
      recipient: Type.Union([Type.Literal("owner"), Type.Literal("reviewee")]),
    },
    { additionalProperties: false },
  ),
  options: EMAIL_JOB_OPTIONS,
  async handle(data, ctx) {
    const outcome = await sendOnce(ctx, () =>
      prepareSupervisionEmail(
        ctx.db,
        { publicUrl: ctx.config.publicUrl, smsConfigured: ctx.config.sms !== null },
        data,
      ),
    );
    if (outcome === "nothing")
      ctx.log.info({ shareId: data.shareId }, "supervision share gone; nothing sent");
  },
});

export const supervisionEmailJobId = (shareId: string, kind: string, recipient: string) =>
  `supervision-${kind}-${recipient}-${shareId}`;
