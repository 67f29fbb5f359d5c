// A local stand-in for the external direct-debit payment page, for the tests and ./scripts/start.
//   GET  /checkout?customer=<user id>&email=<address>  the page: choose monthly or yearly, pay
//   POST /checkout  (form: customer, plan)             "pays", then posts a signed
//                                                      membership.started webhook to the target
//   POST /events    {customer, type, plan?, periodEnd?, id?}  sends any event (tests, local use)
//   GET  /events                                       what was sent and the server's answers
// Webhooks carry X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body"> with the shared
// secret, as the server's webhook checks (packages/server/src/modules/membership).
import { createHmac, randomUUID } from "node:crypto";
import http from "node:http";
import { readJson, sendJson } from "./http.mjs";

export const FAKE_WEBHOOK_SECRET = "local-payment-webhook-secret-not-for-production";

export function signWebhook(body, secret, at = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac("sha256", secret).update(`${at}.${body}`).digest("hex");
  return `t=${at},v1=${v1}`;
}

const html = (s) =>
  String(s).replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c],
  );

function addPeriod(plan, from = new Date()) {
  const end = new Date(from);
  if (plan === "yearly") end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end.toISOString().slice(0, 10);
}

export function createPaymentServer({ target, secret = FAKE_WEBHOOK_SECRET } = {}) {
  const sent = [];
  async function deliver(event) {
    const body = JSON.stringify(event);
    let status = 0;
    let answer = null;
    try {
      const res = await fetch(target, {
        method: "POST",
        headers: { "content-type": "application/json", "x-signature": signWebhook(body, secret) },
        body,
      });
      status = res.status;
      answer = await res.text();
    } catch (err) {
      answer = String(err);
    }
    sent.push({ event, status, answer });
    return { status, answer };
  }
  const eventOf = (e) => ({
    id: e.id ?? `evt_${randomUUID()}`,
    type: e.type ?? "membership.started",
    customer: e.customer,
    ...(e.plan ? { plan: e.plan } : {}),
    periodEnd: e.periodEnd ?? addPeriod(e.plan),
  });
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (req.method === "GET" && url.pathname === "/health") return sendJson(res, 200, { ok: true });
    if (req.method === "GET" && url.pathname === "/events") return sendJson(res, 200, sent);
    if (req.method === "POST" && url.pathname === "/events")
      return readJson(req, res, async (e) => sendJson(res, 200, await deliver(eventOf(e))), 10_000);
    if (req.method === "GET" && url.pathname === "/checkout") {
      const customer = url.searchParams.get("customer") ?? "";
      const email = url.searchParams.get("email") ?? "";
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Direct Debit (local)</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:system-ui;max-width:32rem;margin:2rem auto;padding:0 1rem">
<h1>Set up your Direct Debit</h1><p>Local payment page for ${html(email) || "your account"}. Nothing is charged.</p>
<form method="post" action="/checkout"><input type="hidden" name="customer" value="${html(customer)}">
<fieldset><legend>Plan</legend>
<label><input type="radio" name="plan" value="monthly" checked> GBP 2.99 per month</label><br>
<label><input type="radio" name="plan" value="yearly"> GBP 24.99 per year</label></fieldset>
<p><button type="submit">Pay</button></p></form></body></html>`);
    }
    if (req.method === "POST" && url.pathname === "/checkout") {
      let raw = "";
      req.on("data", (c) => {
        raw += c;
        if (raw.length > 10_000) req.destroy();
      });
      req.on("end", async () => {
        const form = new URLSearchParams(raw);
        const plan = form.get("plan") === "yearly" ? "yearly" : "monthly";
        const { status } = await deliver(eventOf({ customer: form.get("customer"), plan }));
        res.writeHead(status === 200 ? 200 : 502, { "content-type": "text/html; charset=utf-8" });
        res.end(
          status === 200
            ? "<!doctype html><title>Paid</title><h1>Thank you</h1><p>Your Premium membership is active. You can close this tab.</p>"
            : `<!doctype html><title>Failed</title><h1>Something went wrong</h1><p>The membership server answered ${status}.</p>`,
        );
      });
      return;
    }
    sendJson(res, 404, { error: "not found" });
  });
}
