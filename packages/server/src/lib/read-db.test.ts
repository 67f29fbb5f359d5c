import type { Redis } from "ioredis";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.js";
import { type DbHandle, isConnectionError, lsnValue, ReadRouter } from "./read-db.js";

/** A Redis that fails the test on any call: without a replica nothing may reach it. */
const untouchable = new Proxy({} as Redis, {
  get: (_, name) => {
    throw new Error(`Redis.${String(name)} called without a replica`);
  },
});
const primary = { pool: {}, prisma: {} } as DbHandle;

describe("ReadRouter without DATABASE_READ_URL", () => {
  const router = new ReadRouter(primary, null, untouchable, "p", pino({ level: "silent" }));

  it("runs every read on the primary and never calls Redis", async () => {
    expect(router.replicated).toBe(false);
    expect(await router.run({ userId: "u" }, async (db) => db)).toBe(primary);
    expect(await router.run("fenced", async (db) => db)).toBe(primary);
    await router.noteWrite("u");
    await router.ping();
  });
});

describe("lsnValue", () => {
  it("orders WAL positions across the 32-bit boundary", () => {
    expect(lsnValue("0/FFFFFFFF") < lsnValue("1/0")).toBe(true);
    expect(lsnValue("16/B374D848")).toBe((0x16n << 32n) + 0xb374d848n);
  });
});

describe("isConnectionError", () => {
  it("tells an unreachable or departing server from an ordinary SQL error", () => {
    expect(isConnectionError(Object.assign(new Error("x"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isConnectionError(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isConnectionError(Object.assign(new Error("x"), { code: "57P01" }))).toBe(true);
    expect(isConnectionError(new Error("wrapped", { cause: { code: "08006" } }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error("x"), { code: "22P02" }))).toBe(false);
    expect(isConnectionError(undefined)).toBe(false);
  });
});

describe("DATABASE_READ_URL", () => {
  const base = {
    JWT_SECRET: "a-test-secret-of-at-least-32-chars",
    SUPPORT_CHAT_SECRET: "a-support-chat-test-secret",
  };

  it("is optional, and checked at boot when set", () => {
    expect(loadConfig(base).databaseReadUrl).toBeNull();
    expect(
      loadConfig({ ...base, DATABASE_READ_URL: "postgresql://r@10.0.0.2:5432/cpd" }).databaseReadUrl,
    ).toBe("postgresql://r@10.0.0.2:5432/cpd");
    expect(() => loadConfig({ ...base, DATABASE_READ_URL: "mysql://r@10.0.0.2/cpd" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, DATABASE_READ_URL: "mysql://r@10.0.0.2/cpd" })).toThrow(
      /DATABASE_READ_URL/,
    );
  });
});
