// The messages of contact verification and change of e-mail, rendered at send time (DESIGN.md §6).
import { LIFECYCLE, londonDateTime } from "@cpd/contract";
import { greeting, plainEmail } from "../../lib/html.js";
import type { Mail } from "../../lib/mailer.js";

export const emailChangeLink = (publicUrl: string, token: string) =>
  `${publicUrl}/v2/auth/confirm-email-change/${token}`;

/** The text message carrying a mobile verification code. */
export const mobileCodeSms = (code: string) =>
  `Your CPD verification code is ${code}. It expires in ${LIFECYCLE.verificationCodeMinutes} minutes.`;

export function alternativeEmailCodeEmail(to: string, firstName: string | null, code: string): Mail {
  return plainEmail({
    to,
    subject: "Your CPD verification code",
    paragraphs: [
      greeting(firstName),
      `Your code to verify this alternative email address is ${code}.`,
      `It expires in ${LIFECYCLE.verificationCodeMinutes} minutes. If you did not ask for it, you can ignore this e-mail.`,
    ],
  });
}

export function emailChangeLinkEmail(to: string, firstName: string | null, link: string): Mail {
  return plainEmail({
    to,
    subject: "Confirm your new CPD email address",
    paragraphs: [
      greeting(firstName),
      "You asked to use this address for your CPD account. Confirm it to finish the change:",
      `The link works for ${LIFECYCLE.emailChangeLinkHours} hours and only once. Until you confirm it, nothing changes.`,
      "If you did not ask for this, you can ignore this e-mail.",
    ],
    link: { href: link, label: "Confirm my new email address", after: 2 },
  });
}

export function emailChangedNotice(
  to: string,
  firstName: string | null,
  newEmail: string,
  changedAt: Date,
): Mail {
  return plainEmail({
    to,
    subject: "Your CPD email address has been changed",
    paragraphs: [
      greeting(firstName),
      `The email address of your CPD account was changed to ${newEmail} on ${londonDateTime(changedAt)}. You now log in with the new address.`,
      "If this was not you, please contact support straight away.",
    ],
  });
}
