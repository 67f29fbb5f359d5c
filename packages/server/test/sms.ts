// Reading what the fake SMS gateway (scripts/fakes/sms.mjs) received: the tests' only view of text messages.
import { vi } from "vitest";

const SMS = process.env.SMS_API_URL ?? "http://127.0.0.1:4610";

export interface SmsMessage {
  id: string;
  to: string;
  from: string;
  body: string;
  at: string;
}

/** Messages sent to `to` (E.164, e.g. +447700900123), newest first. */
export async function smsTo(to: string): Promise<SmsMessage[]> {
  const res = await fetch(`${SMS}/v1/messages?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`the fake SMS gateway answered ${res.status}`);
  return (await res.json()) as SmsMessage[];
}

/** The newest message to `to` that `match` accepts, waiting for it to arrive. */
export async function waitForSms(
  to: string,
  match: (m: SmsMessage) => boolean = () => true,
  timeoutMs = 15_000,
): Promise<SmsMessage> {
  return vi.waitFor(
    async () => {
      const found = (await smsTo(to)).find(match);
      if (!found) throw new Error(`no text message to ${to} within ${timeoutMs} ms`);
      return found;
    },
    { timeout: timeoutMs, interval: 200 },
  );
}
