// The portal's state kept in this browser (REQ-HCPC-02), so a reload or a later visit with the same
// link keeps the user's selections and completed steps. A guest page: it has its own storage key,
// apart from the signed-in session's.
import { useSyncExternalStore } from "react";
import { type PortalAction, type PortalState, parsePortal, portalReducer } from "./portal-state";

export const PORTAL_KEY = "cpd-hcpc-portal";

const listeners = new Set<() => void>();
let current: PortalState | null = null;

function load(): PortalState {
  if (current) return current;
  try {
    current = parsePortal(window.localStorage.getItem(PORTAL_KEY));
  } catch {
    current = parsePortal(null);
  }
  return current;
}

export function dispatchPortal(action: PortalAction) {
  const next = portalReducer(load(), action);
  if (next === current) return;
  current = next;
  try {
    window.localStorage.setItem(PORTAL_KEY, JSON.stringify(next));
  } catch {
    // Storage unavailable: the state lives in memory for this visit.
  }
  for (const l of listeners) l();
}

/** Forgets the in-memory copy (tests clear storage between cases). */
export function reloadPortal() {
  current = null;
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const usePortalState = () => useSyncExternalStore(subscribe, load, load);
