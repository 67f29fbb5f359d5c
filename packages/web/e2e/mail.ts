// Reads the e-mails the API under test sent, from MailDev's REST API (./scripts/test runs it).
import { expect, request } from "@playwright/test";

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
  const hit: { found?: RegExpExecArray } = {};
  try {
    await expect(async () => {
      const mails = (await (await api.get(`${MAILDEV}/email`)).json()) as Mail[];
      // MailDev lists messages in arrival order: the last one for the address is the newest.
      const mine = mails.filter(
        (m) =>
          m.to.some((t) => t.address.toLowerCase() === email.toLowerCase()) &&
          subject.test(m.subject) &&
          Date.parse(m.date) >= since - 1000,
      );
      const last = mine.at(-1);
      hit.found = (last ? pattern.exec(`${last.text ?? ""} ${last.html ?? ""}`) : null) ?? undefined;
      expect(
        hit.found,
        `No e-mail to ${email} matching ${subject} and ${pattern} in MailDev at ${MAILDEV}`,
      ).toBeDefined();
    }).toPass({ timeout: 15_000, intervals: [500] });
  } finally {
    await api.dispose();
  }
  return hit.found as RegExpExecArray;
}
