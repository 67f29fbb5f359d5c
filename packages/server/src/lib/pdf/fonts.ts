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

/** A pdfkit document with the embedded fonts registered and "Body" selected. */
export function createPdf(options: PDFKit.PDFDocumentOptions = {}): PDFKit.PDFDocument {
  const doc = new PDFDocument(options);
  for (const name of Object.values(FONT)) doc.registerFont(name, fontBuffer(name));
  doc.font(FONT.body);
  return doc;
}
