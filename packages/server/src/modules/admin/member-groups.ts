// Member groups: every account in exactly one group by where it stands, decided in SQL by the
// same rules as the account's own status (modules/account/membership-rules.ts: full member,
// lapsed, legacy, trial). An integration test checks the two agree account by account.
import { type api, LEGACY_CUTOFF, MEMBER_GROUPS, type MemberGroup, type QueryOf } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { likePattern } from "../../lib/sql-list.js";

/** $1 is today (London). */
const GROUP_SQL = `
  CASE
    WHEN m.active AND m.tier IN ('PREMIUM', 'CORPORATE') AND (m.end_date IS NULL OR m.end_date >= $1::date)
      THEN CASE m.tier WHEN 'PREMIUM' THEN 'premium' ELSE 'corporate' END
    WHEN m.end_date IS NOT NULL THEN 'lapsed'
    WHEN t.end_date IS NULL OR (u.created_at AT TIME ZONE 'Europe/London')::date < '${LEGACY_CUTOFF}'::date
      THEN 'legacy'
    WHEN t.end_date >= $1::date THEN 'trial'
    ELSE 'trial-ended'
  END`;

const FROM = `
  FROM users u
  LEFT JOIN memberships m ON m.user_id = u.id
  LEFT JOIN trials t ON t.user_id = u.id`;

/** Each group with its size and how many of its accounts are due to be deleted. */
export async function memberGroups(deps: Deps) {
  const { rows } = await deps.pool.query<{ grp: MemberGroup; members: number; deletionScheduled: number }>(
    `SELECT ${GROUP_SQL} AS grp, count(*)::int AS members,
            count(u.deletion_scheduled_for)::int AS "deletionScheduled"
       ${FROM} GROUP BY 1`,
    [deps.today()],
  );
  const by = new Map(rows.map((r) => [r.grp, r]));
  return (Object.keys(MEMBER_GROUPS) as MemberGroup[]).map((group) => ({
    group,
    label: MEMBER_GROUPS[group],
    members: by.get(group)?.members ?? 0,
    deletionScheduled: by.get(group)?.deletionScheduled ?? 0,
  }));
}

interface Row {
  id: string;
  email: string;
  name: string;
  organisation: string | null;
  createdAt: Date;
  lastLoginAt: Date | null;
  endDate: string | null;
  deletionScheduledFor: string | null;
  total: number;
}

/** One group's accounts by e-mail address, filtered by part of an address or name. */
export async function groupMembers(
  deps: Deps,
  p: { group: string; perPage: number; page: number },
  q: QueryOf<typeof api.memberGroupMembers>,
) {
  const filter = q.filter?.trim() ? likePattern(q.filter.trim()) : null;
  const { rows } = await deps.pool.query<Row>({
    text: `SELECT g.*, count(*) OVER ()::int AS total FROM (
             SELECT u.id, u.email,
                    trim(coalesce(pr.first_name, '') || ' ' || coalesce(pr.last_name, '')) AS name,
                    o.name AS organisation, u.created_at AS "createdAt", u.last_login_at AS "lastLoginAt",
                    coalesce(m.end_date, t.end_date)::text AS "endDate",
                    u.deletion_scheduled_for::text AS "deletionScheduledFor", ${GROUP_SQL} AS grp
               ${FROM}
               LEFT JOIN profiles pr ON pr.user_id = u.id
               LEFT JOIN organisations o ON o.id = u.organisation_id
           ) g
           WHERE g.grp = $2 AND ($3::text IS NULL OR g.email LIKE $3 OR lower(g.name) LIKE $3)
           ORDER BY g.email, g.id
           LIMIT $4 OFFSET $5`,
    values: [deps.today(), p.group, filter, p.perPage, (p.page - 1) * p.perPage],
  });
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map((r) => ({
      id: r.id,
      email: r.email,
      name: r.name,
      organisation: r.organisation,
      createdAt: r.createdAt.toISOString(),
      lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
      endDate: r.endDate,
      deletionScheduledFor: r.deletionScheduledFor,
    })),
  };
}
