import { describe, expect, it } from "vitest";
import { csvRecords, parseCsv } from "./csv";

describe("parseCsv", () => {
  it("reads quoted cells with commas, doubled quotes and line breaks, CRLF, and a byte-order mark", () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\r\n"multi\nline",z\n')).toEqual([
      ["a", "b"],
      ["x, y", 'say "hi"'],
      ["multi\nline", "z"],
    ]);
  });

  it("skips blank lines and keeps a last line without a line break", () => {
    expect(parseCsv("a,b\n\n1,2")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
  });
});

describe("csvRecords", () => {
  it("maps columns by header name, ignoring case, spaces and order", () => {
    expect(
      csvRecords("Email,First Name,last_name\nx@y.z,Ann,Lee\n", ["firstName", "lastName", "email"]),
    ).toEqual({
      records: [{ firstName: "Ann", lastName: "Lee", email: "x@y.z" }],
      missing: [],
    });
  });

  it("names the columns a file lacks", () => {
    expect(csvRecords("name,email\n", ["firstName", "email"])).toEqual({
      records: [],
      missing: ["firstName"],
    });
  });
});
