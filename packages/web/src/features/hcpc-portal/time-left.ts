const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? "" : "s"}`;

/** "6 days 4 hours left", "3 hours 12 minutes left", or "Expired" (from the clock's now). */
export function timeLeft(expiresAt: string, nowMs: number): string {
  const ms = Date.parse(expiresAt) - nowMs;
  if (!(ms > 0)) return "Expired";
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return `${plural(days, "day")} ${plural(hours, "hour")} left`;
  if (hours > 0) return `${plural(hours, "hour")} ${plural(mins, "minute")} left`;
  return `${plural(Math.max(1, mins), "minute")} left`;
}
