import { Type } from "@sinclair/typebox";
import { emailJob } from "./shared.js";

/**
 * A password reset request. The payload is the lower-cased address only, for known and unknown
 * addresses alike; the reset record and its link are made when the e-mail is sent.
 */
export const passwordResetJob = emailJob("password-reset", {
  email: Type.String({ minLength: 3, maxLength: 320 }),
});
