import { describe, expect, it } from "vitest";
import { extractText, wordXmlText } from "./evidence-text.js";

const W = (body: string) =>
  `<?xml version="1.0"?><w:document xmlns:w="x"><w:body>${body}</w:body></w:document>`;

describe("wordXmlText", () => {
  it("reads runs, tabs, breaks and paragraphs, and decodes entities", () => {
    const xml = W(
      '<w:p><w:r><w:t>Ward &amp; bay</w:t></w:r><w:r><w:tab/><w:t xml:space="preserve"> 4 </w:t></w:r></w:p>' +
        "<w:p><w:r><w:t>a&lt;b&#x41;&#66;</w:t><w:br/><w:t>next</w:t></w:r></w:p><w:p/>" +
        "<w:p><w:r><w:instrText>HYPERLINK</w:instrText><w:t/></w:r></w:p>",
    );
    expect(wordXmlText(xml, 1000)).toEqual({ text: "Ward & bay\t 4 \na<bAB\nnext\n\n\n", cut: false });
  });

  it("never throws on broken markup and turns bad character references into U+FFFD", () => {
    expect(wordXmlText("<w:t>open", 100).text).toBe("");
    expect(wordXmlText("<w:t>a&#xD800;&#0;b</w:t", 100).text).toBe("a\ufffd\ufffdb");
    expect(wordXmlText("<<<<>>>><w:t>x</w:t>", 100).text).toBe("x");
  });

  it("stops at the character limit", () => {
    const xml = W(`<w:p><w:r><w:t>${"a".repeat(500)}</w:t></w:r></w:p>`);
    expect(wordXmlText(xml, 100)).toEqual({ text: "a".repeat(100), cut: true });
  });

  it("reads a megabyte of unclosed tags in linear time", () => {
    const started = process.cpuUsage();
    wordXmlText(`<w:t>${"<w:t ".repeat(200_000)}`, 1000);
    wordXmlText(`<w:t>${"&#x1".repeat(250_000)}</w:t>`, 2_000_000);
    const { user, system } = process.cpuUsage(started);
    expect((user + system) / 1000).toBeLessThan(1000);
  });
});

describe("extractText", () => {
  it("answers failed, never throws, for bytes that are not what they claim", async () => {
    const docx = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
    expect((await extractText(Buffer.from("%PDF-1.4 nothing"), "application/pdf")).state).toBe("failed");
    expect((await extractText(Buffer.from("PK\x03\x04 not a zip"), docx)).state).toBe("failed");
    expect((await extractText(Buffer.from("x"), "image/png")).state).toBe("failed");
  });
});
