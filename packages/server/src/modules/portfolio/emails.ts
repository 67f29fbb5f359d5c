import { button, greeting, paragraph, renderEmail, small } from "../../lib/email/render.js";
import type { Mail } from "../../lib/mailer.js";

/** "Your portfolio is ready": a portfolio of 100 pages or more is e-mailed, never downloaded in the page. */
export function portfolioReadyEmail(
  to: string,
  firstName: string,
  link: string,
  pages: number,
  until: string,
): Mail {
  return renderEmail({
    to,
    subject: "Your CPD portfolio is ready",
    blocks: [
      greeting(firstName),
      paragraph(`Your CPD portfolio (${pages} pages) is ready. Download it from this link until ${until}:`),
      button(link, "Download my portfolio"),
      small("The link downloads your portfolio without signing in: do not forward this e-mail."),
    ],
  });
}
