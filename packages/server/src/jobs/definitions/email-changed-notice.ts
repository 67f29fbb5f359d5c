import { Type } from "@sinclair/typebox";
import { emailJob } from "./shared.js";

/** "Your address was changed to …": to the OLD address of one change (a history row's id). */
export const emailChangedNoticeJob = emailJob("email-changed-notice", {
  changeId: Type.String({ minLength: 36, maxLength: 36 }),
});
