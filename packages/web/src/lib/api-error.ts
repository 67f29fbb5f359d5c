// The typed failure of an API call, and the spec's generic message mapping (spec 1 §8).
import { MESSAGES } from "@cpd/contract";

export class ApiError extends Error {
  /** HTTP status; 0 when the request never got an answer (offline, DNS, CORS). */
  readonly status: number | undefined;
  readonly code: string | undefined;
  /** True for the authentication calls (login, OTP, reset, ...), where a 401 is a normal answer. */
  readonly authCall: boolean;

  constructor(message: string, opts: { status?: number; code?: string; authCall?: boolean } = {}) {
    super(message);
    this.name = "ApiError";
    this.status = opts.status;
    this.code = opts.code;
    this.authCall = opts.authCall ?? false;
  }
}

export const OFFLINE_MESSAGE = "Please make sure you have an active internet connection.";
export const UNKNOWN_MESSAGE = "Unknown error";

/**
 * What to show the user for a failed call: "" means show nothing (a 401 on a
 * session call, which logs out instead).
 */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === undefined) return err.message || UNKNOWN_MESSAGE;
    if (err.status === 0) return OFFLINE_MESSAGE;
    if (err.status === 401 && !err.authCall) return "";
    return err.message || UNKNOWN_MESSAGE;
  }
  return UNKNOWN_MESSAGE;
}

/** A 401 on a non-authentication call, or a 500 "No user found", ends the session. */
export function endsSession(err: ApiError): boolean {
  if (err.status === 401 && !err.authCall) return true;
  return err.status === 500 && err.message === MESSAGES.noUserFound;
}
