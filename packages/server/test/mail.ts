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

export async function waitForMail(to: string, timeoutMs = 15_000): Promise<MailDevEmail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await mailsTo(to))[0];
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
}
