import { api, type ResponseOf } from "@cpd/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { call } from "../../lib/api-client";
import { type ListState, toQuery } from "./list-params";

export const PAGE_SIZE = 10;

export type EntriesPage = ResponseOf<typeof api.listEntries>;
export type EntryRow = EntriesPage["items"][number];

export const entryKeys = {
  all: ["entries"] as const,
  list: (s: ListState) => ["entries", "list", s] as const,
  sharedCategories: ["shared-cpd", "categories"] as const,
};

export const useEntries = (s: ListState) =>
  useQuery({
    queryKey: entryKeys.list(s),
    queryFn: ({ signal }) =>
      call(api.listEntries, { params: { perPage: PAGE_SIZE, page: s.page }, query: toQuery(s), signal }),
    placeholderData: keepPreviousData,
    meta: { errorTitle: "Failed to load entries" },
  });

export const useSharedCategories = (enabled = true) =>
  useQuery({
    queryKey: entryKeys.sharedCategories,
    queryFn: () => call(api.sharedCpdCategories),
    staleTime: 60 * 60_000,
    enabled,
    meta: { errorTitle: "Failed to load Shared CPD" },
  });
