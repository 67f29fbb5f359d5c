// The payment provider's webhook signature: header `t=<unix seconds>,v1=<hex HMAC-SHA256>`, the
// HMAC of `${t}.${raw body}` under the shared secret. Pure functions (no clock, no I/O).
import { createHmac, timingSafeEqual } from "node:crypto";

export interface SignatureHeader {
  t: number;
  v1: string[];
}

/** The header's timestamp and signatures, or null when it is not in the expected shape. */
export function parseSignatureHeader(header: string | undefined): SignatureHeader | null {
  if (!header || header.length > 1000) return null;
  let t: number | null = null;
  const v1: string[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) return null;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === "t") {
      if (t !== null || !/^[0-9]{1,12}$/.test(value)) return null;
      t = Number(value);
    } else if (key === "v1") {
      if (!/^[0-9a-f]{64}$/i.test(value)) return null;
      v1.push(value.toLowerCase());
    }
    // Other schemes (v0, a future v2) are ignored, as providers document.
  }
  return t === null || v1.length === 0 ? null : { t, v1 };
}

const signPayload = (secret: string, t: number, raw: Buffer | string) =>
  createHmac("sha256", secret).update(`${t}.`).update(raw).digest();

/**
 * True when one of the header's signatures is the HMAC of these exact bytes (compared in constant
 * time) and its timestamp is within `toleranceSeconds` of `nowSeconds` either way (replays of an
 * old delivery are refused).
 */
export function signatureValid(
  secret: string,
  header: string | undefined,
  raw: Buffer,
  nowSeconds: number,
  toleranceSeconds: number,
): boolean {
  const parsed = parseSignatureHeader(header);
  if (!parsed || Math.abs(nowSeconds - parsed.t) > toleranceSeconds) return false;
  const expected = signPayload(secret, parsed.t, raw);
  // Every candidate is compared, so the time taken does not tell which one matched.
  let ok = false;
  for (const candidate of parsed.v1) {
    if (timingSafeEqual(expected, Buffer.from(candidate, "hex"))) ok = true;
  }
  return ok;
}

/** The payment page's link for a user: the customer reference is the user's id. */
export function upgradeLink(base: string | null, userId: string, email: string): string | null {
  if (!base) return null;
  const url = new URL(base);
  url.searchParams.set("customer", userId);
  url.searchParams.set("email", email);
  return url.toString();
}
