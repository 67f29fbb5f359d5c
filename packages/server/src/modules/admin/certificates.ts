// Video certificates as administrators (every member's) and organisation managers (their
// members') see them: newest first, filtered, with counts by state over the whole filtered set.
import type { api, QueryOf } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { addDays } from "../../lib/dates.js";
import { likePattern, listFilter } from "../../lib/sql-list.js";

interface Row {
  id: string;
  videoName: string;
  state: string;
  createdAt: Date;
  issuedAt: Date | null;
  userId: string;
  email: string;
  name: string;
  organisation: string | null;
}

export async function certificates(
  deps: Deps,
  scope: { organisationId: number | null },
  page: { perPage: number; page: number },
  q: QueryOf<typeof api.adminCertificates>,
) {
  const filter = listFilter([]);
  if (scope.organisationId !== null) filter.add((p) => `u.organisation_id = ${p}`, scope.organisationId);
  if (q.search?.trim()) {
    filter.add((p) => `(lower(c.video_name) LIKE ${p} OR u.email LIKE ${p})`, likePattern(q.search.trim()));
  }
  if (q.from)
    filter.add((p) => `c.created_at >= (${p}::date::timestamp AT TIME ZONE 'Europe/London')`, q.from);
  if (q.to) {
    filter.add(
      (p) => `c.created_at < (${p}::date::timestamp AT TIME ZONE 'Europe/London')`,
      addDays(q.to, 1),
    );
  }
  const from = `FROM video_certificates c JOIN users u ON u.id = c.user_id`;
  // The counts ignore the state filter, so the figures show what the other states hold.
  const counts = await deps.pool.query<{ state: string; certificates: number }>(
    `SELECT c.state, count(*)::int AS certificates ${from} ${filter.where()} GROUP BY c.state ORDER BY c.state`,
    [...filter.values],
  );
  if (q.state) filter.add((p) => `c.state = ${p}`, q.state);
  const { rows } = await deps.pool.query<Row & { total: number }>(
    `SELECT c.id, c.video_name AS "videoName", c.state, c.created_at AS "createdAt", c.issued_at AS "issuedAt",
            u.id AS "userId", u.email,
            trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')) AS name,
            o.name AS organisation, count(*) OVER ()::int AS total
       ${from}
       LEFT JOIN profiles p ON p.user_id = u.id
       LEFT JOIN organisations o ON o.id = u.organisation_id
       ${filter.where()}
      ORDER BY c.created_at DESC, c.id ${filter.page(page.perPage, page.page)}`,
    filter.values,
  );
  return {
    total: rows[0]?.total ?? 0,
    byState: counts.rows,
    items: rows.map((r) => ({
      id: r.id,
      videoName: r.videoName,
      state: r.state,
      createdAt: r.createdAt.toISOString(),
      issuedAt: r.issuedAt?.toISOString() ?? null,
      user: { id: r.userId, email: r.email, name: r.name },
      organisation: r.organisation,
    })),
  };
}
