// A certificate of attendance as an A4 landscape PDF (seeded evidence today;
// the certificates of later issues reuse it).
import { BRAND_BLUE, INK } from "../../lib/pdf/colours.js";
import { createPdf } from "../../lib/pdf/fonts.js";
import { writeText } from "../../lib/pdf/text.js";

export async function renderCertificatePdf(input: {
  name: string;
  title: string;
  hours: string;
}): Promise<Buffer> {
  const doc = createPdf({
    size: "A4",
    layout: "landscape",
    margin: 60,
    info: { Title: `Certificate: ${input.title}` },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on("end", () => resolve()));
  doc
    .rect(30, 30, doc.page.width - 60, doc.page.height - 60)
    .lineWidth(3)
    .stroke(BRAND_BLUE);
  doc.moveDown(3).fontSize(30).fillColor("#003087");
  writeText(doc, "Certificate of Attendance", { align: "center", bold: true });
  doc.moveDown().fontSize(16).fillColor(INK);
  writeText(doc, `This certifies that ${input.name} attended`, { align: "center" });
  doc.moveDown(0.5).fontSize(20);
  writeText(doc, input.title, { align: "center", bold: true });
  doc.moveDown(0.5).fontSize(14);
  writeText(doc, `${input.hours} hours of continuing professional development`, { align: "center" });
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
