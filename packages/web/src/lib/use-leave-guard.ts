import { useEffect } from "react";
import { useBlocker } from "react-router-dom";

/**
 * Unsaved changes: moving to another page of the app is blocked (the caller asks what to do with
 * the returned blocker) while `dirty` and `allowBlock()` hold, and closing or reloading the tab
 * asks the browser's own question while `dirty`.
 */
export function useLeaveGuard(dirty: boolean, allowBlock: () => boolean = () => true) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && allowBlock() && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  return blocker;
}
