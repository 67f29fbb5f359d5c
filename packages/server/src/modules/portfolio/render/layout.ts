// Page geometry, colours and the small text helpers every part of the portfolio shares.
import { ENTRY_TYPE_DOCUMENT_LABELS } from "@cpd/contract";
import { bulletList, footerOnEveryPage, keepTogether } from "../../../lib/pdf/blocks.js";
import { BRAND_BLUE, INK, MUTED } from "../../../lib/pdf/colours.js";
import { FONT } from "../../../lib/pdf/fonts.js";
import { writeRichText } from "../../../lib/pdf/rich-text.js";
import { richTextToPlain } from "../../../lib/pdf/rich-text-parse.js";
import { type WriteTextOptions, writeText } from "../../../lib/pdf/text.js";

export const PAGE = { width: 595.28, height: 841.89 } as const;
export const MARGIN = { top: 72, bottom: 72, left: 56, right: 56 } as const;
export const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
export const CONTENT_BOTTOM = PAGE.height - MARGIN.bottom;
/** The document options of every PDF laid out on this page. */
export const A4_DOCUMENT = { size: [PAGE.width, PAGE.height], margins: MARGIN };

export { INK, MUTED };
export const RULE = "#c8ced4";

export const TYPE_LABELS: Record<string, string> = ENTRY_TYPE_DOCUMENT_LABELS;

/** The page being written, 1-based (pages are buffered and never flushed before the end). */
export const currentPage = (doc: PDFKit.PDFDocument) => doc.bufferedPageRange().count;

/** Hours as people write them: 1, 1.5, 0.25. */
export const hoursText = (h: number) => `${Number(h.toFixed(2))}`;

/** Editor HTML as plain paragraphs (for short values); plain text is left alone, "a < b" included. */
export const asText = richTextToPlain;

const HEX = /^#?([0-9a-f]{6})$/i;
/** The organisation's colour when it is a usable hex colour, else ours. */
export function accentColour(hex: string | null | undefined, fallback = BRAND_BLUE): string {
  const m = hex ? HEX.exec(hex.trim()) : null;
  return m ? `#${m[1]}` : fallback;
}

/** Line height of body text at `size` in the main font (Noto Sans: 1.362 em). */
export const lineHeight = (size: number, gap = 0) => size * 1.362 + gap;

/**
 * A heading that is never the last thing on its page: it goes to the next page unless the heading
 * and `linesBelow` lines of body text fit under it.
 */
export function heading(
  doc: PDFKit.PDFDocument,
  text: string,
  options: {
    size: number;
    colour: string;
    linesBelow?: number;
    bodySize?: number;
    gapBefore?: number;
    /** Points to keep under the heading instead of `linesBelow` lines (an image, say). */
    keepWith?: number;
  },
): void {
  const { size, colour, linesBelow = 3, bodySize = 11, gapBefore = 0 } = options;
  const below = options.keepWith ?? linesBelow * lineHeight(bodySize, 2);
  doc.font(FONT.bold).fontSize(size);
  const height = doc.heightOfString(text, { width: CONTENT_WIDTH }) + size * 0.4;
  const top = doc.y;
  if (!keepTogether(doc, gapBefore + height + below) && top > MARGIN.top) doc.y = top + gapBefore;
  doc.fillColor(colour).fontSize(size);
  writeText(doc, text, { x: MARGIN.left, y: doc.y, width: CONTENT_WIDTH, bold: true });
  doc.y += size * 0.4;
}

/** Plain text across the column from the current position. */
export function columnText(
  doc: PDFKit.PDFDocument,
  text: string,
  options: Omit<WriteTextOptions, "x" | "y" | "width"> = {},
): void {
  writeText(doc, text, { x: MARGIN.left, y: doc.y, width: CONTENT_WIDTH, ...options });
}

/** A bullet list across the column. */
export function columnList(doc: PDFKit.PDFDocument, items: string[], size = 11, lineGap?: number): void {
  bulletList(doc, items, { x: MARGIN.left, width: CONTENT_WIDTH, size, lineGap });
}

/** Text in a frame across the column, so that it is read before what follows. */
export function framedText(doc: PDFKit.PDFDocument, text: string, colour: string): void {
  const height = doc.heightOfString(text, { width: CONTENT_WIDTH - 16 }) + 12;
  const top = doc.y;
  doc
    .save()
    .rect(MARGIN.left, top, CONTENT_WIDTH, height)
    .lineWidth(1)
    .strokeColor(colour)
    .stroke()
    .restore();
  doc.fillColor(INK);
  writeText(doc, text, { x: MARGIN.left + 8, y: top + 6, width: CONTENT_WIDTH - 16 });
  doc.y = top + height + 12;
}

/** A muted footer line under the column on every page, e.g. "Page 2 of 5". */
export function columnFooter(doc: PDFKit.PDFDocument, line: (page: number, pages: number) => string): void {
  footerOnEveryPage(doc, line, { x: MARGIN.left, width: CONTENT_WIDTH, colour: MUTED });
}

/** A paragraph of body text, or stored rich text with its formatting (ADR 0023), across the column. */
export function paragraph(doc: PDFKit.PDFDocument, text: string, size = 11, colour = INK): void {
  doc.fillColor(colour).fontSize(size);
  writeRichText(doc, text, { x: MARGIN.left, y: doc.y, width: CONTENT_WIDTH, lineGap: 2 });
}

/** A thin horizontal rule across the column. */
export function rule(doc: PDFKit.PDFDocument, colour = RULE): void {
  const y = doc.y;
  doc
    .save()
    .moveTo(MARGIN.left, y)
    .lineTo(MARGIN.left + CONTENT_WIDTH, y)
    .lineWidth(0.5)
    .strokeColor(colour)
    .stroke()
    .restore();
}
