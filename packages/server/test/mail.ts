// Reading what the SMTP catcher (MailDev) received: the integration tests' only view of e-mail.
import { randomUUID } from "node:crypto";
import { vi } from "vitest";
import type { Config } from "../src/config.js";
import { createMailer } from "../src/lib/mailer.js";

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
  const found = await vi.waitFor(
    async () => {
      const mail = (await mailsTo(to)).find((m) => match(m) && !seen.has(m.id));
      if (!mail) throw new Error(`no new e-mail to ${to} within ${timeoutMs} ms`);
      return mail;
    },
    { timeout: timeoutMs, interval: 200 },
  );
  seen.add(found.id);
  return found;
}

/** The first (oldest) e-mail to `to`, waiting for one to arrive. */
export const waitForMail = (to: string, timeoutMs = 15_000) =>
  waitForNewMail(to, () => true, new Set(), timeoutMs);

/**
 * Waits until MailDev lists an e-mail sent now, so that it lists every e-mail whose sending finished
 * before (it acknowledges a message first and lists it once parsed): what a test then finds missing
 * was never sent.
 */
export async function mailCaughtUp(smtp: Config["smtp"]) {
  const to = `caught-up-${randomUUID()}@test.example`;
  const mailer = createMailer(smtp);
  try {
    await mailer.send({ to, subject: "Caught up", text: "Caught up", html: "<p>Caught up</p>" });
  } finally {
    mailer.close();
  }
  await waitForMail(to);
}
