// What a stored file's name and text show of patients (ADR 0031): the contract's detector (ADR 0029)
// over the name as it is now, and over the text the worker read, kept with masked excerpts.
import {
  EVIDENCE_EXCERPT_CONTEXT,
  EVIDENCE_MAX_FINDINGS,
  type EvidenceFinding,
  findIdentifiers,
  type IdentifierFinding,
  type IdentifierOptions,
} from "@cpd/contract";

/** What the files table keeps of a text's findings (`identifier_findings`). */
export interface StoredFindings {
  findings: EvidenceFinding[];
  /** Findings in the text in all; `findings` holds the first EVIDENCE_MAX_FINDINGS. */
  total: number;
  /**
   * Findings of severity "identifier" in all, kept or not: the gates (identifiers/gate.ts) count
   * those beyond the kept ones. Absent on files read before it was kept.
   */
  identifiers?: number;
}

/** The file name's findings: computed as it is read, so a renamed file is judged by its new name. */
export const filenameFindings = (filename: string): EvidenceFinding[] =>
  findIdentifiers(filename).map(({ kind, start, end, severity, reason }) => ({
    kind,
    start,
    end,
    severity,
    reason,
    source: "filename",
  }));

/** Longest stretch of a finding shown (masked) in its excerpt. */
const MASKED_MAX = 16;
const MASK = "•";
const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0xa0;

/**
 * The text around `found[k]`: its own characters and those of every other finding in reach masked,
 * and every digit too, so no number (found or not) leaves the text, only its shape. Control
 * characters and unpaired surrogates (PostgreSQL stores neither) become spaces.
 */
export function maskedExcerpt(text: string, found: readonly IdentifierFinding[], k: number): string {
  const f = found[k] as IdentifierFinding;
  const from = Math.max(0, f.start - EVIDENCE_EXCERPT_CONTEXT);
  const to = Math.min(text.length, f.end + EVIDENCE_EXCERPT_CONTEXT);
  // Findings are in order of start, and none is longer than a few hundred characters (an e-mail
  // address): those that reach the window lie near k.
  const spans: [number, number][] = [];
  for (let j = k - 1; j >= 0 && (found[j] as IdentifierFinding).start >= from - 400; j--) {
    const g = found[j] as IdentifierFinding;
    if (g.end > from) spans.push([g.start, g.end]);
  }
  for (let j = k + 1; j < found.length && (found[j] as IdentifierFinding).start < to; j++) {
    const g = found[j] as IdentifierFinding;
    spans.push([g.start, g.end]);
  }
  const masked = (i: number) => spans.some(([s, e]) => i >= s && i < e);
  const show = (a: number, b: number) => {
    let s = "";
    for (let i = a; i < b; i++) {
      const c = text.charCodeAt(i);
      if (isSpace(c) || c < 0x20 || c === 0x7f) s += " ";
      else if ((c >= 48 && c <= 57) || masked(i)) s += MASK;
      else if (c >= 0xd800 && c <= 0xdfff) {
        const pair = c <= 0xdbff ? i + 1 < b && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00 : false;
        if (pair && !masked(i + 1)) {
          s += text.slice(i, i + 2);
          i++;
        } else s += " ";
      } else s += text[i];
    }
    return s;
  };
  const own = text.slice(f.start, f.end);
  let middle = "";
  for (let i = 0; i < own.length && middle.length < MASKED_MAX; i++)
    middle += isSpace(own.charCodeAt(i)) ? " " : MASK;
  if (own.length > MASKED_MAX) middle += "…";
  const head = (from > 0 ? "…" : "") + show(from, f.start);
  const tail = show(f.end, to) + (to < text.length ? "…" : "");
  return `${head}${middle}${tail}`.replace(/ {2,}/g, " ").trim();
}

/** The findings kept for a file's text: the first EVIDENCE_MAX_FINDINGS with excerpts, and the count. */
export function textFindings(text: string, options: IdentifierOptions): StoredFindings {
  const found = findIdentifiers(text, options);
  const findings = found.slice(0, EVIDENCE_MAX_FINDINGS).map(
    ({ kind, start, end, severity, reason }, k): EvidenceFinding => ({
      kind,
      start,
      end,
      severity,
      reason,
      source: "text",
      excerpt: maskedExcerpt(text, found, k),
    }),
  );
  const identifiers = found.filter((f) => f.severity === "identifier").length;
  return { findings, total: found.length, identifiers };
}
