import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { calendarKeys } from "../features/calendar/queries";
import { dashboardKeys } from "../features/dashboard/queries";
import { DEFAULT_STATE } from "../features/entries/list-params";
import { entryKeys } from "../features/entries/queries";
import { fileKeys } from "../features/files/queries";
import { profileKeys } from "../features/profile/queries";
import { keys } from "../features/shell/queries";
import { supervisionKeys } from "../features/supervision/queries";
import { entryChanged, fileChanged } from "./invalidate";

const year = { period: "12" } as const;
const lifetime = { period: "lifetime" } as const;

// The real keys of the screens that show entry-derived numbers, and some that do not.
const entryDerived = {
  "entries list": entryKeys.list(DEFAULT_STATE),
  "calendar past entries": calendarKeys.entryMetadata,
  "calendar planned CPD": calendarKeys.planned,
  "statistics (12 months)": dashboardKeys.statistics(year),
  "statistics (lifetime)": dashboardKeys.statistics(lifetime),
  "monthly chart": dashboardKeys.monthly,
  graphs: dashboardKeys.graphs(year),
  "standards graphs": dashboardKeys.standards(year),
  "activity pie": dashboardKeys.formField(lifetime),
  "usage gauge": keys.usage,
  "recent Shared CPD": dashboardKeys.sharedCpd,
  "files list (which entry holds each file)": fileKeys.list({
    filter: "",
    sortBy: "date",
    sortDesc: true,
    page: 1,
  }),
  "unassigned files": fileKeys.unassigned,
  "supervision share, owner's view (what the reviewer is not shown)": supervisionKeys.view("share-1", null),
};
const fileDerived = {
  "files list": fileKeys.list({ filter: "", sortBy: "date", sortDesc: true, page: 1 }),
  "unassigned files": fileKeys.unassigned,
  "usage gauge": keys.usage,
};
const unrelated = {
  profile: keys.profile,
  features: keys.features,
  "personal profile": profileKeys.personal,
  "calendar events": calendarKeys.events,
  "Clinical Skills statistics": dashboardKeys.clinicalStats,
};

function cacheWith(...groups: Record<string, readonly unknown[]>[]) {
  const qc = new QueryClient();
  for (const g of groups) for (const key of Object.values(g)) qc.setQueryData(key, { cached: true });
  const stale = (g: Record<string, readonly unknown[]>) =>
    Object.keys(g).filter((name) => qc.getQueryState(g[name] as unknown[])?.isInvalidated);
  return { qc, stale };
}

describe("entryChanged", () => {
  it("makes every entry-derived query stale (statistics, graphs, calendar, usage) and nothing else", async () => {
    const { qc, stale } = cacheWith(entryDerived, unrelated);
    await entryChanged(qc);
    expect(stale(entryDerived)).toEqual(Object.keys(entryDerived));
    expect(stale(unrelated)).toEqual([]);
  });
});

describe("fileChanged", () => {
  it("refreshes the files and the storage gauge, and leaves the statistics alone", async () => {
    const { qc, stale } = cacheWith(fileDerived, entryDerived);
    await fileChanged(qc, { entries: false });
    expect(stale(fileDerived)).toEqual(Object.keys(fileDerived));
    expect(stale(entryDerived)).toEqual([
      "usage gauge",
      "files list (which entry holds each file)",
      "unassigned files",
    ]);
  });

  it("refreshes the entry-derived queries too when an entry's evidence changed", async () => {
    const { qc, stale } = cacheWith(fileDerived, entryDerived, unrelated);
    await fileChanged(qc, { entries: true });
    expect(stale(fileDerived)).toEqual(Object.keys(fileDerived));
    expect(stale(entryDerived)).toEqual(Object.keys(entryDerived));
    expect(stale(unrelated)).toEqual([]);
  });
});
