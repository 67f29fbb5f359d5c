import type { Query } from "@tanstack/react-query";

/**
 * A useQuery's polling of a worker job (portfolio, submission pack): ask again every `pollMs`
 * until the job's state is one of `finished`, never from the cache.
 */
export function pollJob<T extends { state: string }>(finished: readonly string[], pollMs: number) {
  return {
    refetchInterval: (q: Query<T, Error, T, readonly unknown[]>) =>
      q.state.data && finished.includes(q.state.data.state) ? false : pollMs,
    staleTime: 0,
  };
}
