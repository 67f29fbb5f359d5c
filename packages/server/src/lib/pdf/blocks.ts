// Small typesetting blocks shared by the PDFs: bullet lists and page-break decisions.
import { writeText } from "./text.js";

/** A bullet list in the current font size and colour (doc.list would use one font only). */
export function bulletList(
  doc: PDFKit.PDFDocument,
  items: string[],
  options: { x: number; width: number; size: number; lineGap?: number },
): void {
  const size = options.size;
  doc.fontSize(size);
  const indent = size * 1.1;
  for (const item of items) {
    // Keep the bullet with its first line.
    if (doc.y + doc.currentLineHeight(true) > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const top = doc.y;
    // fill() without a colour keeps the current one for the text.
    doc.circle(options.x + size * 0.3, top + size * 0.8, size * 0.14).fill();
    writeText(doc, item, {
      x: options.x + indent,
      y: top,
      width: options.width - indent,
      lineGap: options.lineGap,
    });
  }
  doc.x = options.x;
}

/** Space left on the current page above the bottom margin. */
const roomLeft = (doc: PDFKit.PDFDocument) => doc.page.height - doc.page.margins.bottom - doc.y;

/**
 * Starts a new page unless `needed` points fit below the current position: a heading is only
 * written where at least a few lines of what it introduces fit under it.
 */
export function keepTogether(doc: PDFKit.PDFDocument, needed: number): boolean {
  if (roomLeft(doc) >= needed) return false;
  doc.addPage();
  return true;
}

/**
 * A centred footer line on every buffered page (bufferPages: true), e.g. "Page 2 of 5". The bottom
 * margin is lifted while writing: text in the margin must not open a new page.
 */
export function footerOnEveryPage(
  doc: PDFKit.PDFDocument,
  line: (page: number, pages: number) => string,
  box: { x: number; width: number; colour: string },
) {
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.fillColor(box.colour).fontSize(8);
    writeText(doc, line(i + 1, range.count), {
      x: box.x,
      y: doc.page.height - 40,
      width: box.width,
      align: "center",
    });
    doc.page.margins.bottom = bottom;
  }
}
