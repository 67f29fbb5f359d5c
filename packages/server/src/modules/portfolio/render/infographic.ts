// The CPD infographic, drawn with pdfkit paths: headline totals, hours by month (columns with a
// value axis), hours by category and standards met (horizontal bars).
import { keepTogether } from "../../../lib/pdf/blocks.js";
import { fitText, widthOfText, writeText } from "../../../lib/pdf/text.js";
import { CONTENT_WIDTH, heading, hoursText, INK, MARGIN, MUTED, paragraph, RULE } from "./layout.js";
import type { PortfolioInfographic } from "./types.js";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The smallest 1, 2 or 5 x 10^n at or above `max` (an axis that ends on a round number). */
function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/** "2026-03" -> "Mar 26". */
const monthLabel = (month: string) => {
  const [y, m] = month.split("-");
  return `${MONTHS[Number(m) - 1] ?? m} ${(y ?? "").slice(2)}`;
};

export function drawInfographic(doc: PDFKit.PDFDocument, data: PortfolioInfographic, accent: string): void {
  heading(doc, "CPD summary", { size: 22, colour: accent, linesBelow: 4 });
  doc.y += 8;
  drawTotals(doc, data, accent);

  heading(doc, "Hours by month", { size: 13, colour: accent, gapBefore: 18, linesBelow: 12 });
  if (data.hoursByMonth.some((m) => m.hours > 0)) drawMonthChart(doc, data.hoursByMonth, accent);
  else paragraph(doc, "No CPD hours recorded in this period.", 11, MUTED);

  heading(doc, "Hours by category", { size: 13, colour: accent, gapBefore: 18, linesBelow: 4 });
  const categories = topN(
    data.categories.filter((c) => c.hours > 0).map((c) => ({ name: c.name, value: c.hours })),
    10,
  );
  if (categories.length) drawBars(doc, categories, accent, hoursText);
  else paragraph(doc, "No categories recorded.", 11, MUTED);

  heading(doc, "Standards met", { size: 13, colour: accent, gapBefore: 18, linesBelow: 4 });
  const standards = topN(
    data.standards.filter((s) => s.count > 0).map((s) => ({ name: s.name, value: s.count })),
    15,
  );
  if (standards.length) drawBars(doc, standards, accent, (n) => `${n}`);
  else paragraph(doc, "No standards recorded.", 11, MUTED);
}

function drawTotals(doc: PDFKit.PDFDocument, data: PortfolioInfographic, accent: string): void {
  const boxes = [
    { value: hoursText(data.totalHours), label: "Total CPD hours" },
    { value: String(data.diaryCount), label: data.diaryCount === 1 ? "Diary entry" : "Diary entries" },
    { value: String(data.reflectionCount), label: data.reflectionCount === 1 ? "Reflection" : "Reflections" },
  ];
  const gap = 14;
  const w = (CONTENT_WIDTH - gap * 2) / 3;
  const h = 78;
  keepTogether(doc, h + 10);
  const top = doc.y;
  boxes.forEach((b, i) => {
    const x = MARGIN.left + i * (w + gap);
    doc.save().roundedRect(x, top, w, h, 8).fillOpacity(0.1).fill(accent).restore();
    doc.fillColor(accent).fontSize(26);
    writeText(doc, b.value, { x, y: top + 10, width: w, align: "center", bold: true, height: 40 });
    doc.fillColor(INK).fontSize(10);
    writeText(doc, b.label, { x, y: top + 50, width: w, align: "center", height: 16 });
  });
  doc.y = top + h + 4;
}

function drawMonthChart(
  doc: PDFKit.PDFDocument,
  months: { month: string; hours: number }[],
  accent: string,
): void {
  const chartH = 160;
  const axisW = 34;
  const labelH = 26;
  keepTogether(doc, chartH + labelH + 18);
  const top = doc.y + 16;
  const left = MARGIN.left + axisW;
  const width = CONTENT_WIDTH - axisW;
  const max = niceMax(Math.max(...months.map((m) => m.hours)));
  const bottom = top + chartH;

  // Value axis: four gridlines with their labels.
  doc.fontSize(7.5);
  for (let t = 0; t <= 4; t++) {
    const y = bottom - (chartH * t) / 4;
    doc
      .save()
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(t === 0 ? 0.8 : 0.4)
      .strokeColor(t === 0 ? MUTED : RULE)
      .stroke()
      .restore();
    const label = hoursText((max * t) / 4);
    doc.fillColor(MUTED);
    writeText(doc, label, { x: left - 6 - widthOfText(doc, label), y: y - 5, lineBreak: false });
  }
  const slot = width / months.length;
  const barW = Math.max(slot * 0.68, 0.5);
  const every = Math.ceil(months.length / 12);
  months.forEach((m, i) => {
    const x = left + i * slot + (slot - barW) / 2;
    const h = (chartH * m.hours) / max;
    if (h > 0) doc.rect(x, bottom - h, barW, h).fill(accent);
    doc.fontSize(7);
    if (months.length <= 12 && m.hours > 0) {
      const v = hoursText(m.hours);
      doc.fillColor(INK);
      writeText(doc, v, { x: x + barW / 2 - widthOfText(doc, v) / 2, y: bottom - h - 10, lineBreak: false });
    }
    if (i % every === 0) {
      const label = monthLabel(m.month);
      doc.fillColor(MUTED);
      writeText(doc, label, {
        x: left + i * slot + slot / 2 - widthOfText(doc, label) / 2,
        y: bottom + 5,
        lineBreak: false,
      });
    }
  });
  doc.fillColor(MUTED).fontSize(7.5);
  writeText(doc, "Hours", { x: MARGIN.left, y: top - 16, lineBreak: false });
  doc.y = bottom + labelH;
}

function topN(items: { name: string; value: number }[], n: number) {
  const sorted = [...items].sort((a, b) => b.value - a.value);
  if (sorted.length <= n) return sorted;
  const rest = sorted.slice(n - 1).reduce((s, x) => s + x.value, 0);
  return [...sorted.slice(0, n - 1), { name: `${sorted.length - n + 1} others`, value: rest }];
}

/** Horizontal bars: name on the left, bar scaled to the largest value, value at the bar's end. */
function drawBars(
  doc: PDFKit.PDFDocument,
  items: { name: string; value: number }[],
  accent: string,
  format: (n: number) => string,
): void {
  const nameW = 170;
  const rowH = 20;
  const barMax = CONTENT_WIDTH - nameW - 44;
  const max = Math.max(...items.map((i) => i.value));
  doc.y += 4;
  for (const item of items) {
    keepTogether(doc, rowH);
    const y = doc.y;
    doc.fillColor(INK).fontSize(9.5);
    writeText(doc, fitText(doc, item.name, nameW - 10), { x: MARGIN.left, y: y + 2, lineBreak: false });
    const w = Math.max((barMax * item.value) / max, 1);
    doc
      .save()
      .roundedRect(MARGIN.left + nameW, y + 3, w, rowH - 8, 3)
      .fill(accent)
      .restore();
    doc.fillColor(MUTED).fontSize(9);
    writeText(doc, format(item.value), { x: MARGIN.left + nameW + w + 6, y: y + 2, lineBreak: false });
    doc.y = y + rowH;
  }
}
