// The seam between the SQL that totals a cycle (repository.ts) and the pure rules that judge it
// against a pack (rules.ts): the rules never see entries, only these totals (ADR 0026).
import type { RecordKind, RequirementMetric } from "@cpd/contract";

/** The metrics the SQL totals; themesCovered is judged from `themes`. */
export type CountedMetric = Exclude<RequirementMetric, "themesCovered">;

export interface MetricTotal {
  /** Hours for the hours metrics, items for the others, over the whole cycle. */
  amount: number;
  /** The same over the last REVALIDATION.paceDays days before `today` (the forecast's pace). */
  recentAmount: number;
  /** The diary entries counted (CPD metrics). */
  entryIds: string[];
  /** The revalidation records counted (record metrics). */
  recordIds: string[];
}

/** One cycle's totals for one user, computed set-based in SQL (repository.ts). */
export interface CycleTotals {
  metrics: Record<CountedMetric, MetricTotal>;
  /** Distinct themes on the cycle's tagged diary entries and its records. */
  themes: string[];
  /** CPD hours per month of the cycle, index 0 = the cycle's first month (rollingMinimum). */
  hoursByCycleMonth: number[];
  /**
   * Consecutive diary entries (by date) at least `gapMonths` calendar months apart, inside the
   * cycle, the cycle's start to the first entry and the last entry to today or the cycle's end,
   * whichever is earlier (gap). Empty when the pack has no gap rule.
   */
  gaps: { from: string; to: string }[];
  /** The cycle's records with their themes, for namedThemes (records are few: a handful a year). */
  recordThemes: { id: string; kind: RecordKind; themes: string[] }[];
}

/** A registration's cycle under a pack: dates are ISO `YYYY-MM-DD`. */
export interface Cycle {
  cycleStart: string;
  cycleEnd: string;
  deadline: string;
  windowOpens: string | null;
}
