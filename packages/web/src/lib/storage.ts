// The one place the SPA touches browser storage (REQ-GEN-04, ADR 0024): everything it keeps lives
// under ONE key, as one JSON object per storage area. "local" (localStorage) outlives the tab: a
// remembered session, this browser's preferences, the HCPC portal's progress. "tab"
// (sessionStorage) ends with the tab: a session without "remember me", a supervision guest's token.
// Each user of this module owns its own fields of the object and patches only those.

export const STORAGE_KEY = "cpd-state";

export type StorageArea = "local" | "tab";
export type Stored = Record<string, unknown>;

function store(area: StorageArea): Storage | null {
  if (typeof window === "undefined") return null;
  try {
    return area === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The stored object of `area` (empty when missing, corrupt or storage is blocked). */
export function readStored(area: StorageArea): Stored {
  try {
    const raw = store(area)?.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Stored) : {};
  } catch {
    return {};
  }
}

/** Sets the given fields of `area`'s object (`undefined` removes one); an empty object is removed. */
export function patchStored(area: StorageArea, patch: Stored) {
  const next: Stored = { ...readStored(area) };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) delete next[k];
    else next[k] = v;
  }
  try {
    const s = store(area);
    if (!s) return;
    if (Object.keys(next).length === 0) s.removeItem(STORAGE_KEY);
    else s.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage unavailable (private mode, quota): callers keep their state in memory.
  }
}

/** Calls `onChange` when another tab changes the stored state. */
export function onStoredChange(onChange: () => void) {
  if (typeof window === "undefined") return;
  window.addEventListener("storage", (e) => {
    if (e.key === STORAGE_KEY || e.key === null) onChange();
  });
}
