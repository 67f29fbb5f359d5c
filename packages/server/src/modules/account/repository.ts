// Hot reads of a user's account, as typed SQL on the shared pg pool: the
// dashboard makes these calls on every load (DESIGN.md §3).
import type pg from "pg";
import type { MembershipFacts } from "./membership-rules.js";

export interface AccountRow {
  id: string;
  email: string;
  created_date: string;
  organisation_id: number | null;
  organisation_name: string | null;
  organisation_enabled: boolean | null;
  first_name: string;
  last_name: string;
  job_title: string | null;
  nickname: string | null;
  mobile_number: string | null;
  mobile_verified: boolean;
  alternative_email: string | null;
  alternative_email_verified: boolean;
  has_image: boolean;
  tier: "BASIC" | "PREMIUM" | "CORPORATE" | null;
  active: boolean;
  membership_end: string | null;
  trial_end: string | null;
  diary_entries: number;
  tags: string[];
}

export const ACCOUNT_SQL = `
SELECT u.id, u.email, (u.created_at AT TIME ZONE 'Europe/London')::date AS created_date,
       u.organisation_id, o.name AS organisation_name, o.enabled AS organisation_enabled,
       p.first_name, p.last_name, p.job_title, p.nickname, p.mobile_number, p.mobile_verified,
       p.alternative_email, p.alternative_email_verified, p.image_key IS NOT NULL AS has_image,
       m.tier, COALESCE(m.active, false) AS active, m.end_date AS membership_end, t.end_date AS trial_end,
       (SELECT count(*)::int FROM entries e WHERE e.user_id = u.id AND e.type = 'diary') AS diary_entries,
       COALESCE((SELECT array_agg(g.name ORDER BY g.position, g.name) FROM user_tags g WHERE g.user_id = u.id), '{}') AS tags
  FROM users u
  JOIN profiles p ON p.user_id = u.id
  LEFT JOIN memberships m ON m.user_id = u.id
  LEFT JOIN trials t ON t.user_id = u.id
  LEFT JOIN organisations o ON o.id = u.organisation_id
 WHERE u.id = $1`;

export async function loadAccount(pool: pg.Pool, userId: string): Promise<AccountRow | null> {
  const { rows } = await pool.query<AccountRow>({
    name: "load-account",
    text: ACCOUNT_SQL,
    values: [userId],
  });
  return rows[0] ?? null;
}

export const membershipFacts = (a: AccountRow): MembershipFacts => ({
  accountCreatedDate: a.created_date,
  tier: a.tier,
  active: a.active,
  membershipEndDate: a.membership_end,
  trialEndDate: a.trial_end,
  diaryEntries: a.diary_entries,
});
