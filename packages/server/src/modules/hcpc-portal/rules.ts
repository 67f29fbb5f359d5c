// The HCPC audit portal's selection rules (REQ-HCPC-03, ADR 0027), as pure functions of what the
// link's range holds. The activity and evidence counts only warn (in the wizard); a gap of 3
// months or more blocks the PDF until it is explained; the texts have HCPC's word limits.
import {
  type CpdGap,
  countWords,
  type DatedActivity,
  describeGap,
  findCpdGaps,
  gapKey,
  HCPC,
  HCPC_STATEMENT_WORDS_MESSAGE,
  HCPC_SUMMARY_WORDS_MESSAGE,
} from "@cpd/contract";
import { AppError, badRequest, notFound } from "../../lib/errors.js";

/** The link's range as a request checks it. */
export function checkRange(dateFrom: string, dateTo: string) {
  if (dateFrom > dateTo) throw badRequest("The From date must be on or before the To date", "RANGE_ORDER");
}

/** HCPC's online limits: 500 words of summary, 1,500 words of statement over the four standards. */
export function checkSummaryWords(summary: string) {
  if (countWords(summary) > HCPC.summaryWords)
    throw new AppError(422, "HCPC_WORD_LIMIT", HCPC_SUMMARY_WORDS_MESSAGE);
}
export function checkStatementWords(standards: readonly string[]) {
  if (standards.reduce((n, s) => n + countWords(s), 0) > HCPC.statementWords)
    throw new AppError(422, "HCPC_WORD_LIMIT", HCPC_STATEMENT_WORDS_MESSAGE);
}

/** A gap with the user's explanation of it. */
export type ExplainedGap = CpdGap & { explanation: string };

/**
 * Checks a PDF selection, in this order: every entry is an in-range entry of the user (404),
 * every evidence file belongs to a selected entry (404), every gap of 3 months or more is
 * explained (422 naming each unexplained gap). `inRange` holds the selected ids found in the
 * range; `evidenceEntry` maps each evidence id found to its entry; `explanations` are the link's,
 * by gapKey. Answers the selected entries and their explained gaps.
 */
export function checkSelection(input: {
  entryIds: readonly string[];
  evidenceIds: readonly string[] | undefined;
  inRange: ReadonlyMap<string, DatedActivity>;
  evidenceEntry: ReadonlyMap<string, string>;
  explanations?: ReadonlyMap<string, string>;
}): { entries: DatedActivity[]; gaps: ExplainedGap[] } {
  const entries = input.entryIds.map((id) => input.inRange.get(id));
  if (entries.some((e) => !e)) throw notFound("Entry not found", "ENTRY_NOT_FOUND");
  if (input.evidenceIds) {
    const selected = new Set(input.entryIds);
    for (const id of input.evidenceIds) {
      const entryId = input.evidenceEntry.get(id);
      if (!entryId || !selected.has(entryId))
        throw notFound("This file is not evidence of a selected activity", "EVIDENCE_NOT_FOUND");
    }
  }
  const chosen = entries as DatedActivity[];
  const gaps = findCpdGaps(chosen).map((g) => ({
    ...g,
    explanation: input.explanations?.get(gapKey({ from: g.from.date, to: g.to.date }))?.trim() ?? "",
  }));
  const unexplained = gaps.filter((g) => !g.explanation);
  if (unexplained.length) throw new AppError(422, "HCPC_GAP", unexplained.map(describeGap).join(" "));
  return { entries: chosen, gaps };
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
