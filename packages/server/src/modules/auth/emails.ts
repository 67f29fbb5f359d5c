import { RESET_TOKEN_TTL_MINUTES } from "@cpd/contract";
import { button, greeting, paragraph, renderEmail, small } from "../../lib/email/render.js";
import type { Mail } from "../../lib/mailer.js";

export function passwordResetEmail(to: string, firstName: string, link: string): Mail {
  return renderEmail({
    to,
    subject: "Reset your CPD password",
    blocks: [
      greeting(firstName),
      paragraph(
        `Someone asked to reset the password of your CPD account. To choose a new password, open this link within ${RESET_TOKEN_TTL_MINUTES} minutes:`,
      ),
      button(link, "Reset my password"),
      small("If you did not ask for this, you can ignore this e-mail: your password has not changed."),
    ],
  });
}
