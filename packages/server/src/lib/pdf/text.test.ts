import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { createPdf, FONT } from "./fonts.js";
import { fitText, textRuns, widthOfText, writeText } from "./text.js";

const NAMES = ["Zoë", "Łukasz", "Siân", "Ŵyn", "Σωκράτης"];
const ARABIC = "محمد";

async function pdfText(doc: PDFKit.PDFDocument): Promise<string[]> {
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => doc.on("end", resolve));
  doc.end();
  await ended;
  const pdf = await getDocumentProxy(new Uint8Array(Buffer.concat(chunks)));
  return (await extractText(pdf, { mergePages: false })).text;
}

describe("Unicode PDF text", () => {
  it("prints Welsh, Polish, Greek and Arabic names intact", async () => {
    const doc = createPdf({ size: "A4" });
    for (const name of NAMES) writeText(doc, `Name: ${name}`);
    writeText(doc, `Arabic: ${ARABIC} and back to Latin`, { bold: true });
    const [text] = await pdfText(doc);
    for (const name of NAMES) expect(text).toContain(`Name: ${name}`);
    expect(text).toContain(ARABIC);
    expect(text).toContain("and back to Latin");
  });

  it("uses the fallback font only for what the main font lacks", () => {
    const doc = createPdf();
    expect(textRuns(doc, "Zoë Łukasz Σωκράτης")).toEqual([{ font: FONT.body, text: "Zoë Łukasz Σωκράτης" }]);
    // Spaces around the right-to-left run stay outside it.
    expect(textRuns(doc, `Dr ${ARABIC} ${ARABIC} MSc`, true)).toEqual([
      { font: FONT.bold, text: "Dr " },
      { font: FONT.fallbackBold, text: `${ARABIC} ${ARABIC}` },
      { font: FONT.bold, text: " MSc" },
    ]);
    expect(textRuns(doc, `${ARABIC}  `)).toEqual([
      { font: FONT.fallback, text: ARABIC },
      { font: FONT.body, text: "  " },
    ]);
    expect(textRuns(doc, "")).toEqual([{ font: FONT.body, text: "" }]);
  });

  it("does not fail on characters neither font has", async () => {
    const doc = createPdf();
    // Private-use and an unassigned plane-3 code point.
    writeText(doc, "before \uE000\u{30000} after");
    const [text] = await pdfText(doc);
    expect(text).toContain("before");
    expect(text).toContain("after");
  });

  it("measures and cuts text to a width", () => {
    const doc = createPdf();
    doc.fontSize(10);
    const long = "A very long title that will not fit in the space available ".repeat(3);
    const cut = fitText(doc, long, 120);
    expect(cut.endsWith("…")).toBe(true);
    expect(widthOfText(doc, cut)).toBeLessThanOrEqual(120);
    expect(fitText(doc, "Short", 120)).toBe("Short");
  });
});
