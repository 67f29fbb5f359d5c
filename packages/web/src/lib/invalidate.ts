// The one place that knows what a change to an entry or a file makes stale. Every screen that
// saves, deletes, shares or tags an entry, or uploads, renames, deletes, attaches or detaches a
// file, calls these instead of naming keys itself (the dashboard used to stay stale).
import type { QueryClient, QueryKey } from "@tanstack/react-query";

/** My Files and the evidence pickers, and the storage the files use. */
const FILE_DEPENDENT_KEYS: readonly QueryKey[] = [["files"], ["usage"]];

/**
 * Query key roots built from the user's entries: the entries list and the calendar's past
 * entries (["entries", ...]), the dashboard's statistics and monthly chart (["statistics", ...]),
 * its graphs and standards (["graphs", ...]), the calendar's planned CPD (reminders), Shared CPD
 * (an entry's card goes with it), a supervision record's share as its owner sees it (what the
 * reviewer is not shown, the evidence it lists), and the file keys (My Files shows which entry
 * holds a file; the usage gauge counts a trial's entries).
 */
const ENTRY_DEPENDENT_KEYS: readonly QueryKey[] = [
  ["entries"],
  ["statistics"],
  ["graphs"],
  ["planned-cpd"],
  ["shared-cpd"],
  ["supervision"],
  ...FILE_DEPENDENT_KEYS,
];

const refresh = (qc: QueryClient, keys: readonly QueryKey[]) =>
  Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey }))).then(() => undefined);

/** An entry was created, updated, deleted, shared, unshared or re-tagged. */
export const entryChanged = (qc: QueryClient) => refresh(qc, ENTRY_DEPENDENT_KEYS);

/**
 * A file was uploaded, renamed or deleted; `entries` when that changed an entry's evidence too
 * (attached, detached, or deleted while attached), which moves its completeness and statistics.
 */
export const fileChanged = (qc: QueryClient, { entries }: { entries: boolean }) =>
  refresh(qc, entries ? ENTRY_DEPENDENT_KEYS : FILE_DEPENDENT_KEYS);
