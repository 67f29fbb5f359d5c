import { describe, expect, it } from "vitest";
import { DIARY_V1 } from "../forms/definitions.js";
import { plainText, renderEntryPdf, ukDate } from "./entry-pdf.js";

const collect = async (doc: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of doc) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

describe("entry PDF", () => {
  it("renders a valid PDF with the entry's title in its metadata", async () => {
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
        owner: "Alex Morgan",
        form: DIARY_V1,
        today: "2026-11-22",
      }),
    );
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain("Sepsis update");
    // The long description flows onto a second page.
    expect(pdf.toString("latin1").match(/\/Type \/Page\b/g)?.length).toBeGreaterThan(1);
  });

  it("turns editor HTML into text and dates into DD/MM/YYYY", () => {
    expect(plainText("<p>One &amp; two</p><p>three<br>four</p>")).toBe("One & two\nthree\nfour");
    expect(ukDate("2026-03-09")).toBe("09/03/2026");
  });
});
