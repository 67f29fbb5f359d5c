// Failed queries and mutations toast the required failure title (given as meta.errorTitle)
// with the server message, so each screen only names what failed.
import {
  type DefaultError,
  MutationCache,
  QueryCache,
  QueryClient,
  type UseMutationOptions,
} from "@tanstack/react-query";
import { ApiError } from "./api-error";
import { notifyError } from "./notify";

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: { errorTitle?: string };
    mutationMeta: { errorTitle?: string };
  }
}

/** The app's cache settings and error toasts (tests make their own cache with them). */
export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (err, query) => {
        const title = query.meta?.errorTitle;
        if (title) notifyError(title, err);
      },
    }),
    mutationCache: new MutationCache({
      onError: (err, _vars, _ctx, mutation) => {
        const title = mutation.meta?.errorTitle;
        if (title) notifyError(title, err);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors will not fix themselves; retry only network and server failures once.
        retry: (count, err) =>
          count < 1 && !(err instanceof ApiError && (err.status ?? 0) >= 400 && (err.status ?? 0) < 500),
      },
    },
  });
}

/** The one cache of the app; cleared on logout so no user's data outlives the session. */
export const queryClient = createQueryClient();

/** What a component adds to a feature's mutation hook: its own reaction to the outcome (form state, navigation). */
export type MutationCallbacks<TData, TVariables = void> = Pick<
  UseMutationOptions<TData, DefaultError, TVariables>,
  "onSuccess" | "onError"
>;
