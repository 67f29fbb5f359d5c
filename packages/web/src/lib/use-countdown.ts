import { useEffect, useState } from "react";
import { nowMs } from "./clock";

/**
 * Whole seconds left until `untilMs` by the app's clock (lib/clock, which tests set), redrawn each
 * second while there are any; 0 once reached or when there is nothing to wait for.
 */
export function useCountdown(untilMs: number | null): number {
  const left = () => (untilMs === null ? 0 : Math.max(0, Math.ceil((untilMs - nowMs()) / 1000)));
  const [, tick] = useState(0);
  const seconds = left();
  const waiting = seconds > 0;
  useEffect(() => {
    if (!waiting) return;
    const t = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(t);
  }, [waiting]);
  return seconds;
}
