import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerSecurityHeaders, securityHeaders } from "./security-headers.js";

const captcha = { captcha: { scriptUrl: "https://captcha.example/api.js" } } as never;

describe("security headers", () => {
  it("are helmet's defaults with our policy, worked out once", () => {
    const h = securityHeaders(captcha);
    expect(h["content-security-policy"]).toContain("default-src 'self'");
    expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(h["content-security-policy"]).toContain("script-src 'self' https://captcha.example;");
    expect(h["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["x-frame-options"]).toBe("SAMEORIGIN");
    expect(h["cross-origin-opener-policy"]).toBe("same-origin");
    expect(h).not.toHaveProperty("cross-origin-embedder-policy");
  });

  it("are on every answer, 404s included, and a route may replace one", async () => {
    const app = Fastify();
    registerSecurityHeaders(app, captcha);
    app.get("/file", async (_req, reply) => reply.header("content-security-policy", "sandbox").send("x"));
    app.get("/json", async () => ({ ok: true }));
    const json = await app.inject("/json");
    expect(json.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(json.headers["referrer-policy"]).toBe("no-referrer");
    expect((await app.inject("/missing")).headers["x-content-type-options"]).toBe("nosniff");
    const file = await app.inject("/file");
    expect(file.headers["content-security-policy"]).toBe("sandbox");
    expect(file.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });
});
