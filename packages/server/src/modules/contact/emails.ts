// The messages of contact verification and change of e-mail, rendered at send time (ADR 0008).
import { LIFECYCLE, londonDateTime } from "@cpd/contract";
import { button, greeting, paragraph, renderEmail, small } from "../../lib/email/render.js";
import type { Mail } from "../../lib/mailer.js";

export const emailChangeLink = (publicUrl: string, token: string) =>
  `${publicUrl}/v2/auth/confirm-email-change/${token}`;

/** The text message carrying a mobile verification code. */
export const mobileCodeSms = (code: string) =>
  `Your CPD verification code is ${code}. It expires in ${LIFECYCLE.verificationCodeMinutes} minutes.`;

export function alternativeEmailCodeEmail(to: string, firstName: string | null, code: string): Mail {
  return renderEmail({
    to,
    subject: "Your CPD verification code",
    blocks: [
      greeting(firstName),
      paragraph(["Your code to verify this alternative email address is ", { code }, "."]),
      small(
        `It expires in ${LIFECYCLE.verificationCodeMinutes} minutes. If you did not ask for it, you can ignore this e-mail.`,
      ),
    ],
  });
}

export function emailChangeLinkEmail(to: string, firstName: string | null, link: string): Mail {
  return renderEmail({
    to,
    subject: "Confirm your new CPD email address",
    blocks: [
      greeting(firstName),
      paragraph("You asked to use this address for your CPD account. Confirm it to finish the change:"),
      button(link, "Confirm my new email address"),
      paragraph(
        `The link works for ${LIFECYCLE.emailChangeLinkHours} hours and only once. Until you confirm it, nothing changes.`,
      ),
      small("If you did not ask for this, you can ignore this e-mail."),
    ],
  });
}

export function emailChangedNotice(
  to: string,
  firstName: string | null,
  newEmail: string,
  changedAt: Date,
): Mail {
  return renderEmail({
    to,
    subject: "Your CPD email address has been changed",
    blocks: [
      greeting(firstName),
      paragraph(
        `The email address of your CPD account was changed to ${newEmail} on ${londonDateTime(changedAt)}. You now log in with the new address.`,
      ),
      paragraph("If this was not you, please contact support straight away."),
    ],
  });
}
