import { api } from "@cpd/contract";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router-dom";
import { call } from "../../lib/api-client";

export const orgKeys = {
  organisations: ["organisations"] as const,
  users: (id: number) => ["organisations", id, "users"] as const,
  settings: (id: number) => ["organisations", id, "settings"] as const,
  list: (id: number, list: string) => ["organisations", id, "list", list] as const,
  fields: (id: number) => ["organisations", id, "additional-fields"] as const,
  analytics: (id: number) => ["organisations", id, "analytics"] as const,
  certificates: (id: number) => ["organisations", id, "certificates"] as const,
  shares: (id: number) => ["organisations", id, "shared-cpd"] as const,
};

/**
 * The organisation the pages act on: `?organisation=<id>` when an administrator picked one,
 * otherwise the first the caller manages (a manager's own).
 */
export function useCurrentOrganisation() {
  const [params, setParams] = useSearchParams();
  const list = useQuery({
    queryKey: orgKeys.organisations,
    queryFn: () => call(api.listOrganisations, { query: { perPage: 100 } }),
    meta: { errorTitle: "Failed to load organisations" },
  });
  const wanted = Number(params.get("organisation"));
  const items = list.data?.items ?? [];
  const current = items.find((o) => o.id === wanted) ?? items[0] ?? null;
  const choose = (id: number) => setParams((p) => ({ ...Object.fromEntries(p), organisation: String(id) }));
  return { list, organisations: items, current, choose };
}
