import { prepareResetEmail } from "../../modules/auth/reset-email.js";
import { passwordResetJob } from "../definitions/password-reset.js";
import { emailHandler } from "./send-email.js";

export const passwordResetHandler = emailHandler(passwordResetJob, {
  render: ({ email }, ctx) => prepareResetEmail(ctx.db, ctx.config.publicUrl, email),
  nothingSent: "password reset asked for an address without an account",
});
