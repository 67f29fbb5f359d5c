// A local stand-in for an SMS gateway, for the tests and ./scripts/start. The contract the
// connector (packages/server/src/connectors/sms/connector.ts) speaks:
//   POST /v1/messages {to, from, body} (Bearer key) -> 201 {id} | 401 | 400
// and, for tests and local use only:
//   GET  /v1/messages?to=+447700900123              -> 200 [{id, to, from, body, at}] newest first
import http from "node:http";
import { readJson, sendJson } from "./http.mjs";

export const FAKE_SMS_API_KEY = "local-sms-gateway-key";

export function createSmsServer() {
  const messages = [];
  let next = 1;
  return http.createServer((req, res) => {
    const send = (status, body) => sendJson(res, status, body);
    const url = new URL(req.url ?? "/", "http://localhost");
    if (req.method === "GET" && url.pathname === "/health") return send(200, { ok: true });
    if (req.method === "GET" && url.pathname === "/v1/messages") {
      const to = url.searchParams.get("to");
      return send(
        200,
        messages
          .filter((m) => !to || m.to === to)
          .slice()
          .reverse(),
      );
    }
    if (req.method === "POST" && url.pathname === "/v1/messages") {
      if (req.headers.authorization !== `Bearer ${FAKE_SMS_API_KEY}`) return send(401, { error: "bad key" });
      readJson(
        req,
        res,
        (body) => {
          if (
            typeof body.to !== "string" ||
            !/^\+[1-9]\d{6,14}$/.test(body.to) ||
            typeof body.body !== "string"
          ) {
            return send(400, { error: "to (E.164) and body are required" });
          }
          const message = {
            id: String(next++),
            to: body.to,
            from: String(body.from ?? ""),
            body: body.body,
            at: new Date().toISOString(),
          };
          messages.push(message);
          if (messages.length > 1000) messages.shift();
          return send(201, { id: message.id });
        },
        10_000,
      );
      return;
    }
    send(404, { error: "not found" });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.SMS_PORT ?? 4610);
  createSmsServer().listen(port, "127.0.0.1", () => console.log(`fake SMS gateway on :${port}`));
}
