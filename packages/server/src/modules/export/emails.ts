import { button, greeting, paragraph, renderEmail, small } from "../../lib/email/render.js";
import type { Mail } from "../../lib/mailer.js";

/** "Your export is ready": the link opens the account page, where the download needs a login. */
export function exportReadyEmail(to: string, firstName: string, link: string, until: string): Mail {
  return renderEmail({
    to,
    subject: "Your CPD data export is ready",
    blocks: [
      greeting(firstName),
      paragraph(
        `The export of your CPD record (your data and every file, as a ZIP) is ready. Sign in and download it from your account page until ${until}:`,
      ),
      button(link, "Download my data"),
      small("If you did not ask for this export, please change your password and contact support."),
    ],
  });
}
