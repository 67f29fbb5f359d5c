// The portfolio request's rules (REQ-PORT-03, REQ-PORT-04), pure: the request, and what the user owns.
import { estimatedPages, PAGE_TITLES, PORTFOLIO, type PortfolioRequest } from "@cpd/contract";
import type { Static } from "@sinclair/typebox";
import { badRequest, notFound } from "../../lib/errors.js";

export type Request = Static<typeof PortfolioRequest>;

export interface OwnEntry {
  id: string;
  type: string;
  date: string | null;
}

export interface Owned {
  /** Page codes this user may include (pageOptions of the contract). */
  pages: readonly string[];
  /** The user's entries among the requested ids. */
  entries: ReadonlyMap<string, OwnEntry>;
  /** The user's files among the requested evidence ids, with the entry each is evidence of. */
  evidence: ReadonlyMap<string, string | null>;
}

const ENTRY_NOT_FOUND = () => notFound("Entry not found", "ENTRY_NOT_FOUND");
const EVIDENCE_NOT_FOUND = () => notFound("Evidence not found", "EVIDENCE_NOT_FOUND");

/** Throws the first broken rule; other users' entries and files are "not found", never "forbidden". */
export function checkRequest(req: Request, owned: Owned) {
  if (req.dateFrom > req.dateTo) {
    throw badRequest("The start date must be on or before the end date", "RANGE_ORDER");
  }
  for (const line of [req.title.line1, req.title.line2]) {
    if ([...line].length > PORTFOLIO.titleLineMax) {
      throw badRequest(
        `Each title line can have at most ${PORTFOLIO.titleLineMax} characters`,
        "TITLE_TOO_LONG",
      );
    }
  }
  const offered = new Set(owned.pages);
  for (const code of req.include) {
    if (!offered.has(code)) {
      throw badRequest(
        `The page "${PAGE_TITLES[code] ?? code}" is not available for your governing bodies`,
        "PAGE_NOT_OFFERED",
      );
    }
  }
  const selected = new Set<string>();
  const wanted: [string[], string, string][] = [
    [req.diaryEntries, "diary", "a diary entry"],
    [req.reflectiveEntries, "reflection", "a reflective entry"],
  ];
  for (const [ids, type, label] of wanted) {
    for (const id of ids) {
      const entry = owned.entries.get(id);
      if (!entry) throw ENTRY_NOT_FOUND();
      if (entry.type !== type) throw badRequest(`Entry ${id} is not ${label}`, "VALIDATION_ERROR");
      if (!entry.date || entry.date < req.dateFrom || entry.date > req.dateTo) {
        throw badRequest(`Entry ${id} is outside the portfolio's date range`, "VALIDATION_ERROR");
      }
      selected.add(id);
    }
  }
  for (const id of req.evidenceIds) {
    const entryId = owned.evidence.get(id);
    if (entryId === undefined) throw EVIDENCE_NOT_FOUND();
    if (entryId === null || !selected.has(entryId)) {
      throw badRequest("Evidence can only be included with the entry it belongs to", "VALIDATION_ERROR");
    }
  }
}

/** Under 100 estimated pages the user downloads the portfolio; from 100 on it is e-mailed. */
export function delivery(req: Pick<Request, "diaryEntries" | "reflectiveEntries">) {
  const pages = estimatedPages(req.diaryEntries.length, req.reflectiveEntries.length);
  return {
    estimatedPages: pages,
    delivery: pages < PORTFOLIO.emailFromPages ? "download" : "email",
  } as const;
}

/** A portfolio's S3 key: opaque, from the request id (the account deletion finds it again from the id). */
export const portfolioStorageKey = (id: string) => `portfolios/${id}.pdf`;
