// The portfolio builder's rules (REQ-PORT-02..05) as pure functions, so the stages and their
// tests share one reading of them.
import { addMonths, estimatedPages, PORTFOLIO, type PORTFOLIO_COVERS } from "@cpd/contract";

export const UNTAGGED = "Untagged";

export const STAGES = [
  "Select pages",
  "Front page",
  "Date range and tags",
  "Diary entries",
  "Reflective entries",
  "Download",
] as const;

interface BuilderEvidence {
  id: string;
  name: string;
}
export interface BuilderEntry {
  id: string;
  type: string;
  title: string;
  date: string | null;
  tags: string[];
  evidence: BuilderEvidence[];
}

export interface BuilderState {
  include: string[];
  line1: string;
  line2: string;
  background: number;
  includeBranding: boolean;
  cover: (typeof PORTFOLIO_COVERS)[number];
  dateFrom: string;
  dateTo: string;
  /** Tags whose entries are included; UNTAGGED stands for entries without tags. */
  tags: string[];
  /** Entries and evidence the user took out (everything matching starts selected). */
  excludedEntries: string[];
  excludedEvidence: string[];
}

/** ISO date `years` before `iso` (29 Feb falls back to 28 Feb). */
export const yearsBefore = (iso: string, years: number) => addMonths(iso, -12 * years);

/** Whether an entry falls in the range and matches the tag filter (Untagged: entries with no tags). */
export function entryMatches(
  entry: BuilderEntry,
  s: Pick<BuilderState, "dateFrom" | "dateTo" | "tags">,
): boolean {
  if (!entry.date || entry.date < s.dateFrom || entry.date > s.dateTo) return false;
  if (entry.tags.length === 0) return s.tags.includes(UNTAGGED);
  return entry.tags.some((t) => s.tags.includes(t));
}

export interface Selection {
  diary: BuilderEntry[];
  reflections: BuilderEntry[];
  diaryIds: string[];
  reflectiveIds: string[];
  evidenceIds: string[];
}

/** The entries each list shows, and what is selected in them. */
export function selection(entries: readonly BuilderEntry[], s: BuilderState): Selection {
  const shown = entries.filter((e) => entryMatches(e, s));
  const diary = shown.filter((e) => e.type === "diary");
  const reflections = shown.filter((e) => e.type === "reflection");
  const out = new Set(s.excludedEntries);
  const outEvidence = new Set(s.excludedEvidence);
  const chosenDiary = diary.filter((e) => !out.has(e.id));
  return {
    diary,
    reflections,
    diaryIds: chosenDiary.map((e) => e.id),
    reflectiveIds: reflections.filter((e) => !out.has(e.id)).map((e) => e.id),
    // Evidence of selected diary entries only (REQ-PORT-02).
    evidenceIds: chosenDiary.flatMap((e) => e.evidence.map((f) => f.id)).filter((id) => !outEvidence.has(id)),
  };
}

/** Why a stage cannot be left forwards, or null when it can. */
export function stageProblem(stage: number, s: BuilderState): string | null {
  switch (stage) {
    case 0:
      return s.include.length === 0 ? "Select at least one page." : null;
    case 1:
      if (s.line1.length > PORTFOLIO.titleLineMax)
        return `Title line 1 must be at most ${PORTFOLIO.titleLineMax} characters.`;
      if (s.line2.length > PORTFOLIO.titleLineMax)
        return `Title line 2 must be at most ${PORTFOLIO.titleLineMax} characters.`;
      if (s.background < 1 || s.background > PORTFOLIO.backgrounds) return "Choose a background.";
      return null;
    case 2:
      if (!s.dateFrom || !s.dateTo) return "Please enter both the From and To dates.";
      if (s.dateFrom > s.dateTo) return "The From date must be on or before the To date.";
      if (s.tags.length === 0) return "Select at least one tag (or Untagged).";
      return null;
    default:
      return null;
  }
}

export const isEmailed = (pages: number) => pages >= PORTFOLIO.emailFromPages;

/** Seconds per page of the progress animation: REQ-PORT-05 gives the rule, not the base factor. */
const PROGRESS_FACTOR = 0.2;
/** How long the progress animation runs (REQ-PORT-05: pages × factor × 1000 ms, factor × 3.25 over 15 pages). */
export function progressMs(pages: number): number {
  const factor = pages > 15 ? PROGRESS_FACTOR * 3.25 : PROGRESS_FACTOR;
  return pages * factor * 1000;
}
/** The percentage to show: the animation's, or the server's when it is further on (never 100 before Completed). */
export function shownProgress(elapsedMs: number, pages: number, serverProgress: number): number {
  const animated = Math.min(95, (elapsedMs / Math.max(1, progressMs(pages))) * 95);
  return Math.round(Math.min(99, Math.max(animated, serverProgress)));
}

export { estimatedPages };
