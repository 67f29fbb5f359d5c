// A guest's token (after the e-mailed code of a supervision review or an attestation), kept for
// this browser tab only: it ends with the tab, and another link never sees it (one entry per link,
// under the feature's own field). Kept in the tab's part of the one stored state (storage.ts,
// REQ-GEN-04).
import { useCallback, useState } from "react";
import { patchStored, readStored } from "./storage";

/** The tokens of one kind of guest link, by the link's id, stored under `field`. */
export function guestTokenStore(field: string) {
  const tokens = () => (readStored("tab")[field] ?? {}) as Record<string, string>;
  return {
    read(linkId: string): string | null {
      const token = tokens()[linkId];
      return typeof token === "string" ? token : null;
    },
    store(linkId: string, token: string | null) {
      const { [linkId]: _, ...others } = tokens();
      const next = token ? { ...others, [linkId]: token } : others;
      // Storage unavailable: the token lives in memory for this visit.
      patchStored("tab", { [field]: Object.keys(next).length > 0 ? next : undefined });
    },
  };
}

type GuestTokenStore = ReturnType<typeof guestTokenStore>;

/** A link's token for this tab, and a setter that keeps it stored (null: back to the code step). */
export function useGuestToken(tokens: GuestTokenStore, linkId: string) {
  const [token, setToken] = useState(() => tokens.read(linkId));
  const keepToken = useCallback(
    (next: string | null) => {
      tokens.store(linkId, next);
      setToken(next);
    },
    [tokens, linkId],
  );
  return [token, keepToken] as const;
}

/** A file or PDF link of a guest's with the token in its query (a new tab sends no header). */
export function withToken(url: string, token: string | null): string {
  if (!token) return url;
  return `${url}${url.includes("?") ? "&" : "?"}token=${encodeURIComponent(token)}`;
}
