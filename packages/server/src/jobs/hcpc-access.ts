import { Type } from "@sinclair/typebox";
import { prepareAccessEmail } from "../modules/hcpc-portal/access.js";
import { defineEmailJob } from "./send-email.js";

const IsoDate = Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" });

/**
 * An HCPC audit portal link for a user and a date range. The payload holds ids and
 * dates only: the token is made here, when the e-mail is sent, and never travels
 * through Redis; `requestId` is the job id, so one request mails at most once.
 */
export const hcpcAccessJob = defineEmailJob({
  name: "hcpc-access",
  payload: {
    userId: Type.String({ maxLength: 36 }),
    dateFrom: IsoDate,
    dateTo: IsoDate,
    requestId: Type.String({ maxLength: 36 }),
  },
  render: ({ userId, dateFrom, dateTo }, ctx) =>
    prepareAccessEmail(
      ctx.db,
      { publicUrl: ctx.config.publicUrl, now: ctx.now() },
      { userId, dateFrom, dateTo },
    ),
  nothingSent: "HCPC access asked for a user who no longer exists",
});
