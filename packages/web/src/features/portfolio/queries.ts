import { api, type BodyOf, PORTFOLIO, type ResponseOf } from "@cpd/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { call } from "../../lib/api-client";
import { pollJob } from "../../lib/poll-job";
import type { BuilderEntry } from "./builder-model";

/** The list endpoint's largest page; the builder reads pages of it up to the 1000 entries of REQ-PORT-02. */
const PER_PAGE = 100;
const MAX_ENTRIES = 1000;

/** Every entry of the range (the tags and lists are filtered on the client). */
async function entriesInRange(from: string, to: string, signal: AbortSignal): Promise<BuilderEntry[]> {
  const out: BuilderEntry[] = [];
  for (let page = 1; out.length < MAX_ENTRIES; page++) {
    const res = await call(api.listEntries, {
      params: { perPage: PER_PAGE, page },
      query: { from, to, sortBy: "date", sortDesc: false },
      signal,
    });
    out.push(
      ...res.items.map((e) => ({
        id: e.id,
        type: e.type,
        title: e.title,
        date: e.date,
        tags: e.tags,
        evidence: e.evidence.map((f) => ({ id: f.id, name: f.name })),
      })),
    );
    if (res.items.length < PER_PAGE || out.length >= res.total) break;
  }
  return out;
}

export const useRangeEntries = (from: string, to: string, enabled: boolean) =>
  useQuery({
    queryKey: ["portfolio", "entries", from, to],
    queryFn: ({ signal }) => entriesInRange(from, to, signal),
    enabled,
    meta: { errorTitle: "Failed to load entries" },
  });

export const useRequestPortfolio = () =>
  useMutation({
    mutationFn: (body: BodyOf<typeof api.requestPortfolio>) => call(api.requestPortfolio, { body }),
    meta: { errorTitle: "Failed to Request Portfolio" },
  });

/** Polls the request every 3 s until it is Completed or Failed (REQ-PORT-05). */
export const usePortfolioStatus = (uuid: string | null) =>
  useQuery({
    queryKey: ["portfolio", "status", uuid],
    queryFn: () => call(api.portfolioStatus, { params: { id: uuid ?? "" } }),
    enabled: uuid !== null,
    ...pollJob<ResponseOf<typeof api.portfolioStatus>>(["Completed", "Failed", "Expired"], PORTFOLIO.pollMs),
  });

export const useRequestHcpcAccess = () =>
  useMutation({
    mutationFn: (body: { dateFrom: string; dateTo: string }) => call(api.requestHcpcAccess, { body }),
    meta: { errorTitle: "Failed to request access" },
  });
