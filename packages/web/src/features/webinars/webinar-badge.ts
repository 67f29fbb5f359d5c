import { daysBetween, londonDay } from "../calendar/london-time";

/** "Today", or "In N days" counted in London calendar days (spec 1 §2 My Webinars). */
export function webinarBadge(startDate: string, now: Date): string {
  const days = daysBetween(londonDay(now), londonDay(startDate));
  if (days <= 0) return "Today";
  return days === 1 ? "In 1 day" : `In ${days} days`;
}
