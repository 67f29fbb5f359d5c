// One CPD entry, starting on a new page: heading, answered items by section, tags, then evidence
// (photos embedded at print resolution, other files listed by name, type and size).
import { ukDate } from "@cpd/contract";
import { bulletList, keepTogether } from "../../../lib/pdf/blocks.js";
import { writeRichText } from "../../../lib/pdf/rich-text.js";
import { writeText } from "../../../lib/pdf/text.js";
import { fitBox, isRaster, type PrintImage, printImage } from "./images.js";
import {
  asText,
  CONTENT_WIDTH,
  heading,
  hoursText,
  INK,
  lineHeight,
  MARGIN,
  MUTED,
  paragraph,
  RULE,
  rule,
  TYPE_LABELS,
} from "./layout.js";
import type { PortfolioEntry, PortfolioEvidence } from "./types.js";

const IMAGE_MAX_HEIGHT = 330;

/** Writes the entry from the current position (the caller has started a new page). */
export async function drawEntry(
  doc: PDFKit.PDFDocument,
  entry: PortfolioEntry,
  accent: string,
): Promise<void> {
  drawEntryHeading(doc, entry, accent);

  for (const section of entry.sections) {
    const items = section.items.filter((i) =>
      Array.isArray(i.value) ? i.value.some((v) => v.trim() !== "") : i.value.trim() !== "",
    );
    if (!items.length) continue;
    heading(doc, section.title, { size: 13, colour: accent, gapBefore: 12 });
    for (const item of items) drawItem(doc, item.label, item.value);
  }

  if (entry.tags.length) {
    heading(doc, "Tags", { size: 13, colour: accent, gapBefore: 12, linesBelow: 1 });
    paragraph(doc, entry.tags.join(", "));
  }
  if (entry.evidence.length) await drawEvidence(doc, entry.evidence, accent);
}

/** Photos first (each loaded, shrunk and placed one at a time), then the other files as a list. */
async function drawEvidence(
  doc: PDFKit.PDFDocument,
  evidence: PortfolioEvidence[],
  accent: string,
): Promise<void> {
  let headed = false;
  // The heading goes where the first thing under it fits, known only once that is loaded.
  const head = (keepWith: number) => {
    if (!headed) heading(doc, "Evidence", { size: 13, colour: accent, gapBefore: 12, keepWith });
    headed = true;
  };
  const shown = new Set<PortfolioEvidence>();
  for (const file of evidence) {
    const image = await loadImage(file);
    if (!image) continue;
    const box = imageBox(image);
    head(8 + box.height + CAPTION_HEIGHT);
    drawImage(doc, file, image, box);
    shown.add(file);
  }
  const files = evidence.filter((f) => !shown.has(f));
  if (!files.length) return;
  head(lineHeight(10.5, 2) * 2);
  doc.y += shown.size ? 10 : 4;
  doc.fillColor(INK);
  bulletList(
    doc,
    files.map((f) => `${f.name} (${typeName(f.contentType)}, ${sizeText(f.size)})`),
    { x: MARGIN.left, width: CONTENT_WIDTH, size: 10.5, lineGap: 2 },
  );
}

function drawEntryHeading(doc: PDFKit.PDFDocument, entry: PortfolioEntry, accent: string): void {
  doc.fillColor(accent).fontSize(9.5);
  writeText(doc, (TYPE_LABELS[entry.type] ?? "CPD entry").toUpperCase(), {
    x: MARGIN.left,
    y: doc.y,
    bold: true,
    characterSpacing: 1,
  });
  doc.y += 4;
  doc.fillColor(INK).fontSize(19);
  writeText(doc, entry.title.trim() || "Untitled entry", {
    x: MARGIN.left,
    y: doc.y,
    width: CONTENT_WIDTH,
    bold: true,
  });
  const meta = [
    entry.date && `Date: ${ukDate(entry.date)}`,
    entry.hours !== null && `Hours: ${hoursText(entry.hours)}`,
    entry.category && `Category: ${entry.category}`,
  ].filter((x): x is string => Boolean(x));
  if (meta.length) {
    doc.y += 4;
    doc.fillColor(MUTED).fontSize(10);
    writeText(doc, meta.join("   ·   "), { x: MARGIN.left, y: doc.y, width: CONTENT_WIDTH });
  }
  doc.y += 8;
  rule(doc, accent);
  doc.y += 6;
}

function drawItem(doc: PDFKit.PDFDocument, label: string, value: string | string[]): void {
  // The label stays with at least two lines of its answer.
  keepTogether(doc, 8 + lineHeight(9) + lineHeight(11, 2) * 2);
  doc.y += 8;
  doc.fillColor(MUTED).fontSize(9);
  writeText(doc, label.toUpperCase(), { x: MARGIN.left, y: doc.y, width: CONTENT_WIDTH, bold: true });
  doc.y += 2;
  doc.fillColor(INK).fontSize(11);
  if (Array.isArray(value))
    bulletList(doc, value.filter((v) => v.trim() !== "").map(asText), {
      x: MARGIN.left,
      width: CONTENT_WIDTH,
      size: 11,
      lineGap: 2,
    });
  else writeRichText(doc, value, { x: MARGIN.left, y: doc.y, width: CONTENT_WIDTH, lineGap: 2 });
}

/** Photos being fetched and shrunk ahead of their entry (see `prefetched` in index.ts). */
const warming = new WeakMap<PortfolioEvidence, Promise<PrintImage | null>>();

const isPhoto = (file: PortfolioEvidence) => Boolean(file.load) && isRaster(file.contentType);

/** How many of the entry's files are photos to fetch. */
export const photoCount = (entry: PortfolioEntry) => entry.evidence.filter(isPhoto).length;

/** Starts fetching and shrinking an entry's photos now, while earlier entries are drawn; their count. */
export function warmImages(entry: PortfolioEntry): number {
  for (const file of entry.evidence) {
    if (isPhoto(file) && !warming.has(file)) warming.set(file, shrink(file));
  }
  return photoCount(entry);
}

function loadImage(file: PortfolioEvidence): Promise<PrintImage | null> {
  const started = warming.get(file);
  if (started) {
    warming.delete(file);
    return started;
  }
  return shrink(file);
}

async function shrink(file: PortfolioEvidence): Promise<PrintImage | null> {
  if (!file.load || !isRaster(file.contentType)) return null;
  try {
    return await printImage(await file.load());
  } catch {
    // A photo that cannot be fetched or decoded is listed like any other file.
    return null;
  }
}

const CAPTION_HEIGHT = lineHeight(9) + 4;

/** Printed at 150 dpi at most (px -> pt at 72/150), never wider than the column. */
const imageBox = (image: PrintImage) =>
  fitBox(image.width * 0.48, image.height * 0.48, CONTENT_WIDTH, IMAGE_MAX_HEIGHT);

function drawImage(
  doc: PDFKit.PDFDocument,
  file: PortfolioEvidence,
  image: PrintImage,
  box: { width: number; height: number },
): void {
  keepTogether(doc, 8 + box.height + CAPTION_HEIGHT);
  doc.y += 8;
  const top = doc.y;
  doc.image(image.data, MARGIN.left, top, { width: box.width, height: box.height });
  doc
    .save()
    .rect(MARGIN.left, top, box.width, box.height)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke()
    .restore();
  doc.y = top + box.height + 3;
  doc.fillColor(MUTED).fontSize(9);
  writeText(doc, file.name, {
    x: MARGIN.left,
    y: doc.y,
    width: CONTENT_WIDTH,
    height: lineHeight(9),
    ellipsis: true,
  });
}

const TYPE_NAMES: Record<string, string> = {
  "application/pdf": "PDF document",
  "application/msword": "Word document",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Word document",
  "application/vnd.ms-excel": "Excel spreadsheet",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "Excel spreadsheet",
  "application/vnd.ms-powerpoint": "PowerPoint presentation",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "PowerPoint presentation",
  "text/plain": "text file",
  "text/csv": "CSV file",
};

function typeName(contentType: string): string {
  const type = contentType.toLowerCase().split(";")[0]?.trim() ?? "";
  if (TYPE_NAMES[type]) return TYPE_NAMES[type];
  const [major, minor] = type.split("/");
  if (major === "image" || major === "video" || major === "audio")
    return `${(minor ?? "").toUpperCase()} ${major}`;
  return type || "file";
}

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
