// The front page: the background the user chose, the two title lines, owner and date range, in the
// chosen cover layout, with the organisation's logo, name and colour when branding is on.
import { ukDate } from "@cpd/contract";
import { FONT } from "../../../lib/pdf/fonts.js";
import { widthOfText, writeText } from "../../../lib/pdf/text.js";
import { drawBackground } from "./backgrounds.js";
import { fitBox, type PrintImage, printImage } from "./images.js";
import { accentColour, MUTED, PAGE } from "./layout.js";
import type { PortfolioDocument } from "./types.js";

const W = PAGE.width;
const H = PAGE.height;

async function logoImage(bytes: Buffer | null | undefined): Promise<PrintImage | null> {
  if (!bytes?.length) return null;
  try {
    return await printImage(bytes, { maxPx: 600, png: true });
  } catch {
    return null; // A logo that will not decode leaves the organisation's name on its own.
  }
}

export async function drawFrontPage(doc: PDFKit.PDFDocument, input: PortfolioDocument): Promise<void> {
  const brand = input.branding;
  const accent = brand ? accentColour(brand.colourHex, "") || null : null;
  const logo = await logoImage(brand?.logo);
  const range = `${ukDate(input.range.from)} – ${ukDate(input.range.to)}`;

  doc.save();
  if (input.cover === "minimal") doc.opacity(0.22);
  const palette = drawBackground(doc, input.background, accent);
  doc.restore();

  const style = input.cover;
  const cardX = style === "modern" ? 0 : 56;
  const cardW = style === "modern" ? W * 0.86 : W - 112;
  const cardY = style === "minimal" ? 150 : style === "modern" ? H * 0.5 : H * 0.3;
  const align = style === "classic" ? "center" : "left";
  const textX = style === "modern" ? 72 : style === "minimal" ? 56 : cardX + 24;
  const textW = style === "modern" ? cardW - 96 : style === "minimal" ? W - 112 : cardW - 48;
  const titleSize = style === "modern" ? 36 : style === "minimal" ? 28 : 32;
  // The card behind the text is painted first, so measure the text that goes on it.
  const measure = (text: string, size: number, bold: boolean) => {
    doc.font(bold ? FONT.bold : FONT.body).fontSize(size);
    return doc.heightOfString(text, { width: textW });
  };
  const cardH =
    28 +
    measure(input.title.line1, titleSize, true) +
    2 +
    measure(input.title.line2, titleSize * 0.68, false) +
    22 +
    measure(input.owner.name, 16, true) +
    4 +
    measure(range, 12, false) +
    36;

  if (style !== "minimal") {
    doc
      .save()
      .fillOpacity(0.94)
      .roundedRect(cardX, cardY, cardW, cardH, style === "modern" ? 0 : 10)
      .fill("#ffffff");
    doc.restore();
    if (style === "modern") doc.rect(cardX, cardY, 14, cardH).fill(palette.strong);
    else doc.rect(cardX + cardW / 2 - 40, cardY + cardH - 18, 80, 4).fill(palette.strong);
  } else {
    doc.rect(56, cardY - 24, 60, 3).fill(palette.strong);
  }

  doc.fillColor(palette.ink).fontSize(titleSize);
  writeText(doc, input.title.line1, { x: textX, y: cardY + 28, width: textW, align, bold: true });
  doc.fontSize(titleSize * 0.68).fillColor(palette.strong);
  writeText(doc, input.title.line2, { x: textX, y: doc.y + 2, width: textW, align });
  doc.fontSize(16).fillColor(palette.ink);
  writeText(doc, input.owner.name, { x: textX, y: doc.y + 22, width: textW, align, bold: true });
  doc.fontSize(12).fillColor(MUTED);
  writeText(doc, range, { x: textX, y: doc.y + 4, width: textW, align });

  // Modern's title card sits low on the page, so its branding goes at the top.
  if (brand)
    drawBranding(
      doc,
      brand.name,
      logo,
      style === "classic" ? "center" : "left",
      style === "modern" ? 60 : H - 190,
    );
}

/** Logo and organisation name near the foot of the page. */
function drawBranding(
  doc: PDFKit.PDFDocument,
  name: string,
  logo: PrintImage | null,
  align: "center" | "left",
  top: number,
): void {
  let y = top;
  if (logo) {
    const box = fitBox(logo.width, logo.height, 180, 70);
    const x = align === "center" ? (W - box.width) / 2 : 56;
    doc
      .save()
      .fillOpacity(0.94)
      .rect(x - 8, y - 8, box.width + 16, box.height + 16)
      .fill("#ffffff")
      .restore();
    doc.image(logo.data, x, y, { width: box.width, height: box.height });
    y += box.height + 14;
  }
  doc.fontSize(11);
  const nameWidth = Math.min(widthOfText(doc, name, { bold: true }), W - 112);
  const x = align === "center" ? (W - nameWidth) / 2 : 56;
  doc
    .save()
    .fillOpacity(0.94)
    .rect(x - 6, y - 3, nameWidth + 12, 22)
    .fill("#ffffff")
    .restore();
  doc.fillColor(MUTED);
  writeText(doc, name, {
    x: 56,
    y,
    width: W - 112,
    align,
    bold: true,
    lineBreak: true,
    height: 20,
    ellipsis: true,
  });
}
