// One error handler: every failure leaves as { statusCode, error, message, code }
// with a code from the contract's enum; a 5xx never shows its internals.
import { STATUS_CODES } from "node:http";
import type { ErrorCode, IdentifiersFoundDetails } from "@cpd/contract";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../lib/errors.js";
import { mapDbError, RETRY_AFTER_SECONDS } from "../lib/store-errors.js";

/** The code of a framework or plugin error, by its status (their own codes are not ours to publish). */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  408: "REQUEST_TIMEOUT",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  414: "URI_TOO_LONG",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
  431: "HEADERS_TOO_LARGE",
  503: "SERVICE_UNAVAILABLE",
};

const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a minute and try again.";

/** The envelope, for handlers outside the error path (not found, client errors). */
export const envelope = (
  statusCode: number,
  code: ErrorCode,
  message: string,
  details?: IdentifiersFoundDetails,
) => ({
  statusCode,
  error: STATUS_CODES[statusCode] ?? "Error",
  message,
  code,
  ...(details ? { details } : {}),
});

/**
 * Errors the router raises before any route runs (a path segment over the
 * length limit, bad percent-encoding): same envelope, and the path is not echoed.
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode === 414 ? 414 : 400;
  const message = status === 414 ? "A part of the address is too long" : "The address is not valid";
  return reply.code(status).send(envelope(status, CODE_BY_STATUS[status] ?? "BAD_REQUEST", message));
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const send = (
      statusCode: number,
      code: ErrorCode,
      message: string,
      details?: IdentifiersFoundDetails,
    ) => {
      if (statusCode === 503) reply.header("retry-after", String(RETRY_AFTER_SECONDS));
      return reply.code(statusCode).send(envelope(statusCode, code, message, details));
    };

    if (err instanceof AppError) return send(err.statusCode, err.code, err.message, err.details);
    const fe = err as FastifyError;
    if (fe.validation) return send(400, "VALIDATION_ERROR", fe.message);
    const db = mapDbError(err);
    if (db) {
      if (db.statusCode >= 500 || db.statusCode === 400) req.log.warn({ err }, "database error mapped");
      return send(db.statusCode, db.code, db.message);
    }
    const status = fe.statusCode ?? 500;
    const code = CODE_BY_STATUS[status] ?? "BAD_REQUEST";
    if (status === 413) {
      return send(413, code, req.routeOptions.config?.tooLargeMessage ?? "The request body is too large");
    }
    if (status === 415) {
      return send(
        415,
        code,
        req.routeOptions.config?.mediaTypeMessage ??
          "Unsupported content type: send the body as application/json",
      );
    }
    if (status === 429) return send(429, code, TOO_MANY_ATTEMPTS);
    if (status >= 400 && status < 500) return send(status, code, fe.message);
    req.log.error({ err }, "unhandled error");
    return send(500, "INTERNAL_ERROR", "Something went wrong on our side. Please try again.");
  });
}
