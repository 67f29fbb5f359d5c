import { Type } from "@sinclair/typebox";
import { prepareAccessEmail } from "../modules/hcpc-portal/access.js";
import { defineJob } from "./job.js";
import { EMAIL_JOB_OPTIONS, sendOnce } from "./send-email.js";

const IsoDate = Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" });

/**
 * An HCPC audit portal link for a user and a date range. The payload holds ids and
 * dates only: the token is made here, when the e-mail is sent, and never travels
 * through Redis; `requestId` is the job id, so one request mails at most once.
 */
export const hcpcAccessJob = defineJob({
  name: "hcpc-access",
  queue: "email",
  payload: Type.Object(
    {
      userId: Type.String({ maxLength: 36 }),
      dateFrom: IsoDate,
      dateTo: IsoDate,
      requestId: Type.String({ maxLength: 36 }),
    },
    { additionalProperties: false },
  ),
  options: EMAIL_JOB_OPTIONS,
  async handle({ userId, dateFrom, dateTo }, ctx) {
    const outcome = await sendOnce(ctx, () =>
      prepareAccessEmail(
        ctx.db,
        { publicUrl: ctx.config.publicUrl, now: ctx.now() },
        { userId, dateFrom, dateTo },
      ),
    );
    if (outcome === "nothing") ctx.log.info("HCPC access asked for a user who no longer exists");
  },
});
