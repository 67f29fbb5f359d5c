import { Type } from "@sinclair/typebox";
import { prepareEmailChangedNotice } from "../modules/contact/email-change.js";
import { defineEmailJob } from "./send-email.js";

/** "Your address was changed to …": to the OLD address of one change (a history row's id). */
export const emailChangedNoticeJob = defineEmailJob({
  name: "email-changed-notice",
  payload: { changeId: Type.String({ minLength: 36, maxLength: 36 }) },
  render: ({ changeId }, ctx) => prepareEmailChangedNotice(ctx.db, changeId),
  nothingSent: "e-mail change record gone; nothing sent",
  logged: ({ changeId }) => ({ changeId }),
});
