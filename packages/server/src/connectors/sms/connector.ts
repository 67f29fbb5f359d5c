// Text messages (supervision 2FA codes), behind one interface. The HTTP
// implementation speaks a small gateway API (POST {to, from, body} with a bearer
// key); tests and ./scripts/start point it at the local fake (scripts/fakes/sms.mjs).
export interface SmsConnector {
  /** Sends one message to an E.164 number; throws SmsUnavailable when the gateway refuses or is down. */
  send(to: string, body: string): Promise<void>;
}

export class SmsUnavailable extends Error {}

export class HttpSmsConnector implements SmsConnector {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly sender: string,
    private readonly timeoutMs = 5_000,
  ) {}

  async send(to: string, body: string): Promise<void> {
    let res: Response;
    try {
      res = await fetch(new URL("/v1/messages", this.baseUrl), {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${this.apiKey}` },
        body: JSON.stringify({ to, from: this.sender, body }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new SmsUnavailable(String(err));
    }
    if (!res.ok) throw new SmsUnavailable(`the SMS gateway answered ${res.status}`);
  }
}

export function smsConnectorFrom(config: { sms: { url: string; apiKey: string; sender: string } | null }) {
  return config.sms ? new HttpSmsConnector(config.sms.url, config.sms.apiKey, config.sms.sender) : null;
}
