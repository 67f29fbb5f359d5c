import { prepareEmailChangedNotice } from "../../modules/contact/email-change.js";
import { emailChangedNoticeJob } from "../definitions/email-changed-notice.js";
import { emailHandler } from "./send-email.js";

export const emailChangedNoticeHandler = emailHandler(emailChangedNoticeJob, {
  render: ({ changeId }, ctx) => prepareEmailChangedNotice(ctx.db, changeId),
  nothingSent: "e-mail change record gone; nothing sent",
  logged: ({ changeId }) => ({ changeId }),
});
