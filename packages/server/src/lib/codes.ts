// Short numeric codes sent to a person (supervision 2FA, contact verification): how they are
// made, how they are stored (a keyed hash bound to what they unlock, never the code) and
// checked, and the resend cooldown. Each use keeps its own key (`codeKey(secret, purpose)`).
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { SUPERVISION_MESSAGES } from "@cpd/contract";
import { AppError } from "./errors.js";

/** The key one kind of code is hashed (or derived) with: separate from every other use of the secret. */
export const codeKey = (secret: string, purpose: string) =>
  createHmac("sha256", secret).update(purpose).digest();

/** A uniformly random code of `digits` digits (leading zeros kept). */
export const randomCode = (digits: number) => String(randomInt(0, 10 ** digits)).padStart(digits, "0");

/** A code of `digits` digits derived from `input` with the key: a job can re-derive it from an id. */
export function deriveCode(key: Buffer, input: string, digits: number): string {
  const mac = createHmac("sha256", key).update(input).digest();
  const n = mac.readUInt32BE(0) % 10 ** digits;
  return String(n).padStart(digits, "0");
}

/** What is stored of a code: a keyed hash bound to its scope, so it is useless elsewhere. */
export const codeHash = (key: Buffer, scope: string, code: string) =>
  createHmac("sha256", key).update(`${scope}:${code}`).digest("hex");

/** Compares two stored-form hashes without leaking where they differ (an empty hash never matches). */
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

/** Seconds still to wait before another code may be asked for (0 when free). */
export function secondsToWait(sentAt: Date | null, now: Date, cooldownSeconds: number): number {
  if (!sentAt) return 0;
  const left = cooldownSeconds * 1000 - (now.getTime() - sentAt.getTime());
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/** 429 "ask again later", with how long to wait (routes send it as Retry-After). */
export class CodeWait extends AppError {
  readonly retryAfterSeconds: number;
  constructor(seconds: number) {
    super(429, "TOO_MANY_REQUESTS", SUPERVISION_MESSAGES.codeWait);
    this.retryAfterSeconds = Math.max(1, seconds);
  }
}
