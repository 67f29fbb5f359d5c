// Reads the e-mails the API under test sent, from MailDev's REST API (./scripts/test runs it).
import { request } from "@playwright/test";

const MAILDEV = process.env.MAILDEV_URL ?? "http://localhost:1080";

interface Mail {
  to: { address: string }[];
  subject: string;
  text?: string;
  html?: string;
  date: string;
}

/**
 * The first match of `pattern` in the newest e-mail to `email` sent since `since` (ms) whose
 * subject matches `subject`; waits up to 15 s for it to arrive.
 */
export async function waitForMail(
  email: string,
  { since, subject = /./, pattern }: { since: number; subject?: RegExp; pattern: RegExp },
): Promise<RegExpExecArray> {
  const api = await request.newContext();
  try {
    for (let i = 0; i < 30; i++) {
      const mails = (await (await api.get(`${MAILDEV}/email`)).json()) as Mail[];
      // MailDev lists messages in arrival order: the last one for the address is the newest.
      const mine = mails.filter(
        (m) =>
          m.to.some((t) => t.address.toLowerCase() === email.toLowerCase()) &&
          subject.test(m.subject) &&
          Date.parse(m.date) >= since - 1000,
      );
      const last = mine.at(-1);
      const found = last ? pattern.exec(`${last.text ?? ""} ${last.html ?? ""}`) : null;
      if (found) return found;
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await api.dispose();
  }
  throw new Error(`No e-mail to ${email} matching ${subject} and ${pattern} in MailDev at ${MAILDEV}`);
}
