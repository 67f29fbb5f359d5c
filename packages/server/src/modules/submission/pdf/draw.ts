// The pieces every regulator's sections are drawn with: the "meets" line, a CPD log, records on
// their form's fields, a signature block and a labelled text. Geometry, headings and paragraphs are
// the portfolio's (modules/portfolio/render/layout.ts), so the two PDFs read alike.
import {
  type FormField,
  RECORD_KIND_LABELS,
  type RecordKind,
  type RequirementProgress,
  SUBMISSION_MESSAGES,
  SUBMISSION_RECORD_FIELDS,
  ukDate,
} from "@cpd/contract";
import type { Static } from "@sinclair/typebox";
import { keepTogether } from "../../../lib/pdf/blocks.js";
import { BRAND_BLUE } from "../../../lib/pdf/colours.js";
import {
  columnText,
  heading,
  hoursText,
  INK,
  lineHeight,
  MUTED,
  paragraph,
  rule,
} from "../../portfolio/render/layout.js";
import type { SubmissionDocument } from "../load.js";
import type { PackEntry, PackRecord } from "../repository.js";

export type Judged = Static<typeof RequirementProgress>;

export const ACCENT = BRAND_BLUE;

/** "<done> of <target>" hours of a requirement. */
export const doneOfTarget = (r: Judged) => `${hoursText(r.done)} of ${hoursText(r.target)}`;

/** "Meets: <requirement> (done of target)" for each requirement the section serves. */
export function meetsLines(doc: PDFKit.PDFDocument, requirements: readonly Judged[], otherwise: string) {
  doc.fontSize(10).fillColor(MUTED);
  if (!requirements.length) {
    columnText(doc, otherwise);
  }
  for (const r of requirements) {
    const state = r.met ? "met" : "not yet met";
    columnText(doc, `Meets: ${r.title} (${doneOfTarget(r)}, ${state})`);
  }
  doc.moveDown(0.6);
}

export function nothingYet(doc: PDFKit.PDFDocument) {
  paragraph(doc, SUBMISSION_MESSAGES.noRecords, 11, MUTED);
}

/** A log of CPD entries: one block per entry, its figures on one line and its description below. */
export function entryLog(
  doc: PDFKit.PDFDocument,
  entries: readonly PackEntry[],
  options: { themesLabel: string; showPlanned?: boolean; showDescription?: boolean },
) {
  if (!entries.length) return nothingYet(doc);
  for (const e of entries) {
    keepTogether(doc, lineHeight(11) * 3);
    doc.fontSize(11).fillColor(INK);
    columnText(doc, `${ukDate(e.date)}  ${e.title || "Untitled entry"}`, { bold: true });
    const facts = [
      e.hours === null ? null : `${hoursText(e.hours)} hours`,
      e.method ?? e.activityType,
      e.participatory ? "participatory" : null,
      e.verifiable ? "verifiable" : null,
      options.showPlanned ? (e.planned ? "planned" : "unplanned") : null,
    ].filter(Boolean);
    doc.fontSize(10).fillColor(MUTED);
    if (facts.length) columnText(doc, facts.join(" · "));
    if (e.themes.length) columnText(doc, `${options.themesLabel}: ${e.themes.join("; ")}`);
    if (options.showDescription && e.description?.trim()) paragraph(doc, e.description, 10, INK);
    doc.moveDown(0.5);
  }
}

/** A label in bold and its text under it; an empty text prints as not given. */
export function labelled(doc: PDFKit.PDFDocument, label: string, text: string) {
  keepTogether(doc, lineHeight(10) + lineHeight(11) * 2);
  doc.fontSize(10).fillColor(INK);
  columnText(doc, label, { bold: true });
  if (text.trim()) paragraph(doc, text, 11, INK);
  else paragraph(doc, "Not given", 11, MUTED);
  doc.moveDown(0.4);
}

/** The form's fields of a record kind for the pack's regulator, then the record's other details. */
function fieldsOf(d: SubmissionDocument, r: PackRecord): FormField[] {
  const known = SUBMISSION_RECORD_FIELDS[d.pack.regulator]?.[r.kind as RecordKind] ?? [];
  const keys = new Set(known.map((f) => f.key));
  const extra = Object.keys(r.details)
    .filter((k) => !keys.has(k))
    .map((k) => ({ key: k, label: k }));
  return [...known, ...extra];
}

/** The attester's name, date and signature hash, or that it is not yet signed. */
function signatureBlock(doc: PDFKit.PDFDocument, d: SubmissionDocument, recordId: string) {
  const s = d.signatures.get(recordId);
  const text = s
    ? `Signed by ${s.attesterName} on ${ukDate(s.signedOn)}. Signature hash: ${s.hash}` +
      (s.changedSinceSigning ? " (a covered record has changed since signing)" : "")
    : SUBMISSION_MESSAGES.notYetSigned;
  keepTogether(doc, lineHeight(10) * 3);
  doc.fontSize(10).fillColor(s ? INK : MUTED);
  columnText(doc, `Signature: ${text}`, { bold: !s });
  doc.moveDown(0.4);
}

/** Each record under its own heading, its form's fields in the form's order. */
export function recordForms(
  doc: PDFKit.PDFDocument,
  d: SubmissionDocument,
  records: readonly PackRecord[],
  options: { signed?: boolean; numbered?: boolean } = {},
) {
  if (!records.length) return nothingYet(doc);
  records.forEach((r, i) => {
    const label = RECORD_KIND_LABELS[r.kind as RecordKind]?.[0] ?? "record";
    const title = options.numbered
      ? `${label[0]?.toUpperCase()}${label.slice(1)} ${i + 1}: ${r.title}`
      : r.title;
    heading(doc, title, { size: 13, colour: INK, linesBelow: 3, gapBefore: i ? 8 : 0 });
    const when = r.endDate ? `${ukDate(r.date)} to ${ukDate(r.endDate)}` : ukDate(r.date);
    const facts = [when, r.hours === null ? null : `${hoursText(r.hours)} hours`].filter(Boolean);
    doc.fontSize(10).fillColor(MUTED);
    columnText(doc, facts.join(" · "));
    if (r.themes.length) columnText(doc, `Themes: ${r.themes.join("; ")}`);
    doc.moveDown(0.4);
    for (const f of fieldsOf(d, r)) labelled(doc, f.label, r.details[f.key] ?? "");
    if (options.signed) signatureBlock(doc, d, r.id);
    rule(doc);
    doc.moveDown(0.6);
  });
}
