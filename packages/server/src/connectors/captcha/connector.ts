// The registration captcha, behind one interface. The HTTP implementation speaks the siteverify
// protocol that reCAPTCHA, hCaptcha and Turnstile share (POST form secret, response, remoteip ->
// {success}); tests and ./scripts/start point it at the local fake (scripts/fakes/captcha.mjs).
export interface CaptchaConnector {
  /** True when the service accepts the token; throws CaptchaUnavailable when it cannot answer. */
  verify(token: string, remoteIp?: string): Promise<boolean>;
}

export class CaptchaUnavailable extends Error {}

export class SiteverifyCaptchaConnector implements CaptchaConnector {
  constructor(
    private readonly verifyUrl: string,
    private readonly secret: string,
    private readonly timeoutMs = 5_000,
  ) {}

  async verify(token: string, remoteIp?: string): Promise<boolean> {
    const form = new URLSearchParams({ secret: this.secret, response: token });
    if (remoteIp) form.set("remoteip", remoteIp);
    let answer: unknown;
    try {
      const res = await fetch(this.verifyUrl, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: form.toString(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!res.ok) throw new CaptchaUnavailable(`the captcha service answered ${res.status}`);
      answer = await res.json();
    } catch (err) {
      throw err instanceof CaptchaUnavailable ? err : new CaptchaUnavailable(String(err));
    }
    if (
      !answer ||
      typeof answer !== "object" ||
      typeof (answer as { success?: unknown }).success !== "boolean"
    )
      throw new CaptchaUnavailable("the captcha service answered something other than {success}");
    return (answer as { success: boolean }).success;
  }
}

export function captchaConnectorFrom(config: { captcha: { verifyUrl: string; secret: string } | null }) {
  return config.captcha
    ? new SiteverifyCaptchaConnector(config.captcha.verifyUrl, config.captcha.secret)
    : null;
}
