// A certificate of attendance as an A4 landscape PDF (seeded evidence today;
// the certificates of later issues reuse it).
import PDFDocument from "pdfkit";

export async function renderCertificatePdf(input: {
  name: string;
  title: string;
  hours: string;
}): Promise<Buffer> {
  const doc = new PDFDocument({
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
    .stroke("#005eb8");
  doc
    .moveDown(3)
    .font("Helvetica-Bold")
    .fontSize(30)
    .fillColor("#003087")
    .text("Certificate of Attendance", { align: "center" });
  doc
    .moveDown()
    .font("Helvetica")
    .fontSize(16)
    .fillColor("#1b1f24")
    .text(`This certifies that ${input.name} attended`, { align: "center" });
  doc.moveDown(0.5).font("Helvetica-Bold").fontSize(20).text(input.title, { align: "center" });
  doc
    .moveDown(0.5)
    .font("Helvetica")
    .fontSize(14)
    .text(`${input.hours} hours of continuing professional development`, { align: "center" });
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
