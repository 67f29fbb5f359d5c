import { RESET_TOKEN_TTL_MINUTES } from "@cpd/contract";
import { escapeHtml, greeting } from "../../lib/html.js";

export function passwordResetEmail(to: string, firstName: string, link: string) {
  const hello = greeting(firstName);
  return {
    to,
    subject: "Reset your CPD password",
    text: `${hello}\n\nSomeone asked to reset the password of your CPD account. To choose a new password, open this link within ${RESET_TOKEN_TTL_MINUTES} minutes:\n\n${link}\n\nIf you did not ask for this, you can ignore this e-mail: your password has not changed.\n`,
    html: `<p>${escapeHtml(hello)}</p><p>Someone asked to reset the password of your CPD account. To choose a new password, open this link within ${RESET_TOKEN_TTL_MINUTES} minutes:</p><p><a href="${escapeHtml(link)}">Reset my password</a></p><p>If you did not ask for this, you can ignore this e-mail: your password has not changed.</p>`,
  };
}
