import { Type } from "@sinclair/typebox";
import { emailJob } from "./shared.js";

const IsoDate = Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" });

/**
 * An HCPC audit portal link for a user and a date range. The payload holds ids and dates only:
 * the token is made when the e-mail is sent and never travels through Redis; `requestId` is the
 * job id, so one request mails at most once.
 */
export const hcpcAccessJob = emailJob("hcpc-access", {
  userId: Type.String({ maxLength: 36 }),
  dateFrom: IsoDate,
  dateTo: IsoDate,
  requestId: Type.String({ maxLength: 36 }),
});
