// The administrator's overview: members by tier, active users, organisations, entries per week.
import type { Deps } from "../../deps.js";
import { addDays } from "../../lib/dates.js";

/** On the replica unless the administrator just wrote or it lags (ADR 0032). */
export async function overview(deps: Deps, callerId: string) {
  const today = deps.today();
  const monday = (() => {
    const d = new Date(`${today}T00:00:00Z`);
    return addDays(today, -((d.getUTCDay() + 6) % 7));
  })();
  const first = addDays(monday, -7 * 11);
  const [tiers, counts, weeks] = await deps.reads.run({ userId: callerId }, ({ pool }) =>
    Promise.all([
      pool.query<{ tier: string; users: number }>(
        `SELECT coalesce(m.tier::text, 'BASIC') AS tier, count(*)::int AS users
         FROM users u LEFT JOIN memberships m ON m.user_id = u.id
        GROUP BY 1 ORDER BY 1`,
      ),
      pool.query<{ activeUsers: number; organisations: number }>({
        text: `SELECT (SELECT count(*)::int FROM users WHERE last_login_at >= $1) AS "activeUsers",
                    (SELECT count(*)::int FROM organisations) AS organisations`,
        values: [new Date(deps.now().getTime() - 30 * 86_400_000)],
      }),
      pool.query<{ week: string; entries: number }>({
        text: `SELECT w.week::date::text AS week, count(e.id)::int AS entries
               FROM generate_series($1::date, $2::date, interval '7 days') AS w(week)
               LEFT JOIN entries e ON e.created_at >= (w.week AT TIME ZONE 'Europe/London')
                                  AND e.created_at < ((w.week + interval '7 days') AT TIME ZONE 'Europe/London')
              GROUP BY w.week ORDER BY w.week`,
        values: [first, monday],
      }),
    ]),
  );
  const c = counts.rows[0] ?? { activeUsers: 0, organisations: 0 };
  return { membersByTier: tiers.rows, ...c, entriesPerWeek: weeks.rows };
}
