// What the user is shown for a failed call: the ONE mapping from the contract's error codes
// to messages, used by the toasts, the form banners and the logged-out pages alike.
//
// Most codes carry a message the requirements fix word for word (or a specific one the
// server writes), and that is shown as it is. The generic codes below, which the framework,
// a proxy or the rate limiter produce, get the SPA's own plain message instead.
import type { ErrorCode } from "@cpd/contract";
import { ApiError } from "./api-error";

/** REQ-GEN-03: a request that got no answer. */
export const OFFLINE_MESSAGE = "Please make sure you have an active internet connection.";
export const UNKNOWN_MESSAGE = "Unknown error";

/** Typed by the contract's enum: a code that no longer exists fails the typecheck here. */
export const ERROR_MESSAGES: Partial<Record<ErrorCode, string>> = {
  TOO_MANY_REQUESTS: "Too many attempts. Please wait a few minutes and try again.",
  SERVICE_UNAVAILABLE: "The service is busy at the moment. Please try again in a minute.",
  REQUEST_TIMEOUT: "This took too long and was stopped. Please check your connection and try again.",
  PAYLOAD_TOO_LARGE: "This is too large to send. A file can be up to 10MB.",
  INTERNAL_ERROR: "Something went wrong on our side. Please try again later.",
  HEADERS_TOO_LARGE: "The request was too large. Please reload the page and try again.",
  ROUTE_NOT_FOUND: "This action is not available. Please reload the page and try again.",
};

/** "in 15 minutes" from a Retry-After in seconds (at least a minute). */
function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "in a minute" : `in ${minutes} minutes`;
}

/**
 * What to show for a failed call; "" means show nothing (a 401 on a session call, which
 * logs out instead).
 */
export function errorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return UNKNOWN_MESSAGE;
  if (err.status === undefined) return err.message || UNKNOWN_MESSAGE;
  if (err.status === 0) return OFFLINE_MESSAGE;
  if (err.status === 401 && !err.authCall) return "";
  if (err.code === "TOO_MANY_REQUESTS" && err.retryAfterSeconds) {
    return `Too many attempts. Please try again ${waitText(err.retryAfterSeconds)}.`;
  }
  const mapped = err.code && ERROR_MESSAGES[err.code];
  if (mapped) return mapped;
  // No envelope at all (a proxy's error page): say what kind of failure it was.
  if (!err.code && err.status >= 500) {
    return err.status === 500
      ? (ERROR_MESSAGES.INTERNAL_ERROR as string)
      : (ERROR_MESSAGES.SERVICE_UNAVAILABLE as string);
  }
  return err.message || UNKNOWN_MESSAGE;
}
