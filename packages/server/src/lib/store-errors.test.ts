import { describe, expect, it } from "vitest";
import { mapDbError } from "./store-errors.js";

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

  it("maps S3 answering a failure (a full disk, a 5xx) to a 503 that says the file was not saved", () => {
    const s3 = (name: string, httpStatusCode: number, $fault: string) =>
      Object.assign(new Error("x"), { name, $fault, $metadata: { httpStatusCode } });
    expect(mapDbError(s3("XMinioStorageFull", 507, "server"))).toMatchObject({
      statusCode: 503,
      code: "SERVICE_UNAVAILABLE",
      message: "File storage is full, so the file was not saved. Please try again later.",
    });
    expect(mapDbError(s3("InternalError", 500, "server"))?.message).toMatch(/^File storage is unavailable/);
    // The store closing the connection while an upload is still being written to it.
    expect(mapDbError(Object.assign(new Error("write EPIPE"), { code: "EPIPE" }))?.message).toMatch(
      /^File storage is unavailable/,
    );
    // A refusal of ours that S3 reports (403, 404) is not a storage outage.
    expect(mapDbError(s3("AccessDenied", 403, "client"))).toBeNull();
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
