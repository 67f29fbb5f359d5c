// The ten front-page backgrounds (spec: the user picks 1-10): a palette and a vector pattern each.
import { BRAND_BLUE } from "../../../lib/pdf/colours.js";
import { PAGE } from "./layout.js";

export interface Palette {
  /** Page colour behind the pattern. */
  paper: string;
  /** Pattern colours, strong then soft. */
  strong: string;
  soft: string;
  /** Title colour that reads on the paper. */
  ink: string;
}

type Pattern = (doc: PDFKit.PDFDocument, p: Palette) => void;
const W = PAGE.width;
const H = PAGE.height;

const bands: Pattern = (doc, p) => {
  doc.rect(0, 0, W, H * 0.18).fill(p.strong);
  doc.rect(0, H * 0.18, W, 10).fill(p.soft);
  doc.rect(0, H - 70, W, 70).fill(p.strong);
};
const circles: Pattern = (doc, p) => {
  doc.circle(W * 0.95, H * 0.05, 190).fill(p.strong);
  doc.circle(W * 0.1, H * 0.95, 150).fill(p.soft);
  doc.circle(W * 0.82, H * 0.78, 60).fill(p.soft);
};
const diagonal: Pattern = (doc, p) => {
  doc.polygon([0, 0], [W * 0.7, 0], [0, H * 0.45]).fill(p.strong);
  doc.polygon([W, H], [W * 0.25, H], [W, H * 0.6]).fill(p.soft);
};
const waves: Pattern = (doc, p) => {
  for (const [i, colour] of [p.soft, p.strong].entries()) {
    const base = H - 170 + i * 60;
    doc.moveTo(0, base);
    for (let x = 0; x < W; x += W / 4)
      doc.bezierCurveTo(x + W / 8, base - 50, x + W / 8, base + 50, x + W / 4, base);
    doc.lineTo(W, H).lineTo(0, H).closePath().fill(colour);
  }
};
const dots: Pattern = (doc, p) => {
  for (let y = 30; y < H * 0.3; y += 26)
    for (let x = 30; x < W; x += 26) doc.circle(x, y, 3 + ((x + y) % 3)).fill(p.soft);
  doc.rect(0, H - 40, W, 40).fill(p.strong);
};
const corner: Pattern = (doc, p) => {
  doc.rect(0, 0, 26, H).fill(p.strong);
  doc.rect(26, 0, 8, H).fill(p.soft);
  doc.polygon([W, 0], [W - 160, 0], [W, 160]).fill(p.soft);
};
const stripes: Pattern = (doc, p) => {
  doc
    .save()
    .rect(0, 0, W, H * 0.28)
    .clip();
  for (let x = -H; x < W; x += 36)
    doc
      .moveTo(x, H * 0.28)
      .lineTo(x + H * 0.28, 0)
      .lineWidth(12)
      .stroke(p.soft);
  doc.restore();
  doc.rect(0, H * 0.28, W, 6).fill(p.strong);
};
const triangles: Pattern = (doc, p) => {
  const size = 60;
  for (let x = 0; x < W; x += size) {
    doc.polygon([x, H], [x + size / 2, H - size], [x + size, H]).fill(p.strong);
    doc.polygon([x + size / 2, H - size], [x + size, H], [x + size * 1.5, H - size]).fill(p.soft);
  }
};
const arcs: Pattern = (doc, p) => {
  for (let r = 80; r <= 400; r += 40)
    doc
      .circle(W, H, r)
      .lineWidth(6)
      .stroke(r % 80 === 0 ? p.strong : p.soft);
};
const grid: Pattern = (doc, p) => {
  doc.lineWidth(0.6);
  for (let x = 0; x <= W; x += 24) doc.moveTo(x, 0).lineTo(x, H).stroke(p.soft);
  for (let y = 0; y <= H; y += 24) doc.moveTo(0, y).lineTo(W, y).stroke(p.soft);
  doc.rect(0, 0, W, 14).fill(p.strong);
};

export const BACKGROUNDS: { palette: Palette; pattern: Pattern }[] = [
  { palette: { paper: "#ffffff", strong: BRAND_BLUE, soft: "#41b6e6", ink: "#003087" }, pattern: bands },
  { palette: { paper: "#fdf8f2", strong: "#e07a5f", soft: "#f2cc8f", ink: "#3d405b" }, pattern: circles },
  { palette: { paper: "#ffffff", strong: "#2a9d8f", soft: "#a8dadc", ink: "#264653" }, pattern: diagonal },
  { palette: { paper: "#f4f9ff", strong: "#1d3557", soft: "#457b9d", ink: "#1d3557" }, pattern: waves },
  { palette: { paper: "#ffffff", strong: "#7b2cbf", soft: "#e0c3fc", ink: "#3c096c" }, pattern: dots },
  { palette: { paper: "#fbfbf8", strong: "#006747", soft: "#9bc53d", ink: "#143d2b" }, pattern: corner },
  { palette: { paper: "#fffaf0", strong: "#d62828", soft: "#fcbf49", ink: "#3a0c0c" }, pattern: stripes },
  { palette: { paper: "#ffffff", strong: "#0b525b", soft: "#88d4ab", ink: "#0b3b40" }, pattern: triangles },
  { palette: { paper: "#f8f7ff", strong: "#5e548e", soft: "#bfa7e0", ink: "#231942" }, pattern: arcs },
  { palette: { paper: "#ffffff", strong: "#495057", soft: "#dee2e6", ink: "#212529" }, pattern: grid },
];

/** Background 1-10 (anything else falls back to 1). */
export function drawBackground(doc: PDFKit.PDFDocument, background: number, accent: string | null): Palette {
  const chosen = BACKGROUNDS[Math.trunc(background) - 1] ?? BACKGROUNDS[0];
  if (!chosen) throw new Error("no backgrounds");
  // Organisation branding replaces the strong colour with its own.
  const palette = accent ? { ...chosen.palette, strong: accent } : chosen.palette;
  doc.save();
  doc.rect(0, 0, W, H).fill(palette.paper);
  chosen.pattern(doc, palette);
  doc.restore();
  return palette;
}
