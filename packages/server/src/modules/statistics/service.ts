// Statistics and graphs, aggregated in PostgreSQL: each call runs a fixed,
// small number of queries whatever the number of entries (issue 4).
import {
  type api,
  ENTRY_TYPES,
  type EntryType,
  RESILIENCE_GOVERNING_BODY,
  type ResponseOf,
} from "@cpd/contract";
import type pg from "pg";
import type { Deps } from "../../deps.js";
import { notFound } from "../../lib/errors.js";
import { CURRENT_FORMS, standardsFor } from "../forms/definitions.js";
import { allItems } from "../forms/rules.js";
import type { Settings } from "./repository.js";
import * as repo from "./repository.js";
import { countdown, currentCycle, type Period, periodRange, type Range } from "./rules.js";

export const EARLIEST = "0001-01-01";

/** The parameters of TOTALS_SQL (shared with the benchmark's bare route). */
export function totalsValues(
  userId: string,
  range: Range,
  cycle: ReturnType<typeof currentCycle>,
  today: string,
) {
  // Hours count towards the target up to today; planned CPD does not.
  const cycleTo = cycle && cycle.end < today ? cycle.end : today;
  return [userId, range.from ?? EARLIEST, range.to, cycle?.start ?? range.to, cycle ? cycleTo : range.to];
}

export const targetOf = (s: Settings) => ({
  hoursPerYear: s.hours_per_year,
  startDate: s.start_date,
  reportInterval: s.report_interval,
});

/** The caller's read on the replica unless they just wrote or it lags (ADR 0032). */
const read = <T>(deps: Deps, userId: string, fn: (pool: pg.Pool) => Promise<T>) =>
  deps.reads.run({ userId }, (db) => fn(db.pool));

async function settings(deps: Deps, userId: string): Promise<Settings> {
  const row = await read(deps, userId, (pool) => repo.settingsRow(pool, userId));
  if (!row) throw notFound();
  return row;
}

export async function statistics(
  deps: Deps,
  userId: string,
  period: Period,
  custom: { from?: string; to?: string },
) {
  const today = deps.today();
  const range = periodRange(period, today, custom);
  const s = await settings(deps, userId);
  const cycle = currentCycle(targetOf(s), today);
  const row = await read(deps, userId, (pool) =>
    repo.totalsRow(pool, totalsValues(userId, range, cycle, today)),
  );
  const t = row ?? {
    hours: 0,
    total: 0,
    diary: 0,
    reflection: 0,
    cycle_hours: 0,
    incident: 0,
    course: 0,
    exercise: 0,
  };
  const resilient = s.governing_bodies.includes(RESILIENCE_GOVERNING_BODY);
  return {
    hoursLogged: Math.round(t.hours * 100) / 100,
    totalEntries: t.total,
    diaryEntries: t.diary,
    reflectiveEntries: t.reflection,
    ...countdown(cycle, cycle ? t.cycle_hours : 0),
    resilientIncident: resilient ? t.incident : null,
    resilientCourses: resilient ? t.course : null,
    resilientExercise: resilient ? t.exercise : null,
    resilientGeneric: resilient ? t.total - t.incident - t.course - t.exercise : null,
  } satisfies ResponseOf<typeof api.statistics>;
}

export async function monthly(deps: Deps, userId: string) {
  return read(deps, userId, (pool) => repo.monthlyRows(pool, userId, deps.today()));
}

export async function graphs(
  deps: Deps,
  userId: string,
  period: Period,
  custom: { from?: string; to?: string },
) {
  const r = periodRange(period, deps.today(), custom);
  const row = await read(deps, userId, (pool) => repo.graphsRow(pool, userId, r.from ?? EARLIEST, r.to));
  return { cpdCategories: row?.categories ?? [], activityArranged: row?.activities ?? [] };
}

export async function governingBodyGraphs(
  deps: Deps,
  userId: string,
  period: Period,
  custom: { from?: string; to?: string },
) {
  const r: Range = periodRange(period, deps.today(), custom);
  const [s, counts] = await Promise.all([
    settings(deps, userId),
    read(deps, userId, (pool) => repo.standardCounts(pool, userId, r.from ?? EARLIEST, r.to)),
  ]);
  const byStandard = new Map(counts.map((c) => [c.standard, c.n]));
  return s.governing_bodies.map((body) => ({
    title: body,
    showLegendOnMobileDevices: false,
    graphData: standardsFor([body]).map((full) => ({
      key: full.split(":")[0] ?? full,
      value: byStandard.get(full) ?? 0,
      tooltipText: full,
    })),
  }));
}

export async function formFieldGraph(
  deps: Deps,
  userId: string,
  formId: string,
  fieldId: string,
  q: { period?: Period; from?: string; to?: string },
) {
  if (!(ENTRY_TYPES as readonly string[]).includes(formId)) throw notFound("No such form", "FORM_NOT_FOUND");
  const def = CURRENT_FORMS[formId as EntryType];
  if (!allItems(def).some((i) => i.identifier === fieldId))
    throw notFound("No such field in this form", "FIELD_NOT_FOUND");
  const r = periodRange(q.period ?? "12", deps.today(), q);
  return read(deps, userId, (pool) =>
    repo.fieldCounts(pool, userId, fieldId, formId, r.from ?? EARLIEST, r.to),
  );
}
