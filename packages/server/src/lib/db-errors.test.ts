import { describe, expect, it } from "vitest";
import { mapDbError } from "./db-errors.js";

const prisma = (code: string) =>
  Object.assign(new Error("x"), { name: "PrismaClientKnownRequestError", code });
const adapter = (originalCode: string) =>
  Object.assign(new Error("x"), { name: "DriverAdapterError", cause: { originalCode, kind: "postgres" } });

describe("mapDbError", () => {
  it("maps unique, missing and foreign-key errors to 409 and 404", () => {
    expect(mapDbError(prisma("P2002"))).toMatchObject({ statusCode: 409, code: "ALREADY_EXISTS" });
    expect(mapDbError(prisma("P2025"))).toMatchObject({ statusCode: 404, code: "NOT_FOUND" });
    expect(mapDbError(prisma("P2003"))).toMatchObject({ statusCode: 409, code: "CONFLICT" });
  });

  it("maps a full pool, a lost connection and a deadlock to a retryable 503", () => {
    expect(mapDbError(new Error("timeout exceeded when trying to connect"))?.statusCode).toBe(503);
    expect(mapDbError(Object.assign(new Error("x"), { code: "ECONNREFUSED" }))?.statusCode).toBe(503);
    expect(mapDbError(prisma("P2028"))?.statusCode).toBe(503);
    expect(mapDbError(adapter("40P01"))?.statusCode).toBe(503);
    // Redis away: what ioredis throws for a rate limit or an enqueue.
    expect(
      mapDbError(new Error("Stream isn't writeable and enableOfflineQueue options is false"))?.statusCode,
    ).toBe(503);
    expect(mapDbError(new Error("Connection is closed."))?.statusCode).toBe(503);
    expect(mapDbError(Object.assign(new Error("x"), { name: "MaxRetriesPerRequestError" }))?.statusCode).toBe(
      503,
    );
  });

  it("maps values PostgreSQL cannot store to 400, from the pool or the adapter", () => {
    const pgError = Object.assign(new Error("x"), { code: "22021", severity: "ERROR" });
    expect(mapDbError(pgError)?.statusCode).toBe(400);
    expect(mapDbError(adapter("22P02"))?.statusCode).toBe(400);
  });

  it("leaves anything else alone, so it stays a 500 to fix", () => {
    expect(mapDbError(new TypeError("undefined is not a function"))).toBeNull();
    expect(mapDbError(prisma("P2999"))).toBeNull();
    expect(mapDbError(Object.assign(new Error("x"), { code: "XX000", severity: "ERROR" }))).toBeNull();
  });
});
