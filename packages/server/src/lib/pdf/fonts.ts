// Embedded Unicode fonts for every PDF we print: pdfkit's standard fonts are WinAnsi only, so names
// such as Łukasz, Ŵyn or Σωκράτης would come out wrong. Noto Sans is the main face; DejaVu Sans
// fills the scripts Noto Sans lacks (Arabic, Hebrew, many symbols). The files are read once per
// process and resolved from node_modules, which works under tsx and from the esbuild bundle
// (npm packages stay external there).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";

export const FONT = {
  body: "Body",
  bold: "Body-Bold",
  italic: "Body-Italic",
  boldItalic: "Body-BoldItalic",
  fallback: "Fallback",
  fallbackBold: "Fallback-Bold",
  fallbackItalic: "Fallback-Italic",
  fallbackBoldItalic: "Fallback-BoldItalic",
} as const;

const FILES: Record<string, string> = {
  [FONT.body]: "@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf",
  [FONT.bold]: "@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf",
  [FONT.italic]: "@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf",
  [FONT.boldItalic]: "@expo-google-fonts/noto-sans/700Bold_Italic/NotoSans_700Bold_Italic.ttf",
  [FONT.fallback]: "dejavu-fonts-ttf/ttf/DejaVuSans.ttf",
  [FONT.fallbackBold]: "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf",
  [FONT.fallbackItalic]: "dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf",
  [FONT.fallbackBoldItalic]: "dejavu-fonts-ttf/ttf/DejaVuSans-BoldOblique.ttf",
};

const require = createRequire(import.meta.url);
const buffers = new Map<string, Buffer>();

/** The font file's bytes, read on first use and kept for the life of the process. */
function fontBuffer(name: string): Buffer {
  let buf = buffers.get(name);
  if (!buf) {
    const file = FILES[name];
    if (!file) throw new Error(`Unknown PDF font ${name}`);
    buf = readFileSync(require.resolve(file));
    buffers.set(name, buf);
  }
  return buf;
}

/** pdfkit's embedded font (not in its typings): the fontkit font and the laid-out words it keeps. */
interface EmbeddedFont {
  name: string;
  font: unknown;
  layoutCache?: Record<string, unknown>;
}
type EmbeddedFontClass = new (doc: PDFKit.PDFDocument, font: unknown, id: string) => EmbeddedFont;
/** pdfkit's font state on a document (not in its typings). */
type FontState = { _fontFamilies: Record<string, EmbeddedFont>; _fontCount: number };

/**
 * Words laid out per font, kept across documents up to this many (a word is about 1 KB); the cache
 * starts again when a document begins with more. Docs/decisions/0034-portfolio-render-speed.md.
 */
const LAYOUT_CACHE_WORDS = 20_000;

interface SharedFont {
  make: EmbeddedFontClass;
  font: unknown;
  words: Record<string, unknown>;
  count: () => number;
}
const shared = new Map<string, SharedFont>();

/**
 * The fontkit font of `name`, parsed once per process, and pdfkit's word layouts of it. pdfkit
 * parses a font and its shaping tables again in every document and lays every word out again;
 * that was most of a portfolio's time (ADR 0034). The parsed font is only read, and a laid-out
 * word depends on the font alone, so both are shared by every document.
 */
function sharedFont(name: string): SharedFont {
  let s = shared.get(name);
  if (!s) {
    const probe = new PDFDocument({ autoFirstPage: false });
    probe.registerFont(name, fontBuffer(name));
    probe.font(name);
    const first = (probe as unknown as { _font: EmbeddedFont })._font;
    keepDecodedGlyphs(first.font as GlyphSource);
    const words: Record<string, unknown> = Object.create(null);
    s = {
      make: first.constructor as EmbeddedFontClass,
      font: first.font,
      words,
      count: () => Object.keys(words).length,
    };
    shared.set(name, s);
  }
  if (s.count() > LAYOUT_CACHE_WORDS) {
    const words: Record<string, unknown> = Object.create(null);
    s.words = words;
    s.count = () => Object.keys(words).length;
  }
  return s;
}

/** fontkit's font and glyph as the subsetter uses them (not in pdfkit's typings). */
interface Glyph {
  _decode: () => unknown;
  _decodeKept?: true;
}
interface GlyphSource {
  getGlyph: (id: number, codePoints?: number[]) => Glyph;
}

/**
 * Each document's font subset decodes the outline header of every glyph it embeds again (a
 * tenth of a portfolio's CPU, ADR 0034). fontkit keeps one glyph object per id on the font;
 * their decoded header is kept on them too. The subsetter only reads it (component ids and
 * offsets), and our fonts have no variations (which would rewrite outlines).
 */
function keepDecodedGlyphs(font: GlyphSource) {
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, codePoints) => {
    const glyph = getGlyph(id, codePoints);
    if (!glyph._decodeKept) {
      const decode = glyph._decode.bind(glyph);
      let decoded: unknown;
      let done = false;
      glyph._decode = () => {
        if (!done) {
          decoded = decode();
          done = true;
        }
        return decoded;
      };
      glyph._decodeKept = true;
    }
    return glyph;
  };
}

/** A pdfkit document with the embedded fonts registered and "Body" selected. */
export function createPdf(options: PDFKit.PDFDocumentOptions = {}): PDFKit.PDFDocument {
  const doc = new PDFDocument(options);
  for (const name of Object.values(FONT)) doc.registerFont(name, fontBuffer(name));
  // A font is embedded on its first use, as pdfkit does (same ids), but on the shared parsed font.
  const state = doc as unknown as FontState;
  const select = doc.font;
  doc.font = function (this: PDFKit.PDFDocument, src: unknown, ...rest: unknown[]) {
    if (typeof src === "string" && FILES[src] && !state._fontFamilies[src]) {
      const s = sharedFont(src);
      const font = new s.make(doc, s.font, `F${++state._fontCount}`);
      if (font.layoutCache && options.fontLayoutCache !== false) font.layoutCache = s.words;
      state._fontFamilies[src] = font;
      if (font.name) state._fontFamilies[font.name] = font;
    }
    return (select as (...args: unknown[]) => PDFKit.PDFDocument).call(this, src, ...rest);
  } as typeof doc.font;
  doc.font(FONT.body);
  return doc;
}
