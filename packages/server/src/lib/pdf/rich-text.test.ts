import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { createPdf, FONT } from "./fonts.js";
import { inspectPdf } from "./inspect.js";
import { writeRichText } from "./rich-text.js";
import { cleanText, parseRichText, richTextToPlain } from "./rich-text-parse.js";

async function pdfBytes(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => doc.on("end", resolve));
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

const plain = { bold: false, italic: false, underline: false, link: null };

describe("rich text parsing", () => {
  it("turns the editor's HTML into styled runs", () => {
    const blocks = parseRichText(
      '<p style="text-align: center">Plain <strong>bold <em>both</em></strong> <u>under</u> <a href="https://example.org/x">site</a></p><p></p><p>Line<br>break &amp; more</p>',
    );
    expect(blocks).toHaveLength(3);
    expect(blocks[0]?.align).toBe("center");
    expect(blocks[0]?.runs).toEqual([
      { ...plain, text: "Plain " },
      { ...plain, bold: true, text: "bold " },
      { ...plain, bold: true, italic: true, text: "both" },
      { ...plain, text: " " },
      { ...plain, underline: true, text: "under" },
      { ...plain, text: " " },
      { ...plain, link: "https://example.org/x", text: "site" },
    ]);
    expect(blocks[1]?.runs).toEqual([]);
    expect(blocks[2]?.runs).toEqual([{ ...plain, text: "Line\nbreak & more" }]);
  });

  it("numbers and indents lists, with the editor's <li><p> items", () => {
    const blocks = parseRichText(
      "<ol><li><p>One</p></li><li><p>Two</p><ul><li>Inner</li></ul></li></ol><ul><li>Dot</li></ul>",
    );
    expect(blocks.map((b) => [b.marker, b.level, b.runs.map((r) => r.text).join("")])).toEqual([
      ["1.", 1, "One"],
      ["2.", 1, "Two"],
      ["•", 2, "Inner"],
      ["•", 1, "Dot"],
    ]);
  });

  it("prints unknown tags as their text and drops scripts and unsafe links", () => {
    expect(richTextToPlain("<p>Hi <blink>there</blink><script>alert(1)</script></p>")).toBe("Hi there");
    const [block] = parseRichText('<p><a href="javascript:alert(1)">x</a></p>');
    expect(block?.runs[0]?.link).toBeNull();
  });

  it("keeps plain text as written, line breaks and angle brackets included", () => {
    expect(parseRichText("First line\nsecond a < b\n\nthird &amp;")).toEqual([
      {
        align: "left",
        level: 0,
        marker: null,
        item: false,
        runs: [{ ...plain, text: "First line\nsecond a < b\n\nthird &amp;" }],
      },
    ]);
  });

  it("cleans NUL bytes and lone surrogates", () => {
    expect(cleanText("a\u0000b\ud800c\udc00d\u{1f600}")).toBe("ab\ufffdc\ufffdd\u{1f600}");
  });

  it("survives deeply nested and unclosed tags in linear time", () => {
    const deep = `${"<b><i><u><span>".repeat(20_000)}deep${"</span></u></i></b>".repeat(20_000)}after`;
    const started = performance.now();
    expect(richTextToPlain(deep)).toBe("deepafter");
    expect(richTextToPlain("<a".repeat(50_000))).toContain("<a<a");
    expect(richTextToPlain(`<p>${"<li>".repeat(30_000)}x`)).toContain("x");
    expect(performance.now() - started).toBeLessThan(20_000);
  }, 60_000);
});

describe("rich text layout", () => {
  it("draws bold, italic and plain words in their fonts, with a link annotation", async () => {
    const doc = createPdf({ size: "A4" });
    doc.fontSize(11);
    writeRichText(
      doc,
      '<p>Plain <strong>Heavy</strong> <em>Slanted</em> <a href="https://example.org">Go</a></p>',
      {
        x: 56,
        y: 56,
        width: 480,
      },
    );
    const { items, links } = await inspectPdf(await pdfBytes(doc));
    const fontOf = (text: string) => items.find((i) => i.text.includes(text))?.font;
    expect(fontOf("Plain")).toBe("NotoSans-Regular");
    expect(fontOf("Heavy")).toBe("NotoSans-Bold");
    expect(fontOf("Slanted")).toBe("NotoSans-Italic");
    expect(links).toEqual(["https://example.org/"]);
    expect(FONT.boldItalic).toBe("Body-BoldItalic");
  });

  it("centres a line with mixed fonts without overlapping its words", async () => {
    const doc = createPdf({ size: "A4" });
    doc.fontSize(11);
    writeRichText(doc, '<p style="text-align: center">Hello <strong>bold</strong> world</p>', {
      x: 56,
      y: 56,
      width: 480,
    });
    const { items } = await inspectPdf(await pdfBytes(doc));
    const xs = ["Hello", "bold", "world"].map((w) => items.find((i) => i.text.includes(w))?.x ?? 0);
    expect(xs[0]).toBeGreaterThan(200);
    expect(xs[1]).toBeGreaterThan(xs[0] as number);
    expect(xs[2]).toBeGreaterThan(xs[1] as number);
  });

  it("paginates 100k characters of hostile text without hanging", async () => {
    const doc = createPdf({ size: "A4" });
    doc.fontSize(11);
    const words = Array.from({ length: 12_000 }, (_, i) => (i % 7 === 0 ? `<b>w${i}</b>` : `w${i}`)).join(
      " ",
    );
    const started = performance.now();
    writeRichText(doc, `<p>${words}\u0000\ud800</p>`, { x: 56, y: 56, width: 480 });
    writeRichText(doc, "x".repeat(100_000), { x: 56, width: 480 });
    // Generous: the machine may be busy; pdfkit's own wrapping of the unbroken 100k never ends.
    expect(performance.now() - started).toBeLessThan(60_000);
    const pdf = await getDocumentProxy(await pdfBytes(doc));
    expect(pdf.numPages).toBeGreaterThan(20);
    const { text } = await extractText(pdf, { mergePages: false });
    expect(text[0]).toContain("w0 w1 w2");
    expect(text.join(" ")).toContain("w11999");
  }, 120_000);
});
