// Server calls of the settings page (docs/decisions/0015-module-boundaries-and-jobs.md); the
// settings themselves are the shell's query (keys.settings).
import { api, type ResponseOf } from "@cpd/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api-client";
import type { MutationCallbacks } from "../../lib/query-client";
import { keys } from "../shell";
import type { Settings } from "./settings-model";

/** Save the dashboard settings; the cache holds what the server saved. */
export function useSaveSettings(
  callbacks: MutationCallbacks<ResponseOf<typeof api.saveDashboardSettings>, Settings>,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Settings) => call(api.saveDashboardSettings, { body }),
    meta: { errorTitle: "Failed to save settings" },
    onSuccess: async (...args) => {
      qc.setQueryData(keys.settings, args[0]);
      await callbacks.onSuccess?.(...args);
    },
  });
}
