// The parts of a governing body's page that are not label/value rows: where the standards are
// published (docs/decisions/0025-governing-body-pages.md) and the Clinical Skills chart, drawn
// with vector shapes (rectangles and lines) so it prints sharp at any zoom.
import { keepTogether } from "../../../lib/pdf/blocks.js";
import { writeText } from "../../../lib/pdf/text.js";
import { CONTENT_WIDTH, INK, MARGIN, MUTED, RULE } from "./layout.js";
import type { PortfolioProfilePage } from "./types.js";

type Source = NonNullable<PortfolioProfilePage["source"]>;
type Chart = NonNullable<PortfolioProfilePage["chart"]>;

/** "Standards of proficiency ... · Publisher · Effective 2019-01" and the address, as a link. */
export function drawSource(doc: PDFKit.PDFDocument, source: Source): void {
  keepTogether(doc, 60);
  doc.fillColor(INK).fontSize(11);
  writeText(doc, source.publication, { x: MARGIN.left, y: doc.y, width: CONTENT_WIDTH, bold: true });
  doc.fillColor(MUTED).fontSize(9.5);
  const effective = source.effective ? `Effective ${source.effective}` : "Effective date: see the source";
  writeText(doc, `${source.publisher} · ${effective}`, { x: MARGIN.left, y: doc.y, width: CONTENT_WIDTH });
  writeText(doc, `Source: ${source.url}`, {
    x: MARGIN.left,
    y: doc.y,
    width: CONTENT_WIDTH,
    link: source.url,
  });
  doc.y += 10;
}

const CHART_HEIGHT = 220;
const AXIS_W = 34;
const LABEL_H = 34;

/** Axis top: a round number at or above the largest value (at least 1). */
function chartMax(values: readonly number[]): number {
  const max = Math.max(1, ...values);
  const step = 10 ** Math.floor(Math.log10(max));
  return Math.ceil(max / step) * step;
}

/** Vertical bars with a value over each, a labelled axis at 0 / half / top, and labels below. */
export function drawBarChart(doc: PDFKit.PDFDocument, chart: Chart, accent: string): void {
  keepTogether(doc, CHART_HEIGHT + LABEL_H + 40);
  doc.fillColor(INK).fontSize(12);
  writeText(doc, chart.title, { x: MARGIN.left, y: doc.y, width: CONTENT_WIDTH, bold: true });
  doc.y += 18;
  const top = doc.y;
  const bottom = top + CHART_HEIGHT;
  const left = MARGIN.left + AXIS_W;
  const width = CONTENT_WIDTH - AXIS_W;
  const max = chartMax(chart.bars.map((b) => b.value));

  for (const tick of [0, max / 2, max]) {
    const y = bottom - (CHART_HEIGHT * tick) / max;
    doc
      .save()
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke()
      .restore();
    doc.fillColor(MUTED).fontSize(8);
    writeText(doc, `${Number(tick.toFixed(1))}`, {
      x: MARGIN.left,
      y: y - 5,
      width: AXIS_W - 6,
      align: "right",
    });
  }

  const slot = width / Math.max(1, chart.bars.length);
  const barW = Math.min(56, slot * 0.6);
  chart.bars.forEach((bar, i) => {
    const x = left + slot * i + (slot - barW) / 2;
    const h = (CHART_HEIGHT * Math.max(0, bar.value)) / max;
    if (h > 0)
      doc
        .save()
        .rect(x, bottom - h, barW, h)
        .fill(accent)
        .restore();
    doc.fillColor(INK).fontSize(9);
    writeText(doc, String(bar.value), { x: x - 10, y: bottom - h - 13, width: barW + 20, align: "center" });
    doc.fillColor(MUTED).fontSize(8.5);
    writeText(doc, bar.label, {
      x: left + slot * i + 2,
      y: bottom + 6,
      width: slot - 4,
      align: "center",
      height: LABEL_H,
      ellipsis: true,
    });
  });
  doc.y = bottom + LABEL_H + 10;
}
