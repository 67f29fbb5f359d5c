// The portfolio download link: the file's id, an expiry and an HMAC over both, so the link works
// without the bearer header (a plain <a href>) for a few minutes and for that file only.
import { createHmac, timingSafeEqual } from "node:crypto";

const sign = (secret: string, id: string, expires: number) =>
  createHmac("sha256", `portfolio-link:${secret}`).update(`${id}.${expires}`).digest("base64url");

export function signedPortfolioPath(secret: string, id: string, expiresAtMs: number): string {
  const expires = Math.floor(expiresAtMs / 1000);
  return `/api/portfolio/v2/download/${id}/file?expires=${expires}&signature=${sign(secret, id, expires)}`;
}

/** "ok", or why the link is refused. */
export function checkSignature(
  secret: string,
  id: string,
  expires: number,
  signature: string,
  nowMs: number,
): "ok" | "invalid" | "expired" {
  const want = Buffer.from(sign(secret, id, expires));
  const got = Buffer.from(signature);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return "invalid";
  return expires * 1000 <= nowMs ? "expired" : "ok";
}
