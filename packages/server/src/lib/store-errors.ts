// Failures of the stores (PostgreSQL, Redis, S3) mapped to answers in one place (ADR 0005): a unique
// clash is a 409, a missing row a 404, a full pool or a lost connection (to
// PostgreSQL, Redis or S3) a 503 the client may retry, as is S3 answering with a failure of its
// own (a 5xx, such as MinIO's 507 when its disk is full). Anything unrecognised stays a 500 (a bug to fix).
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
  /** AWS SDK errors: who failed, and S3's HTTP status. */
  $fault?: string;
  $metadata?: { httpStatusCode?: number };
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
  // ioredis while Redis is away (rate limits, queues): the request paths fail fast, never queue.
  "Stream isn't writeable and enableOfflineQueue options is false",
  "Connection is closed",
];

const alreadyExists = () => new AppError(409, "ALREADY_EXISTS", "This already exists");
const stillReferenced = () =>
  new AppError(409, "CONFLICT", "This refers to a record that no longer exists or is still in use");
const unstorable = () =>
  new AppError(400, "BAD_REQUEST", "The request contains a value that cannot be stored");
const unavailable = () => new ServiceUnavailable();
const storageFull = () =>
  new ServiceUnavailable("File storage is full, so the file was not saved. Please try again later.");
const storageFailed = () =>
  new ServiceUnavailable(
    "File storage is unavailable for a moment, so the file was not saved. Please try again.",
  );

/** S3 answered with its own failure: a full disk (507, MinIO's XMinioStorageFull) or another 5xx. */
function storageError(e: MaybeDbError): AppError | null {
  const status = e.$metadata?.httpStatusCode ?? 0;
  if (status === 507 || /StorageFull|InsufficientStorage/i.test(e.name ?? "")) return storageFull();
  return e.$fault === "server" || status >= 500 ? storageFailed() : null;
}

/** Prisma's own codes (https://www.prisma.io/docs/orm/reference/error-reference). */
const BY_PRISMA_CODE: Record<string, () => AppError> = {
  P2002: alreadyExists,
  P2025: () => new AppError(404, "NOT_FOUND", "Not found"),
  P2015: () => new AppError(404, "NOT_FOUND", "Not found"),
  P2003: stillReferenced,
  P1001: unavailable,
  P1017: unavailable,
  P2024: unavailable,
  P2028: unavailable,
};

/** PostgreSQL SQLSTATEs, for raw queries on the pool and driver-adapter errors. */
const BY_SQLSTATE: Record<string, () => AppError> = {
  "23505": alreadyExists,
  "23503": stillReferenced,
  "22P02": unstorable, // invalid text representation (e.g. a malformed id)
  "22021": unstorable, // NUL or bad encoding
  "22001": unstorable, // value too long
  "22003": unstorable, // number out of range
  "22007": unstorable, // bad date or time
  "22008": unstorable,
  "40001": unavailable, // serialization failure
  "40P01": unavailable, // deadlock detected
  "55P03": unavailable, // lock not available
  "57014": unavailable, // statement timeout
  "53300": unavailable, // too many connections
  "57P01": unavailable, // admin shutdown
};

export function mapDbError(err: unknown): AppError | null {
  if (!err || typeof err !== "object") return null;
  const e = err as MaybeDbError;
  const message = typeof e.message === "string" ? e.message : "";
  if (UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return unavailable();
  if (e.name === "MaxRetriesPerRequestError") return unavailable();
  if (["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT"].includes(String(e.code))) return unavailable();
  // EPIPE: the store closed the connection while a streamed upload was still being written to it
  // (MinIO refusing a write it has no room for does so before reading the rest).
  if (String(e.code) === "EPIPE") return storageFailed();
  const storage = storageError(e);
  if (storage) return storage;
  const prisma = e.name === "PrismaClientKnownRequestError" ? BY_PRISMA_CODE[String(e.code)] : undefined;
  if (prisma) return prisma();
  const state = sqlState(e);
  return state && BY_SQLSTATE[state] ? BY_SQLSTATE[state]() : null;
}
