import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv.js";

describe("csvCell", () => {
  it.each([
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ["+1", `"'+1"`],
    ["-2+3", `"'-2+3"`],
    ["@SUM(A1)", `"'@SUM(A1)"`],
    ["\tcmd", `"'\tcmd"`],
  ])("escapes the formula %j as %s", (input, out) => {
    expect(csvCell(input)).toBe(out);
  });

  it("quotes commas, quotes and line breaks, and leaves plain text and numbers alone", () => {
    expect(csvCell("Smith, Jo")).toBe(`"Smith, Jo"`);
    expect(csvCell('say "hi"')).toBe(`"say ""hi"""`);
    expect(csvCell("a\nb")).toBe(`"a\nb"`);
    expect(csvCell("Jo")).toBe("Jo");
    expect(csvCell(-2.5)).toBe("-2.5");
    expect(csvCell(null)).toBe("");
  });

  it("ends a line with CRLF", () => {
    expect(csvLine(["a", 1, null])).toBe("a,1,\r\n");
  });
});
