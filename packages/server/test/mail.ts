// Reading what the SMTP catcher (MailDev) received: the integration tests' only view of e-mail.
const MAILDEV = process.env.MAILDEV_URL ?? "http://127.0.0.1:1080";

export interface MailDevEmail {
  id: string;
  to: { address: string }[];
  subject: string;
  text: string;
  html?: string;
  attachments?: { fileName?: string; generatedFileName?: string; contentType: string; length?: number }[];
}

export async function mailsTo(to: string): Promise<MailDevEmail[]> {
  const all = (await (await fetch(`${MAILDEV}/email`)).json()) as MailDevEmail[];
  return all.filter((m) => m.to.some((t) => t.address.toLowerCase() === to.toLowerCase()));
}

/**
 * The first e-mail to `to` that `match` accepts and that is not in `seen` (which it joins), waiting for the
 * worker to send it. MailDev lists the oldest first.
 */
export async function waitForNewMail(
  to: string,
  match: (m: MailDevEmail) => boolean,
  seen: Set<string> = new Set(),
  timeoutMs = 15_000,
): Promise<MailDevEmail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await mailsTo(to)).find((m) => match(m) && !seen.has(m.id));
    if (found) {
      seen.add(found.id);
      return found;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no new e-mail to ${to} within ${timeoutMs} ms`);
}

/** The first (oldest) e-mail to `to`, waiting for one to arrive. */
export const waitForMail = (to: string, timeoutMs = 15_000) =>
  waitForNewMail(to, () => true, new Set(), timeoutMs);
