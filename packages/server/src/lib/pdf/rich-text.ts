// Rich text in every PDF (ADR 0023): the parsed paragraphs laid out line by line in the embedded
// fonts, with underline, clickable links, list markers and alignment. Our own line breaking, not
// pdfkit's continued text: pdfkit centres each piece of a continued line on its own, so a bold
// word in a centred line would overlap its neighbours. Lines page-break at the bottom margin.
import { FONT } from "./fonts.js";
import { type Align, parseRichText, type RichBlock } from "./rich-text-parse.js";
import { cached, textRuns } from "./text.js";

export interface RichTextOptions {
  x?: number;
  y?: number;
  width: number;
  lineGap?: number;
}

/** One measured piece of a line: a word or a space in one font and style. */
interface Piece {
  text: string;
  font: string;
  underline: boolean;
  link: string | null;
  width: number;
  space: boolean;
}

/** pdfkit keeps the current size and fill colour here (not in its typings). */
type Current = { _fontSize: number; _fillColor?: [PDFKit.Mixins.ColorValue, number?] };
const current = (doc: PDFKit.PDFDocument) => doc as unknown as Current;

// Font -> size -> character -> width, for words too long for a line (split by character).
const charWidths = new Map<string, Map<string, number>>();

function charWidth(doc: PDFKit.PDFDocument, font: string, size: number, ch: string): number {
  return cached(charWidths, `${font}:${size}`, ch, () => doc.font(font).widthOfString(ch));
}

/** Fonts whose glyphs do not change shape by context: their words are measured by character. */
const SIMPLE = new Set<string>([FONT.body, FONT.bold, FONT.italic, FONT.boldItalic]);

/**
 * A word's width. Shaping each word with fontkit dominated the time of long texts; Noto Sans
 * Latin, Greek and Cyrillic need no shaping, so their characters' cached widths are summed (kerning
 * aside, the same). Fallback-font words (Arabic, Hebrew) are shaped.
 */
function measure(doc: PDFKit.PDFDocument, font: string, size: number, text: string): number {
  if (!SIMPLE.has(font)) return doc.font(font).widthOfString(text);
  let w = 0;
  for (const ch of text) w += charWidth(doc, font, size, ch);
  return w;
}

/** A paragraph's runs as measured words and spaces, with "\n" pieces for line breaks. */
function pieces(doc: PDFKit.PDFDocument, block: RichBlock, size: number): Piece[] {
  const out: Piece[] = [];
  for (const run of block.runs) {
    for (const part of textRuns(doc, run.text, run.bold, run.italic)) {
      doc.font(part.font);
      for (const token of part.text.match(/\n|[ \t\u00a0]+|[^ \t\u00a0\n]+/g) ?? []) {
        const space = token !== "\n" && /^[ \t\u00a0]+$/.test(token);
        const text = space ? token.replace(/\t/g, "    ") : token;
        out.push({
          text,
          font: part.font,
          underline: run.underline,
          link: run.link,
          width: token === "\n" ? 0 : measure(doc, part.font, size, text),
          space,
        });
      }
    }
  }
  return out;
}

/** A word wider than the line, cut into pieces that fit. */
function splitWord(doc: PDFKit.PDFDocument, p: Piece, width: number, size: number): Piece[] {
  const out: Piece[] = [];
  let text = "";
  let w = 0;
  for (const ch of p.text) {
    const cw = charWidth(doc, p.font, size, ch);
    if (text && w + cw > width) {
      out.push({ ...p, text, width: w });
      text = "";
      w = 0;
    }
    text += ch;
    w += cw;
  }
  if (text) out.push({ ...p, text, width: w });
  return out;
}

/** Pieces broken into lines of at most `width`; spaces at the start of a wrapped line go. */
function breakLines(doc: PDFKit.PDFDocument, all: Piece[], width: number, size: number): Piece[][] {
  const lines: Piece[][] = [];
  let line: Piece[] = [];
  let used = 0;
  const push = () => {
    while (line.length && line[line.length - 1]?.space) line.pop();
    lines.push(line);
    line = [];
    used = 0;
  };
  for (const p of all) {
    if (p.text === "\n") {
      push();
      continue;
    }
    if (p.space) {
      if (line.length) {
        line.push(p);
        used += p.width;
      }
      continue;
    }
    const parts = p.width > width ? splitWord(doc, p, width, size) : [p];
    for (const part of parts) {
      // Spaces at the end of a line take no room.
      let trailing = 0;
      for (let k = line.length - 1; k >= 0 && line[k]?.space; k--) trailing += line[k]?.width ?? 0;
      if (line.length && used - trailing + part.width > width) push();
      line.push(part);
      used += part.width;
    }
  }
  push();
  return lines;
}

/** Writes one line's pieces from `x`; same-style neighbours are drawn as one string. */
function drawLine(
  doc: PDFKit.PDFDocument,
  line: Piece[],
  x: number,
  y: number,
  lineHeight: number,
  extraPerSpace: number,
) {
  let at = x;
  let k = 0;
  while (k < line.length) {
    const first = line[k] as Piece;
    let text = first.text;
    let width = first.width + (first.space ? extraPerSpace : 0);
    let blank = first.space;
    let n = k + 1;
    while (extraPerSpace === 0 && n < line.length) {
      const next = line[n] as Piece;
      if (next.font !== first.font || next.underline !== first.underline || next.link !== first.link) break;
      text += next.text;
      width += next.width;
      blank &&= next.space;
      n++;
    }
    if (!blank || first.underline || first.link) {
      doc.font(first.font).text(text, at, y, { lineBreak: false });
      if (first.link) doc.link(at, y, width, lineHeight, first.link);
      if (first.underline) {
        const size = current(doc)._fontSize;
        const colour = current(doc)._fillColor?.[0] ?? "black";
        const thickness = size < 10 ? 0.5 : size / 10;
        const under = y + doc.currentLineHeight() - thickness;
        doc
          .save()
          .lineWidth(thickness)
          .moveTo(at, under)
          .lineTo(at + width, under)
          .strokeColor(colour)
          .stroke()
          .restore();
      }
    }
    at += width;
    k = n;
  }
}

const lineWidthOf = (line: Piece[]) => line.reduce((sum, p) => sum + p.width, 0);

function startX(align: Align, x: number, width: number, used: number): number {
  if (align === "center") return x + (width - used) / 2;
  if (align === "right") return x + width - used;
  return x;
}

/**
 * Writes stored rich text (editor HTML or plain text) at the current font size and fill colour,
 * from `x`/`y` (the current position when absent) across `width`, and leaves doc.y below it.
 */
export function writeRichText(doc: PDFKit.PDFDocument, value: string, options: RichTextOptions): void {
  const x0 = options.x ?? doc.x;
  if (options.y !== undefined) doc.y = options.y;
  const size = current(doc)._fontSize;
  const gap = options.lineGap ?? 0;
  doc.font(FONT.body);
  const lineHeight = doc.currentLineHeight(true);
  const indentStep = size * 1.4;
  let first = true;
  for (const block of parseRichText(value)) {
    if (!first && !block.item) doc.y += size * 0.4;
    first = false;
    const indent = block.level * indentStep;
    const x = x0 + indent;
    const width = Math.max(options.width - indent, size * 4);
    const lines = breakLines(doc, pieces(doc, block, size), width, size);
    lines.forEach((line, n) => {
      if (doc.y + lineHeight > doc.page.height - doc.page.margins.bottom) {
        doc.addPage();
        doc.y = doc.page.margins.top;
      }
      const y = doc.y;
      if (n === 0 && block.marker) {
        doc.font(FONT.body);
        const w = doc.widthOfString(block.marker);
        doc.text(block.marker, x - w - size * 0.4, y, { lineBreak: false });
      }
      const used = lineWidthOf(line);
      const last = n === lines.length - 1;
      const spaces = line.filter((p) => p.space).length;
      const extra = block.align === "justify" && !last && spaces ? (width - used) / spaces : 0;
      drawLine(doc, line, startX(block.align, x, width, used), y, lineHeight, extra);
      doc.y = y + lineHeight + gap;
    });
  }
  doc.font(FONT.body);
  doc.x = x0;
}
