// The reviewee's guest token (after the 2FA code), kept for this browser tab only: it ends with
// the tab, and another share's link never sees it (one key per share).
export const guestTokenKey = (shareId: string) => `supervision-guest:${shareId}`;

export function readGuestToken(shareId: string): string | null {
  try {
    return window.sessionStorage.getItem(guestTokenKey(shareId));
  } catch {
    return null;
  }
}

export function storeGuestToken(shareId: string, token: string | null) {
  try {
    if (token) window.sessionStorage.setItem(guestTokenKey(shareId), token);
    else window.sessionStorage.removeItem(guestTokenKey(shareId));
  } catch {
    // Storage unavailable: the token lives in memory for this visit.
  }
}

/** A file or PDF link of the share with the guest token in its query (a new tab sends no header). */
export function withToken(url: string, token: string | null): string {
  if (!token) return url;
  return `${url}${url.includes("?") ? "&" : "?"}token=${encodeURIComponent(token)}`;
}
