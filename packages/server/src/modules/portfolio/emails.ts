import { escapeHtml, greeting } from "../../lib/html.js";

/** "Your portfolio is ready": a portfolio of 100 pages or more is e-mailed, never downloaded in the page. */
export function portfolioReadyEmail(
  to: string,
  firstName: string,
  link: string,
  pages: number,
  until: string,
) {
  const hello = greeting(firstName);
  const what = `Your CPD portfolio (${pages} pages) is ready.`;
  return {
    to,
    subject: "Your CPD portfolio is ready",
    text: `${hello}\n\n${what} Download it from this link until ${until}:\n\n${link}\n\nThe link downloads your portfolio without signing in: do not forward this e-mail.\n`,
    html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(what)} Download it until ${escapeHtml(until)}:</p><p><a href="${escapeHtml(link)}">Download my portfolio</a></p><p>The link downloads your portfolio without signing in: do not forward this e-mail.</p>`,
  };
}
