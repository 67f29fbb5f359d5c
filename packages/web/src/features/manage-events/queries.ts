// Server calls of the events and webinars page (docs/decisions/0015-module-boundaries-and-jobs.md).
// Events and webinars differ only in their spec, so the hooks take the spec's calls and keys.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MutationCallbacks } from "../../lib/query-client";

export const useManagedItems = <T>(list: {
  queryKey: () => readonly unknown[];
  queryFn: () => Promise<T[]>;
  errorTitle: string;
}) =>
  useQuery({
    queryKey: list.queryKey(),
    queryFn: list.queryFn,
    meta: { errorTitle: list.errorTitle },
  });

/** Run a save or a delete, then refresh what shows the items (`invalidates`). */
export function useManagedChange<V>(
  change: (v: V) => Promise<unknown>,
  invalidates: readonly unknown[],
  callbacks: MutationCallbacks<unknown, V> & { errorTitle?: string },
) {
  const qc = useQueryClient();
  const { errorTitle, onSuccess, onError } = callbacks;
  return useMutation({
    mutationFn: change,
    ...(errorTitle ? { meta: { errorTitle } } : {}),
    onSuccess: async (...args) => {
      void qc.invalidateQueries({ queryKey: invalidates });
      await onSuccess?.(...args);
    },
    onError,
  });
}
