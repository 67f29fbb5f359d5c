// The reviewee's guest token (after the 2FA code), one per share, for this tab only (lib/guest-token.ts).
import { guestTokenStore } from "../../lib/guest-token";

export const supervisionTokens = guestTokenStore("supervisionGuest");

export const readGuestToken = supervisionTokens.read;
export const storeGuestToken = supervisionTokens.store;
