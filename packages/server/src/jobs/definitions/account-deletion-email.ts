import { Type } from "@sinclair/typebox";
import { emailJob } from "./shared.js";

/**
 * Confirms a scheduled deletion by e-mail, with the date read when the e-mail is sent (the job id
 * names the user and the date, so each date chosen is confirmed once). Nothing when cancelled.
 */
export const deletionEmailJob = emailJob("account-deletion-email", {
  userId: Type.String({ minLength: 36, maxLength: 36 }),
});
