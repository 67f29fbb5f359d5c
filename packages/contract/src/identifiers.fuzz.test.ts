// The detector's fast scan against its straightforward one, and hostile megabytes (issue 28,
// ADR 0029). findIdentifiers looks only near the places one expression finds; findIdentifiersPlainly
// walks every digit cluster and runs each expression over the whole text. They must agree on any
// text, and neither may backtrack its way into seconds on a megabyte built to make it.
import { describe, expect, it } from "vitest";
import { findIdentifiers, findIdentifiersPlainly } from "./identifier-detector.js";
import type { IdentifierKind } from "./identifiers.js";
import { seededRandom } from "./testing.js";

/** mulberry32: the same texts every run, so a failure can be replayed from its seed. */

// Pieces of what the detector looks for, and of what it must not be fooled by, glued at random.
const PIECES = [
  ..."0123456789".split(""),
  "943",
  "476",
  "5919",
  "9434765919",
  "999 123 4578",
  "010180",
  "3200000001",
  "07700",
  "900123",
  "020",
  "+44",
  "+",
  "(0)",
  "(",
  ")",
  "0044",
  " ",
  "  ",
  "\u00a0",
  "\t",
  "\n",
  "-",
  "\u2013",
  "\u2010",
  "/",
  ".",
  ",",
  ":",
  "#",
  "=",
  "@",
  "a@b.co",
  "nhs.uk",
  "DOB",
  "dob",
  "D.O.B.",
  "date of birth",
  "Birth date",
  "born on",
  "Born",
  "MRN",
  "mrn:",
  "hospital number",
  "Hosp. no.",
  "unit #",
  "medical record no",
  "March",
  "sept.",
  "Dec",
  "of",
  "1st",
  "2nd",
  "th",
  "SW1A",
  "1AA",
  "GIR",
  "0AA",
  "B33",
  "8TH",
  "EC1A",
  "LS1",
  "4DY",
  "RX",
  "A",
  "z",
  "Q",
  "x",
  "the",
  "patient",
  "\u0000",
  "\ud800",
  "\udfff",
  "\ud83d\ude00",
];

function text(r: () => number, pieces: number): string {
  let out = "";
  for (let i = 0; i < pieces; i++) out += PIECES[Math.floor(r() * PIECES.length)];
  return out;
}

describe("the fast scan finds what the straightforward scan finds", () => {
  it("on 4,000 random texts of glued pieces, with every kind found somewhere", () => {
    const r = seededRandom(28);
    const kinds = new Set<IdentifierKind>();
    let findings = 0;
    for (let i = 0; i < 4000; i++) {
      const t = text(r, 20 + Math.floor(r() * 200));
      const options = i % 5 === 0 ? { ownEmail: "a@b.co", ownPhone: "07700 900123" } : {};
      const fast = findIdentifiers(t, options);
      expect(fast, `text ${i}: ${JSON.stringify(t)}`).toEqual(findIdentifiersPlainly(t, options));
      for (const f of fast) kinds.add(f.kind);
      findings += fast.length;
    }
    // The texts reach every kind, so the comparison covers each way a finding is made.
    expect([...kinds].sort()).toEqual(
      [
        "chi-number",
        "date-of-birth",
        "email",
        "hc-number",
        "hospital-number",
        "nhs-number",
        "nhs-test-number",
        "phone",
        "postcode",
      ].sort(),
    );
    expect(findings).toBeGreaterThan(1000);
  });

  it.each([
    ["a postcode and a hospital number on the same characters", "MRN AB12DD x"],
    ["a date of birth inside a long number cluster", "DOB 01-02-1980 1234 5"],
    ["a label date straight after a cluster", "0123456789 DOB: 12/03/1980"],
    ["an inward code at the end of a number cluster", "SW11 1AA and A11AA"],
    ["a month first", "born on March 12th, 1980 and date of birth sept. 3, 1975"],
    ["labels far apart and near", "hospital   number : RX12345/ and d.o.b.-   1/2/80"],
  ])("%s", (_name, t) => {
    expect(findIdentifiers(t)).toEqual(findIdentifiersPlainly(t));
    expect(findIdentifiers(t).length).toBeGreaterThan(0);
  });
});

describe("1 MB built to make an expression backtrack is scanned in linear time", () => {
  const MB = 1_000_000;
  const fill = (unit: string) => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);
  // CPU time, not the wall clock: the test machine runs many suites at once, and what is measured
  // is the scan's own work. Quadratic work on a megabyte takes minutes, so 2 s separates the two.
  const LIMIT_MS = 2000;

  it.each([
    ["digits", fill("7")],
    ["digits and single spaces", fill("1 ")],
    ["digits and three separators", fill("0 -(")],
    ["digits and four separators (no cluster)", fill("0 - -")],
    ["hyphenated digits", fill("12-")],
    ["3-3-4 groups that fail the check", fill("123 456 7890 ")],
    ["ten-digit runs glued by decimal points", fill("9434765919.")],
    ["a birth label and no date", fill("DOB ")],
    ["a birth label and half a date", fill("DOB: 12/")],
    ["date of birth and a month, no year", fill("date of birth 12 March ")],
    ["born on and spaces", fill("born on   ")],
    ["hospital labels and no value", fill("hospital number: ")],
    ["a hospital label and a value cut short", fill("MRN A1")],
    ["postcode prefixes", fill("SW1A ")],
    ["outward codes with an inward digit", fill("A1 1")],
    ["inward codes without an outward code", fill(" 1AA")],
    ["ordinals", fill("1st ")],
    ["@", fill("@")],
    ["local parts and @", fill("a.b@")],
    ["domains without a dot", fill("a@b-")],
    ["+44 runs", fill("+44")],
    ["+44 and spaces", fill("+44 ")],
    ["(0) runs", fill("(0)")],
    ["0044 and digits", fill("0044 7")],
    ["alternating digits and labels", fill("1DOB1MRN1")],
    ["alternating digits, spaces and letters", fill("1 a 1 A 1 ")],
    ["NUL and lone surrogates", fill("\u0000\ud8009\udfff")],
  ])("1 MB of %s", (_name, t) => {
    expect(t.length).toBe(MB);
    const before = process.cpuUsage();
    const found = findIdentifiers(t);
    const used = process.cpuUsage(before);
    expect(Array.isArray(found)).toBe(true);
    expect((used.user + used.system) / 1000).toBeLessThan(LIMIT_MS);
  });
});
