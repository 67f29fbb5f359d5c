import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// The same fake service ./scripts/start runs, over real HTTP on a free port.
import { createCaptchaServer, FAKE_CAPTCHA_SECRET } from "../../../../../scripts/fakes/captcha.mjs";
import { CaptchaUnavailable, captchaConnectorFrom, SiteverifyCaptchaConnector } from "./connector.js";

// A loopback siteverify service: it records each form it receives and answers per token.
const SECRET = "unit-captcha-secret";
const forms: URLSearchParams[] = [];
const used = new Set<string>();

function answer(req: IncomingMessage, res: ServerResponse) {
  let raw = "";
  req.on("data", (c) => {
    raw += c;
  });
  req.on("end", () => {
    const form = new URLSearchParams(raw);
    forms.push(form);
    const token = form.get("response") ?? "";
    const json = (status: number, body: string) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(body);
    };
    if (token === "down") return json(502, '{"error":"bad gateway"}');
    if (token === "garbage") return json(200, "<html>not json</html>");
    if (token === "no-success") return json(200, '{"hostname":"x"}');
    if (token === "slow") return void setTimeout(() => json(200, '{"success":true}'), 1_000);
    const ok = form.get("secret") === SECRET && token.startsWith("pass-") && !used.has(token);
    if (ok) used.add(token);
    return json(200, JSON.stringify({ success: ok }));
  });
}

let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer(answer);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("SiteverifyCaptchaConnector", () => {
  it("posts secret, response and remoteip as a form and answers the service's success", async () => {
    const c = new SiteverifyCaptchaConnector(url, SECRET);
    expect(await c.verify("pass-1", "203.0.113.9")).toBe(true);
    const form = forms.at(-1);
    expect(form?.get("secret")).toBe(SECRET);
    expect(form?.get("response")).toBe("pass-1");
    expect(form?.get("remoteip")).toBe("203.0.113.9");
    // Single use at the service: the same token fails the second time.
    expect(await c.verify("pass-1")).toBe(false);
    expect(forms.at(-1)?.has("remoteip")).toBe(false);
  });

  it("answers false for a refused token or a wrong secret", async () => {
    expect(await new SiteverifyCaptchaConnector(url, SECRET).verify("robot")).toBe(false);
    expect(await new SiteverifyCaptchaConnector(url, "wrong").verify("pass-2")).toBe(false);
  });

  it("throws CaptchaUnavailable when the service is down, errs, times out or answers nonsense", async () => {
    const c = new SiteverifyCaptchaConnector(url, SECRET, 200);
    for (const token of ["down", "garbage", "no-success", "slow"])
      await expect(c.verify(token), token).rejects.toBeInstanceOf(CaptchaUnavailable);
    const refused = new SiteverifyCaptchaConnector("http://127.0.0.1:9/siteverify", SECRET, 500);
    await expect(refused.verify("pass-3")).rejects.toBeInstanceOf(CaptchaUnavailable);
  });

  it("is built only when captcha is configured", () => {
    expect(captchaConnectorFrom({ captcha: null })).toBeNull();
    expect(captchaConnectorFrom({ captcha: { verifyUrl: url, secret: SECRET } })).toBeInstanceOf(
      SiteverifyCaptchaConnector,
    );
  });
});

describe("against the local fake (scripts/fakes/captcha.mjs)", () => {
  const fake = createCaptchaServer();
  let fakeUrl = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
    fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/siteverify`;
  });
  afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

  it("passes a fake-pass- token once and fails any other", async () => {
    const c = new SiteverifyCaptchaConnector(fakeUrl, FAKE_CAPTCHA_SECRET);
    const token = `fake-pass-${Math.random().toString(36).slice(2)}`;
    expect(await c.verify(token, "127.0.0.1")).toBe(true);
    expect(await c.verify(token, "127.0.0.1")).toBe(false);
    expect(await c.verify("not-a-pass")).toBe(false);
  });
});
