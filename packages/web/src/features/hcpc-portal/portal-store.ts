// The portal's state kept in this browser (REQ-HCPC-02), so a reload or a later visit with the same
// link keeps the user's selections and completed steps. Kept in the one stored state
// (lib/storage.ts, REQ-GEN-04) under its own field, apart from the signed-in session's fields.
import { useSyncExternalStore } from "react";
import { patchStored, readStored } from "../../lib/storage";
import { type PortalAction, type PortalState, parsePortal, portalReducer } from "./portal-state";

/** The portal's field of the stored state. */
export const PORTAL_FIELD = "hcpcPortal";

const listeners = new Set<() => void>();
let current: PortalState | null = null;

function load(): PortalState {
  if (current) return current;
  const stored = readStored("local")[PORTAL_FIELD];
  current = parsePortal(stored ? JSON.stringify(stored) : null);
  return current;
}

export function dispatchPortal(action: PortalAction) {
  const next = portalReducer(load(), action);
  if (next === current) return;
  current = next;
  // Storage unavailable: the state still lives in memory for this visit.
  patchStored("local", { [PORTAL_FIELD]: next });
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
