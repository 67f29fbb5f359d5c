// The reviewee's 2FA code (REQ-SUP-03). The code is derived from its request id with a
// server key, so the job that sends it re-derives it and no payload carries a code;
// only a keyed hash of it is stored, bound to its share.
import { SUPERVISION } from "@cpd/contract";
import * as codes from "../../lib/codes.js";

export { codeHash, maskEmail, maskNumber, normaliseCode, sameHash } from "../../lib/codes.js";

/** The key codes are derived with: separate from every other use of the JWT secret. */
export const codeKey = (jwtSecret: string) => codes.codeKey(jwtSecret, "supervision-codes");

/** The 6-digit code of one request. */
export const deriveCode = (key: Buffer, requestId: string) =>
  codes.deriveCode(key, `supervision-code:${requestId}`, SUPERVISION.codeLength);

/** Seconds still to wait before another code may be asked for (0 when free). */
export const secondsToWait = (requestedAt: Date | null, now: Date) =>
  codes.secondsToWait(requestedAt, now, SUPERVISION.resendSeconds);
