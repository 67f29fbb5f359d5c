// Services throw AppError with a stable code; the error handler maps it to the
// envelope { statusCode, error, message, code }. Services never see HTTP objects.
// Codes come from the contract's enum only, so the SPA and integrators know each one.
import type { ErrorCode, IdentifiersFoundDetails } from "@cpd/contract";

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** The envelope's `details`: only the 409 IDENTIFIERS_FOUND carries them (ADR 0029). */
    readonly details?: IdentifiersFoundDetails,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string, code: ErrorCode = "BAD_REQUEST") =>
  new AppError(400, code, message);
export const unauthorized = (message = "Authentication required", code: ErrorCode = "UNAUTHORIZED") =>
  new AppError(401, code, message);
export const forbidden = (message = "You do not have access to this", code: ErrorCode = "FORBIDDEN") =>
  new AppError(403, code, message);
export const notFound = (message = "Not found", code: ErrorCode = "NOT_FOUND") =>
  new AppError(404, code, message);
export const conflict = (message: string, code: ErrorCode = "CONFLICT") => new AppError(409, code, message);
