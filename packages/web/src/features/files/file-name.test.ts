import { describe, expect, it } from "vitest";
import { evidenceName, isImage, renamed, spaced, truncateName, withoutExtension } from "./file-name";

describe("file names", () => {
  it("shows evidence without the extension and '+' as a space", () => {
    expect(evidenceName("My+course+certificate.pdf")).toBe("My course certificate");
    expect(evidenceName("notes")).toBe("notes");
    expect(evidenceName("archive.tar.gz")).toBe("archive.tar");
    expect(withoutExtension(".hidden")).toBe(".hidden");
    expect(spaced("a+b c")).toBe("a b c");
  });
  it("cuts names above 30 characters to 17 first and 17 last", () => {
    expect(truncateName("short name")).toBe("short name");
    const long = "Sepsis recognition and the Sepsis Six certificate";
    expect(truncateName(long)).toBe(
      "Sepsis recognitio…x certificate".replace("x certificate", long.slice(-17)),
    );
    expect(truncateName(long)).toHaveLength(35);
  });
  it("keeps the extension on rename", () => {
    expect(renamed("cert.pdf", "New name")).toBe("New name.pdf");
    expect(renamed("cert.pdf", "New name.PDF")).toBe("New name.PDF");
    expect(renamed("cert.pdf", "  ")).toBe("cert.pdf");
    expect(renamed("notes", "Notes 2")).toBe("Notes 2");
  });
  it("recognises images", () => {
    expect(isImage("a.PNG")).toBe(true);
    expect(isImage("a.pdf", "application/pdf")).toBe(false);
    expect(isImage("scan", "image/jpeg")).toBe(true);
  });
});
