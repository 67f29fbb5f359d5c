// A download link that works without the bearer header (a plain <a href>) for a few minutes and for
// one file only: the file's id, an expiry and an HMAC over both, keyed by what the link opens
// (portfolios, submission packs), so a link of one kind never opens another.
import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError, notFound } from "./errors.js";
import type { Storage } from "./storage.js";

const sign = (secret: string, scope: string, id: string, expires: number) =>
  createHmac("sha256", `${scope}-link:${secret}`).update(`${id}.${expires}`).digest("base64url");

/** `${base}/${id}/file?expires=&signature=`, valid until `expiresAtMs`. */
export function signedFilePath(
  secret: string,
  scope: string,
  base: string,
  id: string,
  expiresAtMs: number,
): string {
  const expires = Math.floor(expiresAtMs / 1000);
  return `${base}/${id}/file?expires=${expires}&signature=${sign(secret, scope, id, expires)}`;
}

/** "ok", or why the link is refused. */
export function checkFileSignature(
  secret: string,
  scope: string,
  link: { id: string; expires: number; signature: string },
  nowMs: number,
): "ok" | "invalid" | "expired" {
  const want = Buffer.from(sign(secret, scope, link.id, link.expires));
  const got = Buffer.from(link.signature);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return "invalid";
  return link.expires * 1000 <= nowMs ? "expired" : "ok";
}

/**
 * The stored file a signed link opens: 404 LINK_INVALID for a link we did not sign, 410
 * LINK_EXPIRED once past its time (asking for `what` to be downloaded again), and `gone()` unless
 * the row is Completed with its object still stored.
 */
export async function openSignedFile(
  storage: Storage,
  check: "ok" | "invalid" | "expired",
  what: string,
  find: () => Promise<{ state: string; storageKey: string | null; createdAt: Date } | null>,
  gone: () => AppError,
) {
  if (check === "invalid") throw notFound("This download link is not valid", "LINK_INVALID");
  if (check === "expired")
    throw new AppError(
      410,
      "LINK_EXPIRED",
      `This download link has expired. Please download the ${what} again.`,
    );
  const row = await find();
  if (row?.state !== "Completed" || !row.storageKey) throw gone();
  const file = await storage.get(row.storageKey);
  if (!file) throw gone();
  return { body: file.body, size: file.contentLength ?? null, createdAt: row.createdAt };
}
