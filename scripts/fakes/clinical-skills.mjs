// A local stand-in for the external Clinical Skills logging service, for the
// tests and ./scripts/start. Same HTTP contract as the connector expects:
//   POST /v1/tokens {email, password} (x-api-key) -> 200 {accountId, accessToken} | 401
//   GET  /v1/statistics (Bearer accessToken)      -> 200 {skills7, skills30, shifts7, shifts30} | 401
// Demo account: demo@example.org / Skills123!
import { createHash } from "node:crypto";
import http from "node:http";
import { readJson, sendJson } from "./http.mjs";

export const FAKE_ACCOUNTS = { "demo@example.org": "Skills123!", "nurse@example.org": "Skills123!" };
export const FAKE_API_KEY = "local-clinical-skills-key";

const tokenFor = (email) => createHash("sha256").update(`fake-cs:${email}`).digest("hex");

export function createClinicalSkillsServer() {
  const tokens = new Map(Object.keys(FAKE_ACCOUNTS).map((e) => [tokenFor(e), e]));
  return http.createServer((req, res) => {
    const send = (status, body) => sendJson(res, status, body);
    if (req.method === "GET" && req.url === "/health") return send(200, { ok: true });
    if (req.method === "POST" && req.url === "/v1/tokens") {
      if (req.headers["x-api-key"] !== FAKE_API_KEY) return send(403, { error: "bad api key" });
      readJson(req, res, (body) => {
        const email = String(body.email ?? "").toLowerCase();
        if (FAKE_ACCOUNTS[email] && FAKE_ACCOUNTS[email] === body.password) {
          return send(200, { accountId: `cs-${email.split("@")[0]}`, accessToken: tokenFor(email) });
        }
        return send(401, { error: "invalid credentials" });
      });
      return;
    }
    if (req.method === "GET" && req.url === "/v1/statistics") {
      const email = tokens.get(String(req.headers.authorization ?? "").replace(/^Bearer /, ""));
      if (!email) return send(401, { error: "invalid token" });
      const seed = email.length;
      return send(200, { skills7: (seed % 7) + 3, skills30: seed + 20, shifts7: 2, shifts30: 9 });
    }
    send(404, { error: "not found" });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.CLINICAL_SKILLS_PORT ?? 4600);
  createClinicalSkillsServer().listen(port, "127.0.0.1", () =>
    console.log(`fake Clinical Skills on :${port}`),
  );
}
