// A local stand-in for a captcha service, for the tests and ./scripts/start. It speaks the
// siteverify protocol that reCAPTCHA, hCaptcha and Turnstile share, so the server's connector
// (packages/server/src/connectors/captcha) is the one production uses:
//   POST /siteverify  (form: secret, response, remoteip) -> 200 {success, "error-codes"}
//   GET  /api.js      a widget script: window.grecaptcha.render(el, {sitekey, callback}) draws an
//                     "I am not a robot" checkbox whose tick hands the callback a token.
// Tokens the widget makes start with "fake-pass-" and pass once; any other token fails.
import http from "node:http";
import { sendJson } from "./http.mjs";

export const FAKE_CAPTCHA_SECRET = "local-captcha-secret";

const WIDGET = `(() => {
  const render = (el, opts) => {
    const host = typeof el === "string" ? document.getElementById(el) : el;
    const label = document.createElement("label");
    label.style.cssText = "display:inline-flex;gap:.5rem;align-items:center;padding:.75rem 1rem;border:1px solid #6b7280;border-radius:4px;background:#f9fafb;color:#111827;font:inherit";
    const box = document.createElement("input");
    box.type = "checkbox";
    box.addEventListener("change", () => {
      if (box.checked) opts.callback?.("fake-pass-" + crypto.randomUUID());
      else opts["expired-callback"]?.();
    });
    label.append(box, document.createTextNode("I am not a robot"));
    host.replaceChildren(label);
    return 0;
  };
  window.grecaptcha = { render, reset: () => {}, ready: (f) => f() };
  window.dispatchEvent(new Event("captcha-ready"));
})();`;

export function createCaptchaServer({ secret = FAKE_CAPTCHA_SECRET } = {}) {
  const used = new Set();
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (req.method === "GET" && url.pathname === "/health") return sendJson(res, 200, { ok: true });
    if (req.method === "GET" && url.pathname === "/api.js") {
      res.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" });
      return res.end(WIDGET);
    }
    if (req.method === "POST" && url.pathname === "/siteverify") {
      let raw = "";
      req.on("data", (c) => {
        raw += c;
        if (raw.length > 20_000) req.destroy();
      });
      req.on("end", () => {
        const form = new URLSearchParams(raw);
        if (form.get("secret") !== secret)
          return sendJson(res, 200, { success: false, "error-codes": ["invalid-input-secret"] });
        const token = form.get("response") ?? "";
        if (!token.startsWith("fake-pass-") || used.has(token))
          return sendJson(res, 200, { success: false, "error-codes": ["invalid-input-response"] });
        used.add(token);
        return sendJson(res, 200, {
          success: true,
          hostname: "localhost",
          challenge_ts: new Date().toISOString(),
        });
      });
      return;
    }
    sendJson(res, 404, { error: "not found" });
  });
}
