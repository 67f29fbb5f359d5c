// The e-mail that carries an HCPC audit portal link (rendered in the job, at send time).
import { HCPC, ukDate } from "@cpd/contract";
import { escapeHtml, greeting } from "../../lib/html.js";
import type { Mail } from "../../lib/mailer.js";

export function hcpcAccessEmail(
  to: string,
  firstName: string,
  link: string,
  range: { dateFrom: string; dateTo: string },
): Mail {
  const hello = greeting(firstName);
  const span = `${ukDate(range.dateFrom)} to ${ukDate(range.dateTo)}`;
  const lead = `Here is your link to the HCPC audit portal for your CPD from ${span}. It works for ${HCPC.accessDays} days:`;
  const tail = "If you did not ask for this, you can ignore this e-mail.";
  return {
    to,
    subject: "Your HCPC audit portal link",
    text: `${hello}\n\n${lead}\n\n${link}\n\n${tail}\n`,
    html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(lead)}</p><p><a href="${escapeHtml(link)}">Open the HCPC audit portal</a></p><p>${tail}</p>`,
  };
}
