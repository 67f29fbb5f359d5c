import { prepareSupervisionEmail } from "../../modules/supervision/emails.js";
import { supervisionEmailJob } from "../definitions/supervision-email.js";
import { emailHandler } from "./send-email.js";

export const supervisionEmailHandler = emailHandler(supervisionEmailJob, {
  render: (data, ctx) =>
    prepareSupervisionEmail(
      ctx.db,
      { publicUrl: ctx.config.publicUrl, smsConfigured: ctx.config.sms !== null },
      data,
    ),
  nothingSent: "supervision share gone; nothing sent",
  logged: ({ shareId }) => ({ shareId }),
});
