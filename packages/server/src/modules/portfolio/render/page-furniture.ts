// Running header (owner and portfolio title) and footer ("Page N of M") on every page but the
// front page, written at the end over the buffered pages.
import { fitText, widthOfText, writeText } from "../../../lib/pdf/text.js";
import { CONTENT_WIDTH, MARGIN, MUTED, PAGE, RULE } from "./layout.js";

export function drawPageFurniture(
  doc: PDFKit.PDFDocument,
  options: { from: number; owner: string; title: string; accent: string },
): number {
  const range = doc.bufferedPageRange();
  const total = range.count;
  const half = CONTENT_WIDTH / 2 - 8;
  // The same on every page: cut to fit once.
  doc.fontSize(8.5);
  const owner = fitText(doc, options.owner, half, { bold: true });
  const title = fitText(doc, options.title, half);
  // Each line is placed at its measured x, not aligned in a box: a box sends the text through
  // pdfkit's line wrapper, which was most of this loop's time on a 1,900-page portfolio (ADR 0037).
  const titleX = MARGIN.left + half + 16 + (half - widthOfText(doc, title));
  for (let i = options.from; i < range.start + total; i++) {
    doc.switchToPage(i);
    // Writing in the margins must not open a new page.
    const margins = { ...doc.page.margins };
    doc.page.margins.top = 0;
    doc.page.margins.bottom = 0;
    doc.fontSize(8.5).fillColor(MUTED);
    writeText(doc, owner, { x: MARGIN.left, y: 34, bold: true, lineBreak: false });
    writeText(doc, title, { x: titleX, y: 34, lineBreak: false });
    doc
      .save()
      .moveTo(MARGIN.left, 52)
      .lineTo(MARGIN.left + CONTENT_WIDTH, 52)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc
      .moveTo(MARGIN.left, 52)
      .lineTo(MARGIN.left + 40, 52)
      .lineWidth(1.5)
      .strokeColor(options.accent)
      .stroke()
      .restore();
    doc.fontSize(8.5).fillColor(MUTED);
    const footer = `Page ${i - range.start + 1} of ${total}`;
    const footerX = MARGIN.left + (CONTENT_WIDTH - widthOfText(doc, footer)) / 2;
    writeText(doc, footer, { x: footerX, y: PAGE.height - 44, lineBreak: false });
    doc.page.margins = margins;
  }
  return total;
}
