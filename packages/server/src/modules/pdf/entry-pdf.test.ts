import { ukDate } from "@cpd/contract";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { inspectPdf } from "../../lib/pdf/inspect.js";
import { richTextToPlain } from "../../lib/pdf/rich-text-parse.js";
import { DIARY_V1 } from "../forms/definitions.js";
import { renderCertificatePdf } from "./certificate.js";
import { renderEntryPdf } from "./entry-pdf.js";

const collect = async (doc: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of doc) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};
/** The text of each page: the embedded fonts write glyph ids, not the characters. */
const pagesText = async (pdf: Buffer) =>
  (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false })).text;

/** A diary entry dated 2026-11-01 printed on 2026-11-22; `over` gives the rest. */
const diaryPdf = (over: Omit<Parameters<typeof renderEntryPdf>[0], "type" | "date" | "form" | "today">) =>
  collect(
    renderEntryPdf({ type: "diary", date: "2026-11-01", form: DIARY_V1, today: "2026-11-22", ...over }),
  );

describe("entry PDF", () => {
  it("renders a valid PDF with the entry's title, owner, answers and evidence", async () => {
    const pdf = await diaryPdf({
      title: "Sepsis update",
      hours: 1.5,
      category: "Clinical Skills",
      values: {
        Field222: "Sepsis update",
        Field113: "<p>Long <b>talk</b></p>".repeat(80),
        GoverningBodyStandards: ["HCPC 1"],
      },
      tags: ["Audit"],
      evidence: [{ id: "f1", filename: "certificate.pdf" }],
      owner: "Zoë Łukasz-Siân Ŵyn",
    });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const pages = await pagesText(pdf);
    expect(pages[0]).toContain("Sepsis update");
    expect(pages[0]).toContain("Zoë Łukasz-Siân Ŵyn");
    expect(pages[0]).toContain("Long talk");
    // The long description flows onto a second page; each page is numbered.
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]).toContain(`Page 1 of ${pages.length}`);
    const last = pages.join("\n");
    expect(last).toContain("Tags: Audit");
    expect(last).toContain("certificate.pdf");
    expect(last).toContain("HCPC 1");
  });

  it("keeps rich text formatting: bold in the bold font, links clickable, plain line breaks", async () => {
    const pdf = await diaryPdf({
      title: "Formatting",
      hours: 1,
      category: null,
      values: {
        Field113:
          '<p>Normal <strong>Weighty</strong> <em>Leaning</em> <a href="https://www.hcpc-uk.org/">HCPC</a></p><ul><li><p>Point</p></li></ul>',
        LearningOutcomes: "Line one\nLine two",
      },
      tags: [],
      evidence: [],
      owner: "Ann Example",
    });
    const { items, links } = await inspectPdf(new Uint8Array(pdf));
    const fontOf = (text: string) => items.find((i) => i.text.includes(text))?.font;
    expect(fontOf("Weighty")).toBe("NotoSans-Bold");
    expect(fontOf("Leaning")).toBe("NotoSans-Italic");
    expect(fontOf("Normal")).toBe("NotoSans-Regular");
    expect(links).toContain("https://www.hcpc-uk.org/");
    expect(items.map((i) => i.text)).toEqual(expect.arrayContaining(["• Point", "Line one", "Line two"]));
  }, 30_000);

  it("turns editor HTML into text and dates into DD/MM/YYYY", () => {
    expect(richTextToPlain("<p>One &amp; two</p><p>three<br>four</p>")).toBe("One & two\nthree\nfour");
    expect(ukDate("2026-03-09")).toBe("09/03/2026");
  });

  it("prints a certificate with a non-Latin name", async () => {
    const pdf = await renderCertificatePdf({ name: "Σωκράτης Ŵyn", title: "Sepsis update", hours: "1.5" });
    const [text] = await pagesText(pdf);
    expect(text).toContain("Certificate of Attendance");
    expect(text).toContain("This certifies that Σωκράτης Ŵyn attended");
    expect(text).toContain("1.5 hours of continuing professional development");
  });
});
