// Profile pages (professional information, summary of work, a governing body's page...): a title,
// label/value rows, text sections and the profile picture.
import { keepTogether } from "../../../lib/pdf/blocks.js";
import { FONT } from "../../../lib/pdf/fonts.js";
import { writeText } from "../../../lib/pdf/text.js";
import { drawBarChart, drawSource } from "./governing-body.js";
import { fitBox, printImage } from "./images.js";
import {
  asText,
  CONTENT_WIDTH,
  heading,
  INK,
  lineHeight,
  MARGIN,
  MUTED,
  paragraph,
  RULE,
  rule,
} from "./layout.js";
import type { PortfolioProfilePage } from "./types.js";

const LABEL_WIDTH = 170;

/** Writes the page on a new page (the caller adds it). */
export async function drawProfilePage(
  doc: PDFKit.PDFDocument,
  page: PortfolioProfilePage,
  accent: string,
): Promise<void> {
  heading(doc, page.title || "Profile", { size: 22, colour: accent, linesBelow: 1 });
  doc.y += 4;
  rule(doc);
  doc.y += 14;
  let said = false;

  if (page.source) drawSource(doc, page.source);
  if (page.chart?.bars.length) {
    drawBarChart(doc, page.chart, accent);
    said = true;
  }
  if (page.image?.length) said = (await drawPicture(doc, page.image)) || said;

  const rows = (page.rows ?? []).filter((r) => r.value.trim() !== "");
  for (const row of rows) {
    said = true;
    const value = asText(row.value);
    doc.font(FONT.body).fontSize(11);
    const height = Math.max(
      doc.heightOfString(value, { width: CONTENT_WIDTH - LABEL_WIDTH, lineGap: 2 }),
      14,
    );
    keepTogether(doc, Math.min(height, lineHeight(11, 2) * 3) + 10);
    const top = doc.y;
    doc.fillColor(MUTED).fontSize(10);
    writeText(doc, row.label, { x: MARGIN.left, y: top, width: LABEL_WIDTH - 12, bold: true });
    const labelBottom = doc.y;
    doc.fillColor(INK).fontSize(11);
    writeText(doc, value, {
      x: MARGIN.left + LABEL_WIDTH,
      y: top,
      width: CONTENT_WIDTH - LABEL_WIDTH,
      lineGap: 2,
    });
    // A value that ran onto the next page leaves doc.y there; otherwise below the taller column.
    doc.y = doc.y < top ? doc.y : Math.max(doc.y, labelBottom);
    doc.y += 6;
    rule(doc, RULE);
    doc.y += 6;
  }

  for (const section of page.sections ?? []) {
    const text = asText(section.text);
    if (!text) continue;
    said = true;
    heading(doc, section.heading, { size: 13, colour: accent, gapBefore: 10 });
    paragraph(doc, section.text);
  }

  if (!said) paragraph(doc, "Not provided", 11, MUTED);
}

async function drawPicture(doc: PDFKit.PDFDocument, bytes: Buffer): Promise<boolean> {
  try {
    const image = await printImage(bytes, { maxPx: 800 });
    const box = fitBox(image.width, image.height, 220, 280);
    keepTogether(doc, box.height + 16);
    doc.image(image.data, MARGIN.left, doc.y, { width: box.width, height: box.height });
    doc.y += box.height + 16;
    return true;
  } catch {
    return false; // An unreadable picture is left out; the rest of the page still prints.
  }
}
