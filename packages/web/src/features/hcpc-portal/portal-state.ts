// The HCPC portal's client state (REQ-HCPC-02): which steps the user marked
// complete, which activities and evidence are selected, and the access token. The reset rules
// (REQ-HCPC-02) live here, pure, so they are tested on their own.

export const STEPS = ["summary", "activities", "statement", "evidence"] as const;
export type Step = (typeof STEPS)[number];

export interface PortalState {
  accessToken: string | null;
  completed: Record<Step, boolean>;
  /** Selected entry ids (the activities). */
  entries: string[];
  /** Selected evidence ids. */
  evidence: string[];
}

export const emptyPortal = (accessToken: string | null = null): PortalState => ({
  accessToken,
  completed: { summary: false, activities: false, statement: false, evidence: false },
  entries: [],
  evidence: [],
});

export type PortalAction =
  /** A link was opened: another token starts afresh, the same one keeps the work. */
  | { type: "token"; token: string }
  | { type: "complete"; step: Step; done: boolean }
  /** The summary or statement text changed; `loading` when it is the saved text arriving. */
  | { type: "text"; part: "summary" | "statement"; loading: boolean }
  | { type: "entries"; ids: string[] }
  | { type: "evidence"; ids: string[] };

const sameSet = (a: readonly string[], b: readonly string[]) => {
  if (a.length !== b.length) return false;
  const s = new Set(a);
  return b.every((x) => s.has(x));
};
const reset = (s: PortalState, ...steps: Step[]): PortalState => {
  if (steps.every((k) => !s.completed[k])) return s;
  const completed = { ...s.completed };
  for (const k of steps) completed[k] = false;
  return { ...s, completed };
};

export function portalReducer(s: PortalState, a: PortalAction): PortalState {
  switch (a.type) {
    case "token":
      return s.accessToken === a.token ? s : emptyPortal(a.token);
    case "complete":
      return s.completed[a.step] === a.done ? s : { ...s, completed: { ...s.completed, [a.step]: a.done } };
    case "text":
      return a.loading ? s : reset(s, a.part);
    case "entries": {
      const ids = [...new Set(a.ids)];
      if (sameSet(ids, s.entries)) return s;
      // Other activities mean other evidence: both steps need checking again.
      return reset({ ...s, entries: ids }, "activities", "evidence");
    }
    case "evidence": {
      const ids = [...new Set(a.ids)];
      if (sameSet(ids, s.evidence)) return s;
      return reset({ ...s, evidence: ids }, "evidence");
    }
  }
}

/** Completed steps out of 4, as a whole percentage. */
export const progressPercent = (s: PortalState) =>
  Math.round((STEPS.filter((k) => s.completed[k]).length / STEPS.length) * 100);

/** Reads a stored state, falling back to empty for anything malformed. */
export function parsePortal(raw: string | null): PortalState {
  if (!raw) return emptyPortal();
  try {
    const v = JSON.parse(raw) as Partial<PortalState>;
    const strings = (x: unknown) =>
      Array.isArray(x) ? x.filter((i): i is string => typeof i === "string") : [];
    const c = (v.completed ?? {}) as Partial<Record<Step, unknown>>;
    return {
      accessToken: typeof v.accessToken === "string" ? v.accessToken : null,
      completed: {
        summary: c.summary === true,
        activities: c.activities === true,
        statement: c.statement === true,
        evidence: c.evidence === true,
      },
      entries: strings(v.entries),
      evidence: strings(v.evidence),
    };
  } catch {
    return emptyPortal();
  }
}
