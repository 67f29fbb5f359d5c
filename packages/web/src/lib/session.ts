// The client's persisted state lives under ONE storage key (REQ-GEN-04). With
// "remember me" off it goes to sessionStorage so it ends with the browser tab.
import { ADMIN_ROLES } from "@cpd/contract";
import { useSyncExternalStore } from "react";

const STATE_KEY = "cpd-state";

export interface SessionState {
  token: string;
  roles: string[];
  admin: boolean;
  remember: boolean;
  /** Support chat identity (features/shell/support-chat.ts starts the chat with it). */
  support?: { name: string; token: string } | null;
  /** The greeting overlay was shown for this login. */
  greeted?: boolean;
}

/**
 * Preferences of this browser that outlive a login (kept in localStorage under the same key,
 * next to the session when "remember me" is on, alone otherwise).
 */
export interface Prefs {
  /** The dashboard's mini tour was finished or skipped: do not start it again. */
  miniTourSkipped?: boolean;
}

type Listener = () => void;
export type EndReason = "logout" | "expired";
let lastEnd: EndReason = "expired";
const listeners = new Set<Listener>();
let current: SessionState | null = read();
let prefs: Prefs = readPrefs();

function readPrefs(): Prefs {
  if (typeof window === "undefined") return {};
  try {
    const raw = window.localStorage.getItem(STATE_KEY);
    const p = raw ? (JSON.parse(raw) as { prefs?: Prefs }).prefs : undefined;
    return p && typeof p === "object" ? { miniTourSkipped: p.miniTourSkipped === true } : {};
  } catch {
    return {};
  }
}

function read(): SessionState | null {
  if (typeof window === "undefined") return null;
  for (const store of [window.localStorage, window.sessionStorage]) {
    try {
      const raw = store.getItem(STATE_KEY);
      if (raw) {
        const parsed = JSON.parse(raw) as Partial<SessionState>;
        if (typeof parsed.token === "string" && parsed.token) {
          return {
            token: parsed.token,
            roles: Array.isArray(parsed.roles) ? parsed.roles : [],
            admin: Boolean(parsed.admin),
            remember: store === window.localStorage,
            support: parsed.support ?? null,
            greeted: Boolean(parsed.greeted),
          };
        }
      }
    } catch {
      // Corrupt or blocked storage: behave as logged out.
    }
  }
  return null;
}

function write(state: SessionState | null) {
  try {
    window.localStorage.removeItem(STATE_KEY);
    window.sessionStorage.removeItem(STATE_KEY);
    const keepPrefs = Object.values(prefs).some(Boolean);
    if (state?.remember) {
      window.localStorage.setItem(STATE_KEY, JSON.stringify(keepPrefs ? { ...state, prefs } : state));
    } else {
      if (state) window.sessionStorage.setItem(STATE_KEY, JSON.stringify(state));
      if (keepPrefs) window.localStorage.setItem(STATE_KEY, JSON.stringify({ prefs }));
    }
  } catch {
    // Storage unavailable (private mode): the session still lives in memory.
  }
}

function emit() {
  for (const l of listeners) l();
}

export function isAdmin(roles: readonly string[]): boolean {
  return roles.some((r) => (ADMIN_ROLES as readonly string[]).includes(r));
}

export const session = {
  get: () => current,
  lastEndReason: () => lastEnd,
  token: () => current?.token ?? null,
  login(token: string, roles: string[], remember: boolean) {
    current = { token, roles, admin: roles.includes("Admin"), remember, support: null };
    write(current);
    emit();
  },
  /** A new token after a password change: older tokens stop working. */
  replaceToken(token: string, roles: string[]) {
    if (!current) return;
    current = { ...current, token, roles, admin: roles.includes("Admin") };
    write(current);
    emit();
  },
  markGreeted() {
    if (!current || current.greeted) return;
    current = { ...current, greeted: true };
    write(current);
    emit();
  },
  setSupport(support: SessionState["support"]) {
    if (!current) return;
    current = { ...current, support };
    write(current);
    emit();
  },
  prefs: (): Prefs => prefs,
  setPrefs(patch: Partial<Prefs>) {
    prefs = { ...prefs, ...patch };
    write(current);
  },
  /** "expired" keeps the intended URL for after the next login; "logout" does not. */
  clear(reason: EndReason = "expired") {
    lastEnd = reason;
    if (!current) return;
    current = null;
    write(null);
    emit();
  },
  subscribe(l: Listener) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

// Another tab logging out or in keeps this tab in step.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (e) => {
    if (e.key === STATE_KEY || e.key === null) {
      current = read();
      prefs = readPrefs();
      emit();
    }
  });
}

export function useSession(): SessionState | null {
  return useSyncExternalStore(session.subscribe, session.get, () => null);
}
