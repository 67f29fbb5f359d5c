import { prepareAccessEmail } from "../../modules/hcpc-portal/access.js";
import { hcpcAccessJob } from "../definitions/hcpc-access.js";
import { emailHandler } from "./send-email.js";

export const hcpcAccessHandler = emailHandler(hcpcAccessJob, {
  render: ({ userId, dateFrom, dateTo }, ctx) =>
    prepareAccessEmail(
      ctx.db,
      { publicUrl: ctx.config.publicUrl, now: ctx.now() },
      { userId, dateFrom, dateTo },
    ),
  nothingSent: "HCPC access asked for a user who no longer exists",
});
