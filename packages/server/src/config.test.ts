import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

const strong = () => randomBytes(36).toString("base64url");

const production = (env: Record<string, string>) =>
  loadConfig({
    NODE_ENV: "production",
    JWT_SECRET: strong(),
    SUPPORT_CHAT_SECRET: strong(),
    ...env,
  });

describe("secrets in production", () => {
  it("starts with long random secrets", () => {
    const secret = strong();
    const config = production({ JWT_SECRET: secret });
    expect(config.jwtSecret).toBe(secret);
    expect(config.env).toBe("production");
  });

  it.each([
    ["the old ./scripts/start secret", "local-development-jwt-secret-not-for-production"],
    ["the integration tests' secret", "integration-test-secret-integration-test-secret"],
    ["the OpenAPI generator's secret", "openapi-generation-only-secret-000000"],
    ["the seed's secret", "x".repeat(32)],
    ["a ./scripts/test run's secret", "test-jwt-secret-20250101_120000_1234-0123456789abcdef"],
  ])("refuses %s as JWT_SECRET", (_what, secret) => {
    expect(() => production({ JWT_SECRET: secret })).toThrow(ConfigError);
    expect(() => production({ JWT_SECRET: secret })).toThrow(/JWT_SECRET/);
  });

  it("refuses a JWT_SECRET under 32 bytes", () => {
    expect(() => production({ JWT_SECRET: strong().slice(0, 31) })).toThrow(/JWT_SECRET/);
  });

  it("refuses a repository value as SUPPORT_CHAT_SECRET or DATA_ENCRYPTION_KEY", () => {
    expect(() => production({ SUPPORT_CHAT_SECRET: "local-development-support-chat-secret" })).toThrow(
      /SUPPORT_CHAT_SECRET: a value written in the repository/,
    );
    expect(() =>
      production({ DATA_ENCRYPTION_KEY: "integration-test-secret-integration-test-secret" }),
    ).toThrow(/DATA_ENCRYPTION_KEY: a value written in the repository/);
  });

  it("refuses a long run of few characters", () => {
    expect(() => production({ JWT_SECRET: "ab".repeat(24) })).toThrow(/too few distinct characters/);
  });

  it("lets development and tests use the repository's local values", () => {
    for (const env of ["development", "test"]) {
      const config = loadConfig({
        NODE_ENV: env,
        JWT_SECRET: "local-development-jwt-secret-not-for-production",
        SUPPORT_CHAT_SECRET: "local-development-support-chat-secret",
      });
      expect(config.jwtSecret).toBe("local-development-jwt-secret-not-for-production");
    }
  });

  it("refuses every secret value written in the repository's scripts, tests and examples", () => {
    const root = fileURLToPath(new URL("../../../", import.meta.url));
    const files = [
      "scripts/lib/env.sh",
      "scripts/test",
      ".env.example",
      "packages/server/test/harness.ts",
      "packages/server/src/openapi.ts",
    ];
    const found: [string, string][] = [];
    for (const f of files) {
      const text = readFileSync(path.join(root, f), "utf8");
      for (const m of text.matchAll(
        /(JWT_SECRET|SUPPORT_CHAT_SECRET|DATA_ENCRYPTION_KEY)["']?\s*(?::-|[:=])\s*["']?([^"'$\s}]+)/g,
      )) {
        found.push([m[1] as string, m[2] as string]);
      }
    }
    expect(found.length, "the scan finds the test harness's secrets at least").toBeGreaterThanOrEqual(2);
    for (const [name, value] of found) {
      expect(() => production({ [name]: value }), `${name}=${value}`).toThrow(ConfigError);
    }
  });
});

describe("listening address", () => {
  it("defaults to loopback; HOST=0.0.0.0 is explicit (the container images set it)", () => {
    const base = { JWT_SECRET: strong(), SUPPORT_CHAT_SECRET: strong() };
    expect(loadConfig(base).host).toBe("127.0.0.1");
    expect(loadConfig({ ...base, HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
  });
});

describe("documentation", () => {
  it("lists every variable the server reads in the README's configuration table", async () => {
    const { Env } = await import("./config.js");
    const here = path.dirname(fileURLToPath(import.meta.url));
    const readme = readFileSync(path.resolve(here, "../../../README.md"), "utf8");
    const missing = Object.keys(Env.properties).filter((name) => !readme.includes(`| \`${name}\``));
    expect(missing).toEqual([]);
  });
});

describe("the SPA's public configuration (login links and videos)", () => {
  const base = { JWT_SECRET: strong(), SUPPORT_CHAT_SECRET: strong() };

  it("is empty when unset", () => {
    expect(loadConfig(base).shell).toEqual({
      footerLinks: [],
      socialLinks: [],
      promoVideoUrl: null,
      hcpcGuideVideoUrl: null,
    });
  });

  it("reads Label|URL pairs and the two video addresses", () => {
    const config = loadConfig({
      ...base,
      LOGIN_FOOTER_LINKS: "Privacy policy|https://example.org/privacy, Terms|https://example.org/terms",
      LOGIN_SOCIAL_LINKS: "LinkedIn|https://www.linkedin.com/company/example",
      LOGIN_PROMO_VIDEO_URL: "https://player.example.org/promo",
      HCPC_GUIDE_VIDEO_URL: "https://player.example.org/hcpc-guide",
    });
    expect(config.shell).toEqual({
      footerLinks: [
        { label: "Privacy policy", url: "https://example.org/privacy" },
        { label: "Terms", url: "https://example.org/terms" },
      ],
      socialLinks: [{ label: "LinkedIn", url: "https://www.linkedin.com/company/example" }],
      promoVideoUrl: "https://player.example.org/promo",
      hcpcGuideVideoUrl: "https://player.example.org/hcpc-guide",
    });
  });

  it.each([
    ["LOGIN_FOOTER_LINKS", "Privacy policy"],
    ["LOGIN_FOOTER_LINKS", "Privacy|javascript:alert(1)"],
    ["LOGIN_SOCIAL_LINKS", "LinkedIn|https://example.org,"],
    ["LOGIN_PROMO_VIDEO_URL", "ftp://example.org/video"],
    ["HCPC_GUIDE_VIDEO_URL", "not a url"],
  ])("refuses a malformed %s at boot", (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(new RegExp(name));
  });
});
