import { describe, expect, it } from "vitest";
import { cleanFilename, contentDisposition, sniffFileType } from "./sniff.js";

describe("upload type sniffing", () => {
  it("recognises formats by their bytes", () => {
    expect(sniffFileType(Buffer.from("%PDF-1.7 ..."), "x.bin")).toBe("application/pdf");
    expect(sniffFileType(Buffer.from("GIF89a...."), "a.gif")).toBe("image/gif");
    expect(sniffFileType(Buffer.from([0xff, 0xd8, 0xff, 0xdb]), "a.png")).toBe("image/jpeg");
    expect(sniffFileType(Buffer.from("RIFF\0\0\0\0WEBPVP8 "), "a.webp")).toBe("image/webp");
  });

  it("uses the name only to tell Office formats apart", () => {
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2]);
    expect(sniffFileType(zip, "report.docx")).toMatch(/wordprocessingml/);
    expect(sniffFileType(zip, "archive.zip")).toBeNull();
  });

  it("refuses executables and scripts whatever their name", () => {
    expect(sniffFileType(Buffer.from("MZ\x90\x00"), "cv.pdf")).toBeNull();
    expect(sniffFileType(Buffer.from("<html><script>"), "notes.pdf")).toBeNull();
    expect(sniffFileType(Buffer.from("plain notes"), "notes.txt")).toBe("text/plain");
    expect(sniffFileType(Buffer.from([0x00, 0x01]), "notes.txt")).toBeNull();
  });

  it("cleans names and quotes them safely", () => {
    expect(cleanFilename("../../etc/passwd")).toBe("passwd");
    expect(cleanFilename("C:\\Users\\me\\cert\u0007.pdf")).toBe("cert.pdf");
    expect(cleanFilename("   ")).toBe("file");
    expect(contentDisposition('a"b é.pdf', true)).toBe(
      `inline; filename="a_b _.pdf"; filename*=UTF-8''a%22b%20%C3%A9.pdf`,
    );
  });
});
