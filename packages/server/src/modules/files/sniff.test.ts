import { describe, expect, it } from "vitest";
import { cleanFilename, contentDisposition, INLINE_TYPES, looksLikeMarkup, sniffFileType } from "./sniff.js";

describe("upload type sniffing", () => {
  it("recognises formats by their bytes", () => {
    expect(sniffFileType(Buffer.from("%PDF-1.7 ..."), "x.bin")).toBe("application/pdf");
    expect(sniffFileType(Buffer.from("GIF89a...."), "a.gif")).toBe("image/gif");
    expect(sniffFileType(Buffer.from([0xff, 0xd8, 0xff, 0xdb]), "a.png")).toBe("image/jpeg");
    expect(sniffFileType(Buffer.from("RIFF\0\0\0\0WEBPVP8 "), "a.webp")).toBe("image/webp");
  });

  it("takes a ZIP for an Office document only when named as one (its container is checked as it streams)", () => {
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2]);
    expect(sniffFileType(zip, "report.docx")).toMatch(/wordprocessingml/);
    expect(sniffFileType(zip, "sheet.XLSX")).toMatch(/spreadsheetml/);
    expect(sniffFileType(zip, "archive.zip")).toBeNull();
    expect(sniffFileType(zip, "docx")).toBeNull();
  });

  it("refuses executables and scripts whatever their name", () => {
    expect(sniffFileType(Buffer.from("MZ\x90\x00"), "cv.pdf")).toBeNull();
    expect(sniffFileType(Buffer.from("<html><script>"), "notes.pdf")).toBeNull();
    expect(sniffFileType(Buffer.from("plain notes"), "notes.txt")).toBe("text/plain");
    expect(sniffFileType(Buffer.from([0x00, 0x01]), "notes.txt")).toBeNull();
  });

  it("accepts UTF-8 text (with a BOM, or a character cut at the end of the head) and refuses other encodings", () => {
    expect(sniffFileType(Buffer.from("\ufeffRéflexion – notes"), "n.txt")).toBe("text/plain");
    const cut = Buffer.from("notes é").subarray(0, -1);
    expect(sniffFileType(cut, "n.txt")).toBe("text/plain");
    expect(sniffFileType(Buffer.from("caf\xe9 au lait, notes", "latin1"), "n.txt")).toBeNull();
    expect(sniffFileType(Buffer.from("\ufeffnotes", "utf16le"), "n.txt")).toBeNull();
  });

  it("refuses text that a browser would take for HTML, XML or SVG", () => {
    for (const text of [
      "<!DOCTYPE html><p>x",
      "  \r\n\t<HTML>",
      "<script>alert(1)</script>",
      "\ufeff<svg onload=alert(1)>",
      "<iframe src=x>",
      "<!-- comment -->",
      '<?xml version="1.0"?>',
      "<body/>",
      "<a href=x>",
      "<p>",
      "<head\n>",
      "<b",
    ]) {
      expect(looksLikeMarkup(Buffer.from(text)), text).toBe(true);
      expect(sniffFileType(Buffer.from(text), "notes.txt"), text).toBeNull();
    }
    for (const text of ["a < b and <3", "<abbr> is not sniffed", "notes <html>", "<pre-op checklist>"]) {
      expect(looksLikeMarkup(Buffer.from(text)), text).toBe(false);
      expect(sniffFileType(Buffer.from(text), "notes.txt"), text).toBe("text/plain");
    }
  });

  it("cleans names: no paths, control, bidi or invisible format characters, never empty", () => {
    expect(cleanFilename("../../etc/passwd")).toBe("passwd");
    expect(cleanFilename("C:\\Users\\me\\cert\u0007.pdf")).toBe("cert.pdf");
    expect(cleanFilename("   ")).toBe("file");
    expect(cleanFilename("invoice\u202Efdp.exe")).toBe("invoicefdp.exe");
    expect(cleanFilename("a\u0000b\u0085c\u061Cd\u200Be\u200Cf\u200Dg\u200Eh\u200Fi.pdf")).toBe(
      "abcdefghi.pdf",
    );
    expect(cleanFilename("\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069\uFEFFx.png")).toBe("x.png");
    expect(cleanFilename("\u202E\u200F.pdf")).toBe("file.pdf");
    expect(cleanFilename("\u202E\u2066")).toBe("file");
    expect(cleanFilename("Réflexion 😀.txt")).toBe("Réflexion 😀.txt");
    expect(cleanFilename(`${"a".repeat(254)}😀`)).toHaveLength(254);
  });

  it("quotes names safely and shows only raster images inline", () => {
    expect(contentDisposition('a"b é.pdf', true)).toBe(
      `inline; filename="a_b _.pdf"; filename*=UTF-8''a%22b%20%C3%A9.pdf`,
    );
    expect([...INLINE_TYPES].sort()).toEqual(["image/gif", "image/jpeg", "image/png", "image/webp"]);
  });
});
