import { daysBetween, londonDay } from "../../lib/london-time";

/** "Today", or "In N days" counted in London calendar days (REQ-CAL-03). */
export function webinarBadge(startDate: string, now: Date): string {
  const days = daysBetween(londonDay(now), londonDay(startDate));
  if (days <= 0) return "Today";
  return days === 1 ? "In 1 day" : `In ${days} days`;
}
