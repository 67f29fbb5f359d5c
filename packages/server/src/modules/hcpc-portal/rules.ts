// The HCPC audit portal's selection rules (REQ-HCPC-03), as pure functions of what the
// link's range holds: the server refuses in the order the wizard warns.
import {
  type DatedActivity,
  describeGap,
  findCpdGap,
  HCPC,
  HCPC_ENTRY_COUNT_MESSAGE,
  HCPC_EVIDENCE_COUNT_MESSAGE,
} from "@cpd/contract";
import { AppError, badRequest, notFound } from "../../lib/errors.js";

/** The link's range as a request checks it. */
export function checkRange(dateFrom: string, dateTo: string) {
  if (dateFrom > dateTo) throw badRequest("The From date must be on or before the To date", "RANGE_ORDER");
}

/**
 * Checks a PDF selection, in this order: every entry is an in-range entry of the user (404),
 * 12 to 50 entries (422), every evidence file belongs to a selected entry (404), 4 to 12
 * evidence files when any are asked for (422), no gap of 3 months or more (422).
 * `inRange` holds the selected ids found in the range; `evidenceEntry` maps each evidence id
 * found to its entry. Answers the selected entries.
 */
export function checkSelection(input: {
  entryIds: readonly string[];
  evidenceIds: readonly string[] | undefined;
  inRange: ReadonlyMap<string, DatedActivity>;
  evidenceEntry: ReadonlyMap<string, string>;
}): DatedActivity[] {
  const entries = input.entryIds.map((id) => input.inRange.get(id));
  if (entries.some((e) => !e)) throw notFound("Entry not found", "ENTRY_NOT_FOUND");
  if (entries.length < HCPC.minEntries || entries.length > HCPC.maxEntries) {
    throw new AppError(422, "HCPC_ENTRY_COUNT", HCPC_ENTRY_COUNT_MESSAGE);
  }
  if (input.evidenceIds) {
    const selected = new Set(input.entryIds);
    for (const id of input.evidenceIds) {
      const entryId = input.evidenceEntry.get(id);
      if (!entryId || !selected.has(entryId))
        throw notFound("This file is not evidence of a selected activity", "EVIDENCE_NOT_FOUND");
    }
    const n = input.evidenceIds.length;
    if (n < HCPC.minEvidence || n > HCPC.maxEvidence) {
      throw new AppError(422, "HCPC_EVIDENCE_COUNT", HCPC_EVIDENCE_COUNT_MESSAGE);
    }
  }
  const chosen = entries as DatedActivity[];
  const gap = findCpdGap(chosen);
  if (gap) throw new AppError(422, "HCPC_GAP", describeGap(gap));
  return chosen;
}

/** `entryId[]=a&entryId[]=b` (the spelling of REQ-API-01) and a single `entryId=a` as the array the schema wants. */
export function normaliseArrayQuery(query: Record<string, unknown>, keys: readonly string[]) {
  for (const key of keys) {
    const bracketed = query[`${key}[]`];
    const plain = query[key];
    if (bracketed === undefined && (plain === undefined || Array.isArray(plain))) continue;
    const list = [plain, bracketed].flatMap((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));
    delete query[`${key}[]`];
    query[key] = list;
  }
  return query;
}
