// Database failures mapped to answers in one place (DESIGN.md §4): a unique
// clash is a 409, a missing row a 404, a full pool or a lost connection a 503
// the client may retry. Anything unrecognised stays a 500 (a bug to fix).
import { AppError } from "./errors.js";

/** Seconds a client should wait before retrying a 503. */
export const RETRY_AFTER_SECONDS = 1;

export class ServiceUnavailable extends AppError {
  constructor(message = "The service is busy. Please try again in a moment.") {
    super(503, "SERVICE_UNAVAILABLE", message);
  }
}

interface MaybeDbError {
  name?: string;
  code?: unknown;
  message?: unknown;
  severity?: unknown;
  meta?: { driverAdapterError?: { cause?: { originalCode?: string } } };
  cause?: { originalCode?: string; kind?: string };
}

/** The PostgreSQL SQLSTATE behind a pg, Prisma or driver-adapter error, if any. */
function sqlState(e: MaybeDbError): string | undefined {
  if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code) && e.severity) return e.code;
  return e.meta?.driverAdapterError?.cause?.originalCode ?? e.cause?.originalCode;
}

const UNAVAILABLE_MESSAGES = [
  "timeout exceeded when trying to connect", // pg pool: no connection freed up in time
  "Connection terminated",
  "Client has encountered a connection error",
];

export function mapDbError(err: unknown): AppError | null {
  if (!err || typeof err !== "object") return null;
  const e = err as MaybeDbError;
  const message = typeof e.message === "string" ? e.message : "";
  if (UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return new ServiceUnavailable();
  if (["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT"].includes(String(e.code))) return new ServiceUnavailable();
  // Prisma's own codes first (https://www.prisma.io/docs/orm/reference/error-reference).
  switch (e.name === "PrismaClientKnownRequestError" ? e.code : undefined) {
    case "P2002":
      return new AppError(409, "ALREADY_EXISTS", "This already exists");
    case "P2025":
    case "P2015":
      return new AppError(404, "NOT_FOUND", "Not found");
    case "P2003":
      return new AppError(
        409,
        "CONFLICT",
        "This refers to a record that no longer exists or is still in use",
      );
    case "P1001":
    case "P1017":
    case "P2024":
    case "P2028":
      return new ServiceUnavailable();
  }
  switch (sqlState(e)) {
    case "23505":
      return new AppError(409, "ALREADY_EXISTS", "This already exists");
    case "23503":
      return new AppError(
        409,
        "CONFLICT",
        "This refers to a record that no longer exists or is still in use",
      );
    case "22P02": // invalid text representation (e.g. a malformed id)
    case "22021": // NUL or bad encoding
    case "22001": // value too long
    case "22003": // number out of range
    case "22007":
    case "22008": // bad date or time
      return new AppError(400, "BAD_REQUEST", "The request contains a value that cannot be stored");
    case "40001": // serialization failure
    case "40P01": // deadlock detected
    case "55P03": // lock not available
    case "57014": // statement timeout
    case "53300": // too many connections
    case "57P01": // admin shutdown
      return new ServiceUnavailable();
  }
  return null;
}
