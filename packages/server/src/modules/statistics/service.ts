// Statistics and graphs, aggregated in PostgreSQL: each call runs a fixed,
// small number of queries whatever the number of entries (issue 4).
import {
  type api,
  ENTRY_TYPES,
  type EntryType,
  RESILIENCE_GOVERNING_BODY,
  type ResponseOf,
} from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { notFound } from "../../lib/errors.js";
import { CURRENT_FORMS, standardsFor } from "../forms/definitions.js";
import { allItems } from "../forms/rules.js";
import { countdown, currentCycle, type Period, periodRange, type Range } from "./rules.js";

export const EARLIEST = "0001-01-01";

export interface Settings {
  hours_per_year: number | null;
  start_date: string | null;
  report_interval: number | null;
  governing_bodies: string[];
}

/** The CPD target (the organisation's values win) and governing bodies: one query. */
export const SETTINGS_SQL = `
SELECT coalesce(o.cpd_hours, pp.hours_per_year)::float8 AS hours_per_year,
       coalesce(o.start_date, pp.start_date) AS start_date,
       coalesce(o.report_interval, pp.report_interval) AS report_interval,
       p.governing_bodies
  FROM users u
  JOIN profiles p ON p.user_id = u.id
  LEFT JOIN personal_profiles pp ON pp.user_id = u.id
  LEFT JOIN organisations o ON o.id = u.organisation_id
 WHERE u.id = $1`;

/** Totals for the period ($2..$3) and hours in the reporting period ($4..$5): one scan of the user's entries. */
export const TOTALS_SQL = `
SELECT coalesce(sum(hours) FILTER (WHERE date BETWEEN $2 AND $3), 0)::float8 AS hours,
       count(*) FILTER (WHERE date BETWEEN $2 AND $3)::int AS total,
       count(*) FILTER (WHERE date BETWEEN $2 AND $3 AND type = 'diary')::int AS diary,
       count(*) FILTER (WHERE date BETWEEN $2 AND $3 AND type = 'reflection')::int AS reflection,
       coalesce(sum(hours) FILTER (WHERE date BETWEEN $4 AND $5), 0)::float8 AS cycle_hours,
       count(*) FILTER (WHERE date BETWEEN $2 AND $3 AND concat(category, ' ', activity_type) ILIKE '%incident%')::int AS incident,
       count(*) FILTER (WHERE date BETWEEN $2 AND $3 AND concat(category, ' ', activity_type) ILIKE '%course%')::int AS course,
       count(*) FILTER (WHERE date BETWEEN $2 AND $3 AND concat(category, ' ', activity_type) ILIKE '%exercise%')::int AS exercise
  FROM entries
 WHERE user_id = $1 AND date BETWEEN least($2::date, $4::date) AND greatest($3::date, $5::date)`;

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

async function settings(deps: Deps, userId: string): Promise<Settings> {
  const { rows } = await deps.pool.query<Settings>({
    name: "stats-settings",
    text: SETTINGS_SQL,
    values: [userId],
  });
  if (!rows[0]) throw notFound();
  return rows[0];
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
  const { rows } = await deps.pool.query<{
    hours: number;
    total: number;
    diary: number;
    reflection: number;
    cycle_hours: number;
    incident: number;
    course: number;
    exercise: number;
  }>({
    name: "stats-totals",
    text: TOTALS_SQL,
    values: totalsValues(userId, range, cycle, today),
  });
  const t = rows[0] ?? {
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

export const MONTHLY_SQL = `
SELECT to_char(m, 'YYYY-MM') AS key, count(e.id)::int AS value
  FROM generate_series(date_trunc('month', $2::date) - interval '11 months', date_trunc('month', $2::date), interval '1 month') m
  LEFT JOIN entries e ON e.user_id = $1 AND e.date >= m::date AND e.date < (m + interval '1 month')::date
 GROUP BY m ORDER BY m`;

export async function monthly(deps: Deps, userId: string) {
  const { rows } = await deps.pool.query<{ key: string; value: number }>({
    name: "stats-monthly",
    text: MONTHLY_SQL,
    values: [userId, deps.today()],
  });
  return rows;
}

export const GRAPHS_SQL = `
WITH e AS (SELECT category, activity_type FROM entries WHERE user_id = $1 AND date BETWEEN $2 AND $3)
SELECT (SELECT coalesce(json_agg(json_build_object('category', c, 'value', n) ORDER BY n DESC, c), '[]')
          FROM (SELECT category c, count(*)::int n FROM e WHERE category IS NOT NULL GROUP BY 1) x) AS categories,
       (SELECT coalesce(json_agg(json_build_object('category', c, 'value', n) ORDER BY n DESC, c), '[]')
          FROM (SELECT activity_type c, count(*)::int n FROM e WHERE activity_type IS NOT NULL GROUP BY 1) y) AS activities`;

export async function graphs(
  deps: Deps,
  userId: string,
  period: Period,
  custom: { from?: string; to?: string },
) {
  const r = periodRange(period, deps.today(), custom);
  const { rows } = await deps.pool.query<{ categories: Cat[]; activities: Cat[] }>({
    name: "graphs",
    text: GRAPHS_SQL,
    values: [userId, r.from ?? EARLIEST, r.to],
  });
  return { cpdCategories: rows[0]?.categories ?? [], activityArranged: rows[0]?.activities ?? [] };
}
type Cat = { category: string; value: number };

export const STANDARDS_SQL = `
SELECT s AS standard, count(*)::int AS n
  FROM entries, unnest(standards) s
 WHERE user_id = $1 AND date BETWEEN $2 AND $3
 GROUP BY s`;

export async function governingBodyGraphs(
  deps: Deps,
  userId: string,
  period: Period,
  custom: { from?: string; to?: string },
) {
  const r: Range = periodRange(period, deps.today(), custom);
  const [s, counts] = await Promise.all([
    settings(deps, userId),
    deps.pool.query<{ standard: string; n: number }>({
      name: "graphs-standards",
      text: STANDARDS_SQL,
      values: [userId, r.from ?? EARLIEST, r.to],
    }),
  ]);
  const byStandard = new Map(counts.rows.map((c) => [c.standard, c.n]));
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

export const FIELD_SQL = `
SELECT v AS category, count(*)::int AS value
  FROM entries e,
       LATERAL jsonb_array_elements_text(
         CASE jsonb_typeof(e.values -> $2) WHEN 'array' THEN e.values -> $2 ELSE jsonb_build_array(e.values -> $2) END) v
 WHERE e.user_id = $1 AND e.type = $3 AND e.values ? $2 AND e.date BETWEEN $4 AND $5 AND v <> ''
 GROUP BY v ORDER BY value DESC, v`;

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
  const { rows } = await deps.pool.query<Cat>({
    name: "graphs-field",
    text: FIELD_SQL,
    values: [userId, fieldId, formId, r.from ?? EARLIEST, r.to],
  });
  return rows;
}
