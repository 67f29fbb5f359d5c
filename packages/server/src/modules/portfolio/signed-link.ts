// The portfolio download link (lib/signed-link.ts): works without the bearer header for a few
// minutes and for that portfolio only.
import { checkFileSignature, signedFilePath } from "../../lib/signed-link.js";

const SCOPE = "portfolio";

export const signedPortfolioPath = (secret: string, id: string, expiresAtMs: number): string =>
  signedFilePath(secret, SCOPE, "/api/portfolio/v2/download", id, expiresAtMs);

/** "ok", or why the link is refused. */
export const checkSignature = (
  secret: string,
  id: string,
  expires: number,
  signature: string,
  nowMs: number,
) => checkFileSignature(secret, SCOPE, { id, expires, signature }, nowMs);
