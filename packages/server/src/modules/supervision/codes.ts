// The reviewee's 2FA code (spec 2 §5). The code is derived from its request id with a
// server key, so the job that sends it re-derives it and no payload carries a code;
// only a keyed hash of it is stored, bound to its share.
import { createHmac, timingSafeEqual } from "node:crypto";
import { SUPERVISION } from "@cpd/contract";

/** The key codes are derived with: separate from every other use of the JWT secret. */
export const codeKey = (jwtSecret: string) =>
  createHmac("sha256", jwtSecret).update("supervision-codes").digest();

/** The 6-digit code of one request. */
export function deriveCode(key: Buffer, requestId: string): string {
  const mac = createHmac("sha256", key).update(`supervision-code:${requestId}`).digest();
  const n = mac.readUInt32BE(0) % 10 ** SUPERVISION.codeLength;
  return String(n).padStart(SUPERVISION.codeLength, "0");
}

/** What is stored of a code: a keyed hash bound to the share, so it is useless elsewhere. */
export const codeHash = (key: Buffer, shareId: string, code: string) =>
  createHmac("sha256", key).update(`${shareId}:${code}`).digest("hex");

/** Compares two stored-form hashes without leaking where they differ. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** A typed code as the person may enter it: spaces (and the dash some apps show) removed. */
export const normaliseCode = (typed: string) => typed.replace(/[\s-]/g, "");

/** "j•••@nhs.net": the first character, three bullets, the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  const local = at > 0 ? email.slice(0, at) : email;
  const domain = at > 0 ? email.slice(at + 1) : "";
  return `${Array.from(local)[0] ?? ""}•••@${domain}`;
}

/** "•••• •••123": only the last three digits. */
export function maskNumber(number: string): string {
  return `•••• •••${number.replace(/\D/g, "").slice(-3)}`;
}

/** Seconds still to wait before another code may be asked for (at least 1 while waiting). */
export function secondsToWait(requestedAt: Date | null, now: Date): number {
  if (!requestedAt) return 0;
  const left = SUPERVISION.resendSeconds * 1000 - (now.getTime() - requestedAt.getTime());
  return left > 0 ? Math.ceil(left / 1000) : 0;
}
