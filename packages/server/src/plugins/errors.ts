// One error handler: every failure leaves as { statusCode, error, message, code };
// a 5xx never shows its internals.
import { STATUS_CODES } from "node:http";
import type { FastifyError, FastifyInstance } from "fastify";
import { AppError } from "../lib/errors.js";

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const send = (statusCode: number, code: string, message: string) =>
      reply.code(statusCode).send({ statusCode, error: STATUS_CODES[statusCode] ?? "Error", message, code });

    if (err instanceof AppError) return send(err.statusCode, err.code, err.message);
    const fe = err as FastifyError;
    if (fe.validation) return send(400, "VALIDATION_ERROR", fe.message);
    if (fe.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      return send(
        413,
        "PAYLOAD_TOO_LARGE",
        req.routeOptions.config?.tooLargeMessage ?? "The request body is too large",
      );
    }
    if (fe.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      return send(
        415,
        "UNSUPPORTED_MEDIA_TYPE",
        req.routeOptions.config?.mediaTypeMessage ?? "Unsupported content type",
      );
    }
    const status = fe.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(
        status,
        fe.code ?? "BAD_REQUEST",
        status === 429 ? "Too many attempts. Please wait a minute and try again." : fe.message,
      );
    }
    req.log.error({ err }, "unhandled error");
    return send(500, "INTERNAL_ERROR", "Something went wrong on our side. Please try again.");
  });
}
