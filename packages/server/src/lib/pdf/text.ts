// Text in the embedded fonts with per-character fallback: a string is split into runs by which font
// has the glyph, and the runs are written as one pdfkit "continued" paragraph, so an Arabic name in
// a Latin sentence still wraps and flows as a single text.
import { FONT } from "./fonts.js";

interface GlyphSource {
  hasGlyphForCodePoint(codePoint: number): boolean;
}
/** pdfkit keeps the fontkit font of an embedded font here (not in its typings). */
type WithFont = { _font: { font?: GlyphSource } };

export interface TextRun {
  font: string;
  text: string;
}

export interface WriteTextOptions extends PDFKit.Mixins.TextOptions {
  bold?: boolean;
  /** Where to start; the current position when absent. */
  x?: number;
  y?: number;
}

// Font name -> code point -> has a glyph. Process-wide: the font files never change.
const coverage = new Map<string, Map<number, boolean>>();
const glyphSources = new Map<string, GlyphSource | null>();

function glyphSource(doc: PDFKit.PDFDocument, name: string): GlyphSource | null {
  if (!glyphSources.has(name)) {
    const d = doc as unknown as WithFont;
    const previous = d._font;
    doc.font(name);
    const font = d._font.font;
    d._font = previous;
    glyphSources.set(name, font && typeof font.hasGlyphForCodePoint === "function" ? font : null);
  }
  return glyphSources.get(name) ?? null;
}

/** The value cached under `outer` then `inner`, computed by `make` and kept on the first call. */
export function cached<K, I, V>(cache: Map<K, Map<I, V>>, outer: K, inner: I, make: () => V): V {
  let map = cache.get(outer);
  if (!map) {
    map = new Map();
    cache.set(outer, map);
  }
  let value = map.get(inner);
  if (value === undefined) {
    value = make();
    map.set(inner, value);
  }
  return value;
}

function has(doc: PDFKit.PDFDocument, name: string, cp: number): boolean {
  return cached(coverage, name, cp, () => glyphSource(doc, name)?.hasGlyphForCodePoint(cp) ?? false);
}

/** The main and fallback font of a style. */
function fontPair(bold: boolean, italic: boolean): [string, string] {
  if (italic) return bold ? [FONT.boldItalic, FONT.fallbackBoldItalic] : [FONT.italic, FONT.fallbackItalic];
  return bold ? [FONT.bold, FONT.fallbackBold] : [FONT.body, FONT.fallback];
}

/** Spaces and controls: they belong to no script. */
const space = (cp: number) => cp <= 0x20 || cp === 0xa0 || (cp >= 0x2000 && cp <= 0x200b);
/** Combining marks, joiners and variation selectors stay with the character before them. */
const mark = (cp: number) =>
  (cp >= 0x0300 && cp <= 0x036f) || (cp >= 0x200c && cp <= 0x200f) || (cp >= 0xfe00 && cp <= 0xfe0f);

/**
 * The text split into runs of the main font and the fallback font. Spaces after a fallback run
 * join the run that follows, never the end of a right-to-left run (which would print them on
 * the wrong side of the Arabic or Hebrew word).
 */
export function textRuns(doc: PDFKit.PDFDocument, text: string, bold = false, italic = false): TextRun[] {
  const [main, fallback] = fontPair(bold, italic);
  const runs: TextRun[] = [];
  let font: string | null = null;
  let current = "";
  let spaces = "";
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (font === null ? space(cp) || mark(cp) : mark(cp) || (font === main && (cp < 0x80 || space(cp)))) {
      current += ch;
      continue;
    }
    if (space(cp)) {
      spaces += ch;
      continue;
    }
    // Neither font has it: the main font prints its "missing glyph" box.
    const want: string = has(doc, main, cp) || !has(doc, fallback, cp) ? main : fallback;
    if (font === null) {
      font = want;
      current += ch;
    } else if (want === font) current += spaces + ch;
    else {
      runs.push({ font, text: current });
      font = want;
      current = spaces + ch;
    }
    spaces = "";
  }
  if (font === null) return [{ font: main, text: current }];
  runs.push({ font, text: current });
  if (spaces) runs.push({ font: main, text: spaces });
  return runs;
}

/** Writes text like doc.text, each character in a font that has it; leaves the main font selected. */
export function writeText(
  doc: PDFKit.PDFDocument,
  text: string,
  options: WriteTextOptions = {},
): PDFKit.PDFDocument {
  const { bold, x, y, ...rest } = options;
  const runs = textRuns(doc, text, bold);
  runs.forEach((run, i) => {
    doc.font(run.font);
    const last = i === runs.length - 1;
    const opts = { ...rest, continued: last ? (rest.continued ?? false) : true };
    // doc.text(s, undefined, y) would drop the options: pass both coordinates or none.
    if (i === 0 && (x !== undefined || y !== undefined)) doc.text(run.text, x ?? doc.x, y ?? doc.y, opts);
    else doc.text(run.text, opts);
  });
  doc.font(bold ? FONT.bold : FONT.body);
  return doc;
}

/** The width of a single line of text in the current font size, counting fallback glyphs. */
export function widthOfText(
  doc: PDFKit.PDFDocument,
  text: string,
  options: { bold?: boolean; characterSpacing?: number } = {},
): number {
  let width = 0;
  for (const run of textRuns(doc, text, options.bold)) {
    doc.font(run.font);
    width += doc.widthOfString(run.text, { characterSpacing: options.characterSpacing });
  }
  doc.font(options.bold ? FONT.bold : FONT.body);
  return width;
}

/** The text cut to fit `width` on one line, with an ellipsis when cut. */
export function fitText(
  doc: PDFKit.PDFDocument,
  text: string,
  width: number,
  options: { bold?: boolean } = {},
): string {
  if (widthOfText(doc, text, options) <= width) return text;
  const chars = Array.from(text);
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (widthOfText(doc, `${chars.slice(0, mid).join("").trimEnd()}…`, options) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${chars.slice(0, lo).join("").trimEnd()}…`;
}
