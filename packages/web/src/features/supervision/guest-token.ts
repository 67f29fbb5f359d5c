// The reviewee's guest token (after the 2FA code), kept for this browser tab only: it ends with
// the tab, and another share's link never sees it (one entry per share). Kept in the tab's part of
// the one stored state (lib/storage.ts, REQ-GEN-04).
import { patchStored, readStored } from "../../lib/storage";

const GUEST_FIELD = "supervisionGuest";
const guestTokens = () => (readStored("tab")[GUEST_FIELD] ?? {}) as Record<string, string>;

export function readGuestToken(shareId: string): string | null {
  const token = guestTokens()[shareId];
  return typeof token === "string" ? token : null;
}

export function storeGuestToken(shareId: string, token: string | null) {
  const { [shareId]: _, ...others } = guestTokens();
  const next = token ? { ...others, [shareId]: token } : others;
  // Storage unavailable: the token lives in memory for this visit.
  patchStored("tab", { [GUEST_FIELD]: Object.keys(next).length > 0 ? next : undefined });
}

/** A file or PDF link of the share with the guest token in its query (a new tab sends no header). */
export function withToken(url: string, token: string | null): string {
  if (!token) return url;
  return `${url}${url.includes("?") ? "&" : "?"}token=${encodeURIComponent(token)}`;
}
