// The contents pages. Page numbers are known only once everything is written, so the pages are
// reserved up front (their number follows from the line count, one line per section or entry) and
// filled at the end over the buffered pages.
import { fitText, widthOfText, writeText } from "../../../lib/pdf/text.js";
import { CONTENT_BOTTOM, CONTENT_WIDTH, INK, MARGIN, MUTED } from "./layout.js";

export interface ContentsLine {
  kind: "section" | "entry";
  label: string;
  /** DD/MM/YYYY, entries only. */
  date?: string;
  /** 1-based page number. */
  page: number;
}

const TITLE_HEIGHT = 56;
const LINE_HEIGHT = 18;
const DATE_WIDTH = 66;
const NUMBER_WIDTH = 40;

const linesPerPage = (first: boolean) =>
  Math.floor((CONTENT_BOTTOM - MARGIN.top - (first ? TITLE_HEIGHT : 0)) / LINE_HEIGHT);

/** Pages needed for `lines` lines (at least one: the title). */
export function contentsPageCount(lines: number): number {
  const first = linesPerPage(true);
  return lines <= first ? 1 : 1 + Math.ceil((lines - first) / linesPerPage(false));
}

const capacity = (pages: number) => (pages <= 0 ? 0 : linesPerPage(true) + (pages - 1) * linesPerPage(false));

/**
 * Writes the lines on the reserved pages (0-based `firstPage`). Should there be more lines than the
 * pages hold (more entries than announced), the last line says how many are left out.
 */
export function fillContents(
  doc: PDFKit.PDFDocument,
  firstPage: number,
  pages: number,
  lines: ContentsLine[],
  accent: string,
): void {
  const room = capacity(pages);
  const shown = lines.length > room ? lines.slice(0, room - 1) : lines;
  const hidden = lines.length - shown.length;
  let index = 0;
  for (let p = 0; p < pages; p++) {
    doc.switchToPage(firstPage + p);
    let y = MARGIN.top;
    if (p === 0) {
      doc.fillColor(accent).fontSize(22);
      writeText(doc, "Contents", { x: MARGIN.left, y, bold: true, lineBreak: false });
      y += TITLE_HEIGHT;
    }
    for (let n = linesPerPage(p === 0); n > 0 && index < shown.length; n--, index++) {
      const line = shown[index];
      if (line) writeLine(doc, line, y, accent);
      y += LINE_HEIGHT;
    }
    if (p === pages - 1 && hidden > 0) {
      doc.fillColor(MUTED).fontSize(10);
      writeText(doc, `… and ${hidden} more`, { x: MARGIN.left + DATE_WIDTH, y, lineBreak: false });
    }
  }
}

function writeLine(doc: PDFKit.PDFDocument, line: ContentsLine, y: number, accent: string): void {
  const bold = line.kind === "section";
  const size = bold ? 11 : 10;
  const right = MARGIN.left + CONTENT_WIDTH;
  const labelX = bold ? MARGIN.left : MARGIN.left + DATE_WIDTH;
  const number = String(line.page);
  doc.fontSize(size);
  const numberWidth = widthOfText(doc, number, { bold });
  const label = fitText(
    doc,
    line.label.replace(/\s+/g, " ").trim() || "Untitled",
    right - NUMBER_WIDTH - labelX,
    {
      bold,
    },
  );
  const labelWidth = widthOfText(doc, label, { bold });
  const top = y + (bold ? 2 : 0);
  if (line.date) {
    doc.fillColor(MUTED);
    writeText(doc, line.date, { x: MARGIN.left, y: top, lineBreak: false });
  }
  doc.fillColor(bold ? accent : INK);
  writeText(doc, label, { x: labelX, y: top, bold, lineBreak: false });
  // Dot leaders from the label to the page number.
  const from = labelX + labelWidth + 6;
  const to = right - numberWidth - 6;
  if (to - from > 6) {
    const base = top + size * 1.05;
    doc.save().moveTo(from, base).lineTo(to, base).lineWidth(0.9).lineCap("round").dash(0.1, { space: 3.5 });
    doc.strokeColor("#9aa3ad").stroke().restore();
  }
  doc.fillColor(INK);
  writeText(doc, number, { x: right - numberWidth, y: top, bold, lineBreak: false });
}
