// The typed failure of an API call. What it shows the user is decided in error-messages.ts.
import { ERROR_CODES, type ErrorCode, type IdentifiersFoundDetails, MESSAGES } from "@cpd/contract";

export class ApiError extends Error {
  /** HTTP status; 0 when the request never got an answer (offline, DNS, CORS). */
  readonly status: number | undefined;
  /** The envelope's code; undefined when the answer had none (or one this build does not know). */
  readonly code: ErrorCode | undefined;
  /** True for the authentication calls (login, OTP, reset, ...), where a 401 is a normal answer. */
  readonly authCall: boolean;
  /** Seconds from a Retry-After header (429, 503), when the server sent one. */
  readonly retryAfterSeconds: number | undefined;
  /** The envelope's details: a 409 IDENTIFIERS_FOUND's findings (ADR 0029). */
  readonly details: IdentifiersFoundDetails | undefined;

  constructor(
    message: string,
    opts: {
      status?: number;
      code?: string;
      authCall?: boolean;
      retryAfterSeconds?: number;
      details?: IdentifiersFoundDetails;
    } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = opts.status;
    this.code = isErrorCode(opts.code) ? opts.code : undefined;
    this.authCall = opts.authCall ?? false;
    this.retryAfterSeconds = opts.retryAfterSeconds;
    this.details = opts.details;
  }
}

const isErrorCode = (code: string | undefined): code is ErrorCode =>
  code !== undefined && (ERROR_CODES as readonly string[]).includes(code);

/** A 401 on a non-authentication call, or a 500 "No user found", ends the session. */
export function endsSession(err: ApiError): boolean {
  if (err.status === 401 && !err.authCall) return true;
  return err.status === 500 && err.message === MESSAGES.noUserFound;
}
