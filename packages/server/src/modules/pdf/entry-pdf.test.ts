import { ukDate } from "@cpd/contract";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { DIARY_V1 } from "../forms/definitions.js";
import { renderCertificatePdf } from "./certificate.js";
import { plainText, renderEntryPdf } from "./entry-pdf.js";

const collect = async (doc: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of doc) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};
/** The text of each page: the embedded fonts write glyph ids, not the characters. */
const pagesText = async (pdf: Buffer) =>
  (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false })).text;

describe("entry PDF", () => {
  it("renders a valid PDF with the entry's title, owner, answers and evidence", async () => {
    const pdf = await collect(
      renderEntryPdf({
        type: "diary",
        title: "Sepsis update",
        date: "2026-11-01",
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
        form: DIARY_V1,
        today: "2026-11-22",
      }),
    );
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

  it("turns editor HTML into text and dates into DD/MM/YYYY", () => {
    expect(plainText("<p>One &amp; two</p><p>three<br>four</p>")).toBe("One & two\nthree\nfour");
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
