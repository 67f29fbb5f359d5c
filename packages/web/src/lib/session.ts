// The signed-in session, kept through lib/storage.ts under the one storage key (REQ-GEN-04). With
// "remember me" off it goes to the tab's storage so it ends with the browser tab.
import { ADMIN_ROLES } from "@cpd/contract";
import { useSyncExternalStore } from "react";
import { onStoredChange, patchStored, readStored } from "./storage";

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
 * Preferences of this browser that outlive a login (kept in the browser's lasting storage under the same key,
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
  const p = readStored("local").prefs as Prefs | undefined;
  return p && typeof p === "object" ? { miniTourSkipped: p.miniTourSkipped === true } : {};
}

/** The session's own fields of the stored object (the rest belongs to others, ADR 0024). */
const SESSION_FIELDS = ["token", "roles", "admin", "remember", "support", "greeted"] as const;
const noSession = Object.fromEntries(SESSION_FIELDS.map((f) => [f, undefined]));

function read(): SessionState | null {
  for (const area of ["local", "tab"] as const) {
    const parsed = readStored(area) as Partial<SessionState>;
    if (typeof parsed.token === "string" && parsed.token) {
      return {
        token: parsed.token,
        roles: Array.isArray(parsed.roles) ? parsed.roles : [],
        admin: Boolean(parsed.admin),
        remember: area === "local",
        support: parsed.support ?? null,
        greeted: Boolean(parsed.greeted),
      };
    }
  }
  return null;
}

function write(state: SessionState | null) {
  const keepPrefs = Object.values(prefs).some(Boolean);
  const fields = state ? { ...noSession, ...state } : noSession;
  patchStored("local", { ...(state?.remember ? fields : noSession), prefs: keepPrefs ? prefs : undefined });
  patchStored("tab", state && !state.remember ? fields : noSession);
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
onStoredChange(() => {
  current = read();
  prefs = readPrefs();
  emit();
});

export function useSession(): SessionState | null {
  return useSyncExternalStore(session.subscribe, session.get, () => null);
}
