import { formatDate } from "../../lib/dates";

/** Spec 1 §4: active memberships "renew" or "expire" (autoRenew) on the end date, or "never". */
export function membershipStatus(m: { active: boolean; autoRenew: boolean; endDate: string | null }): string {
  if (!m.active) return "Basic membership";
  const when = m.endDate ? formatDate(m.endDate) : "never";
  return m.autoRenew ? `Renews: ${when}` : `Expires: ${when}`;
}
