import { describe, expect, it } from "vitest";
import { minimalDocx, zip } from "../../../test/zip.js";
import { centralDirectoryNames, isOoxmlPackage } from "./zip.js";

const names = (file: Buffer, keep = file.length) => centralDirectoryNames(file.subarray(-keep), file.length);

describe("ZIP central directory", () => {
  it("lists the names of a whole ZIP, and of its last bytes only", () => {
    const file = zip({ "a.txt": "a", "dir/b.txt": Buffer.alloc(5000) }, "a comment");
    expect(names(file)).toEqual(["a.txt", "dir/b.txt"]);
    expect(names(file, 200)).toEqual(["a.txt", "dir/b.txt"]);
  });

  it("answers null when the end is not one whole central directory", () => {
    const file = zip({ "a.txt": "a" });
    expect(names(file, 60)).toBeNull(); // the directory starts before the kept bytes
    expect(names(file.subarray(0, -1))).toBeNull(); // cut end record
    expect(names(Buffer.concat([file, Buffer.from("trailing")]))).toBeNull();
    expect(names(Buffer.from("%PDF-1.4 not a zip at all"))).toBeNull();
    const zip64 = Buffer.from(file);
    zip64.writeUInt32LE(0xffffffff, zip64.length - 6); // central directory offset in ZIP64
    expect(names(zip64)).toBeNull();
    const wrongCount = Buffer.from(file);
    wrongCount.writeUInt16LE(2, wrongCount.length - 12);
    wrongCount.writeUInt16LE(2, wrongCount.length - 14);
    expect(names(wrongCount)).toBeNull();
  });

  it("tells an Office package from a ZIP renamed", () => {
    const docx = names(minimalDocx()) as string[];
    expect(isOoxmlPackage(docx, "docx")).toBe(true);
    expect(isOoxmlPackage(docx, "xlsx")).toBe(false);
    expect(isOoxmlPackage(docx, "zip")).toBe(false);
    expect(isOoxmlPackage(["[Content_Types].xml", "xl/workbook.xml"], "xlsx")).toBe(true);
    expect(isOoxmlPackage(["[Content_Types].xml", "ppt/presentation.xml"], "pptx")).toBe(true);
    expect(isOoxmlPackage(["photos/1.jpg", "word/notes.txt"], "docx")).toBe(false);
  });
});
