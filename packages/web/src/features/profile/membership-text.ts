import { ukDate } from "@cpd/contract";

/** REQ-MEMBER-08: active memberships "renew" or "expire" (autoRenew) on the end date, or "never". */
export function membershipStatus(m: { active: boolean; autoRenew: boolean; endDate: string | null }): string {
  if (!m.active) return "Basic membership";
  const when = m.endDate ? ukDate(m.endDate) : "never";
  return m.autoRenew ? `Renews: ${when}` : `Expires: ${when}`;
}
