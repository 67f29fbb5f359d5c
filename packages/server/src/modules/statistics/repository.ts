// The statistics and graphs queries: typed SQL on the shared pg pool, with named
// prepared statements (hot reads, docs/decisions/0002-contract-routes-and-hot-reads.md).
import type pg from "pg";

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

export async function settingsRow(pool: pg.Pool, userId: string) {
  const { rows } = await pool.query<Settings>({
    name: "stats-settings",
    text: SETTINGS_SQL,
    values: [userId],
  });
  return rows[0];
}

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

interface Totals {
  hours: number;
  total: number;
  diary: number;
  reflection: number;
  cycle_hours: number;
  incident: number;
  course: number;
  exercise: number;
}

/** `values`: totalsValues(...) of the service. */
export async function totalsRow(pool: pg.Pool, values: unknown[]) {
  const { rows } = await pool.query<Totals>({
    name: "stats-totals",
    text: TOTALS_SQL,
    values,
  });
  return rows[0];
}

const MONTHLY_SQL = `
SELECT to_char(m, 'YYYY-MM') AS key, count(e.id)::int AS value
  FROM generate_series(date_trunc('month', $2::date) - interval '11 months', date_trunc('month', $2::date), interval '1 month') m
  LEFT JOIN entries e ON e.user_id = $1 AND e.date >= m::date AND e.date < (m + interval '1 month')::date
 GROUP BY m ORDER BY m`;

export async function monthlyRows(pool: pg.Pool, userId: string, today: string) {
  const { rows } = await pool.query<{ key: string; value: number }>({
    name: "stats-monthly",
    text: MONTHLY_SQL,
    values: [userId, today],
  });
  return rows;
}

type Cat = { category: string; value: number };

export const GRAPHS_SQL = `
WITH e AS (SELECT category, activity_type FROM entries WHERE user_id = $1 AND date BETWEEN $2 AND $3)
SELECT (SELECT coalesce(json_agg(json_build_object('category', c, 'value', n) ORDER BY n DESC, c), '[]')
          FROM (SELECT category c, count(*)::int n FROM e WHERE category IS NOT NULL GROUP BY 1) x) AS categories,
       (SELECT coalesce(json_agg(json_build_object('category', c, 'value', n) ORDER BY n DESC, c), '[]')
          FROM (SELECT activity_type c, count(*)::int n FROM e WHERE activity_type IS NOT NULL GROUP BY 1) y) AS activities`;

export async function graphsRow(pool: pg.Pool, userId: string, from: string, to: string) {
  const { rows } = await pool.query<{ categories: Cat[]; activities: Cat[] }>({
    name: "graphs",
    text: GRAPHS_SQL,
    values: [userId, from, to],
  });
  return rows[0];
}

const STANDARDS_SQL = `
SELECT s AS standard, count(*)::int AS n
  FROM entries, unnest(standards) s
 WHERE user_id = $1 AND date BETWEEN $2 AND $3
 GROUP BY s`;

export async function standardCounts(pool: pg.Pool, userId: string, from: string, to: string) {
  const { rows } = await pool.query<{ standard: string; n: number }>({
    name: "graphs-standards",
    text: STANDARDS_SQL,
    values: [userId, from, to],
  });
  return rows;
}

const FIELD_SQL = `
SELECT v AS category, count(*)::int AS value
  FROM entries e,
       LATERAL jsonb_array_elements_text(
         CASE jsonb_typeof(e.values -> $2) WHEN 'array' THEN e.values -> $2 ELSE jsonb_build_array(e.values -> $2) END) v
 WHERE e.user_id = $1 AND e.type = $3 AND e.values ? $2 AND e.date BETWEEN $4 AND $5 AND v <> ''
 GROUP BY v ORDER BY value DESC, v`;

export async function fieldCounts(
  pool: pg.Pool,
  userId: string,
  fieldId: string,
  formId: string,
  from: string,
  to: string,
) {
  const { rows } = await pool.query<Cat>({
    name: "graphs-field",
    text: FIELD_SQL,
    values: [userId, fieldId, formId, from, to],
  });
  return rows;
}
