import { escapeHtml, greeting } from "../../lib/html.js";

/** "Your export is ready": the link opens the account page, where the download needs a login. */
export function exportReadyEmail(to: string, firstName: string, link: string, until: string) {
  const hello = greeting(firstName);
  const what = "The export of your CPD record (your data and every file, as a ZIP) is ready.";
  return {
    to,
    subject: "Your CPD data export is ready",
    text: `${hello}\n\n${what} Sign in and download it from your account page until ${until}:\n\n${link}\n\nIf you did not ask for this export, please change your password and contact support.\n`,
    html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(what)} Sign in and download it from your account page until ${escapeHtml(until)}:</p><p><a href="${escapeHtml(link)}">Download my data</a></p><p>If you did not ask for this export, please change your password and contact support.</p>`,
  };
}
