// The e-mail that carries an HCPC audit portal link (rendered in the job, at send time).
import { HCPC, ukDate } from "@cpd/contract";
import { button, greeting, paragraph, renderEmail, small } from "../../lib/email/render.js";
import type { Mail } from "../../lib/mailer.js";

export function hcpcAccessEmail(
  to: string,
  firstName: string,
  link: string,
  range: { dateFrom: string; dateTo: string },
): Mail {
  const span = `${ukDate(range.dateFrom)} to ${ukDate(range.dateTo)}`;
  return renderEmail({
    to,
    subject: "Your HCPC audit portal link",
    blocks: [
      greeting(firstName),
      paragraph(
        `Here is your link to the HCPC audit portal for your CPD from ${span}. It works for ${HCPC.accessDays} days:`,
      ),
      button(link, "Open the HCPC audit portal"),
      small("If you did not ask for this, you can ignore this e-mail."),
    ],
  });
}
