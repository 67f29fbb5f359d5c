// The activity log as administrators read it: newest first, filtered, with the e-mail
// addresses of actor and subject where the accounts still exist.
import type { api, ParamsOf, QueryOf } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { addDays } from "../../lib/dates.js";

interface Row {
  id: string;
  at: Date;
  action: string;
  actorId: string | null;
  actorEmail: string | null;
  subjectId: string | null;
  subjectEmail: string | null;
  organisationId: number | null;
  details: Record<string, unknown>;
  total: number;
}

export async function activityLog(
  deps: Deps,
  page: ParamsOf<typeof api.activityLog>,
  q: QueryOf<typeof api.activityLog>,
) {
  const action = q.action?.trim() || null;
  const prefix = action?.endsWith(".") ? `${action.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const { rows } = await deps.pool.query<Row>({
    text: `SELECT l.id, l.at, l.action, l.actor_id AS "actorId", a.email AS "actorEmail",
                  l.subject_id AS "subjectId", s.email AS "subjectEmail",
                  l.organisation_id AS "organisationId", l.details, count(*) OVER ()::int AS total
             FROM activity_log l
             LEFT JOIN users a ON a.id = l.actor_id
             LEFT JOIN users s ON s.id = l.subject_id
            WHERE ($1::text IS NULL OR ($2::text IS NULL AND l.action = $1) OR l.action LIKE $2)
              AND ($3::text IS NULL OR a.email = $3 OR s.email = $3)
              AND ($4::int IS NULL OR l.organisation_id = $4)
              AND ($5::date IS NULL OR l.at >= ($5::date::timestamp AT TIME ZONE 'Europe/London'))
              AND ($6::date IS NULL OR l.at < ($6::date::timestamp AT TIME ZONE 'Europe/London'))
            ORDER BY l.at DESC, l.id
            LIMIT $7 OFFSET $8`,
    values: [
      action,
      prefix,
      q.email?.trim().toLowerCase() || null,
      q.organisationId ?? null,
      q.from ?? null,
      q.to ? addDays(q.to, 1) : null,
      page.perPage,
      (page.page - 1) * page.perPage,
    ],
  });
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      action: r.action,
      actor: r.actorId && r.actorEmail ? { id: r.actorId, email: r.actorEmail } : null,
      subject: r.subjectId && r.subjectEmail ? { id: r.subjectId, email: r.subjectEmail } : null,
      organisationId: r.organisationId,
      details: r.details ?? {},
    })),
  };
}
