// The detector's tables (REQ-IDENT-01..03). Check digits are computed here by a separate small
// implementation (a reduce over the digits, and Luhn read from the right), from random prefixes of a
// seeded generator: no number is copied from a list.
import { Value } from "@sinclair/typebox/value";
import { describe, expect, it } from "vitest";
import { findIdentifiers } from "./identifier-detector.js";
import {
  IDENTIFIER_MESSAGES,
  IdentifierFinding,
  type IdentifierKind,
  type IdentifierOptions,
} from "./identifiers.js";
import { seededRandom } from "./testing.js";

/** mulberry32: the same numbers every run, so a failure can be replayed. */
const rnd = seededRandom(20261127);
const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
const digitsOf = (n: number, width: number) => String(n).padStart(width, "0");

/** The modulus 11 check digit of nine digits, or null where it would be 10. */
function mod11Check(nine: string): number | null {
  const total = [...nine].reduce((acc, d, i) => acc + Number(d) * (10 - i), 0);
  const check = 11 - (total % 11);
  if (check === 10) return null;
  return check === 11 ? 0 : check;
}
/** Luhn, read from the right: every second digit from the check digit's left neighbour doubled. */
function luhnValid(ten: string): boolean {
  let total = 0;
  [...ten].reverse().forEach((d, i) => {
    const v = Number(d) * (i % 2 === 1 ? 2 : 1);
    total += v > 9 ? v - 9 : v;
  });
  return total % 10 === 0;
}
const luhnCheck = (nine: string) => [...Array(10).keys()].find((d) => luhnValid(`${nine}${d}`)) as number;
const mod11Valid = (ten: string) => mod11Check(ten.slice(0, 9)) === Number(ten[9]);
function realDate(ddmmyy: string): boolean {
  const [d, m, y] = [ddmmyy.slice(0, 2), ddmmyy.slice(2, 4), ddmmyy.slice(4, 6)].map(Number) as number[];
  const date = new Date(Date.UTC(2000 + (y as number), (m as number) - 1, d));
  return date.getUTCDate() === d && date.getUTCMonth() === (m as number) - 1;
}

/** Nine-digit prefixes from [lo, hi], each with its computed modulus 11 check (10 skipped). */
function validPrefixes(lo: number, hi: number, count: number): { nine: string; check: number }[] {
  const out: { nine: string; check: number }[] = [];
  while (out.length < count) {
    const nine = digitsOf(int(lo, hi), 9);
    const check = mod11Check(nine);
    if (check !== null) out.push({ nine, check });
  }
  return out;
}
const wrongDigit = (check: number) => (check + int(1, 9)) % 10;
const spaced = (ten: string, sep: string) =>
  `${ten.slice(0, 3)}${sep}${ten.slice(3, 6)}${sep}${ten.slice(6)}`;
function randomDate(): string {
  for (;;) {
    const dd = digitsOf(int(1, 31), 2) + digitsOf(int(1, 12), 2) + digitsOf(int(0, 99), 2);
    if (realDate(dd)) return dd;
  }
}

const scan = (text: string, options?: IdentifierOptions) =>
  findIdentifiers(text, options).map((f) => ({ kind: f.kind, text: text.slice(f.start, f.end) }));
const kindsIn = (text: string, options?: IdentifierOptions) => scan(text, options).map((f) => f.kind);

describe("NHS numbers (modulus 11)", () => {
  // Issued numbers start 4, 6 or 7: never a DDMMYY date, so never read as CHI.
  const cases = [
    ...validPrefixes(400_000_000, 499_999_999, 40),
    ...validPrefixes(600_000_000, 799_999_999, 40),
  ];

  it.each(cases)(
    "$nine with check $check is found plain, 3-3-4 with spaces, hyphens or no-break spaces",
    ({ nine, check }) => {
      const ten = `${nine}${check}`;
      for (const written of [ten, spaced(ten, " "), spaced(ten, "-"), spaced(ten, "\u00a0")]) {
        expect(scan(`Patient ${written} seen today.`)).toEqual([{ kind: "nhs-number", text: written }]);
      }
    },
  );

  it.each(cases)("$nine with any other last digit is not flagged", ({ nine, check }) => {
    const ten = `${nine}${wrongDigit(check)}`;
    expect(mod11Valid(ten)).toBe(false);
    expect(findIdentifiers(`Patient ${ten} and ${spaced(ten, " ")}`)).toEqual([]);
  });

  it("a prefix whose check would be 10 has no valid number at all", () => {
    let nine = "";
    while (!nine) {
      const candidate = digitsOf(int(400_000_000, 499_999_999), 9);
      if (mod11Check(candidate) === null) nine = candidate;
    }
    for (let d = 0; d <= 9; d++) expect(findIdentifiers(`${nine}${d}`)).toEqual([]);
  });

  it("reports the NHS number's own reason and the identifier severity", () => {
    const { nine, check } = validPrefixes(400_000_000, 499_999_999, 1)[0] as { nine: string; check: number };
    const [f] = findIdentifiers(`${nine}${check}`);
    expect(f).toMatchObject({ severity: "identifier", reason: IDENTIFIER_MESSAGES["nhs-number"] });
    expect(Value.Check(IdentifierFinding, f)).toBe(true);
  });
});

describe("the NHS test range 999 000 0000 to 999 999 9999", () => {
  it.each(validPrefixes(999_000_000, 999_999_999, 30))(
    "999 $nine is a test number with its own wording",
    ({ nine, check }) => {
      const ten = `${nine}${check}`;
      const [f, ...rest] = findIdentifiers(`Demo patient ${spaced(ten, " ")}`);
      expect(rest).toEqual([]);
      expect(f).toMatchObject({ kind: "nhs-test-number", severity: "identifier" });
      expect(f?.reason).toBe(IDENTIFIER_MESSAGES["nhs-test-number"]);
      expect(f?.reason).not.toBe(IDENTIFIER_MESSAGES["nhs-number"]);
      expect(findIdentifiers(`${nine}${wrongDigit(check)}`)).toEqual([]);
    },
  );

  it("the numbers either side of the range are not test numbers", () => {
    const below = validPrefixes(998_000_000, 998_999_999, 5);
    for (const { nine, check } of below) expect(kindsIn(`${nine}${check}`)).toEqual(["nhs-number"]);
  });
});

describe("Northern Ireland Health and Care numbers", () => {
  const cases = validPrefixes(320_000_000, 399_999_999, 40);
  it.each(cases)(
    "$nine with check $check is an H&C number; any other check is nothing",
    ({ nine, check }) => {
      const ten = `${nine}${check}`;
      expect(scan(`H&C ${spaced(ten, "-")}`)).toEqual([{ kind: "hc-number", text: spaced(ten, "-") }]);
      expect(kindsIn(ten)).toEqual(["hc-number"]);
      expect(findIdentifiers(`${nine}${wrongDigit(check)}`)).toEqual([]);
    },
  );

  it("3200000000 is below the range: at most an NHS number, never H&C", () => {
    expect(kindsIn("3200000000")).not.toContain("hc-number");
  });
});

describe("Scottish CHI numbers", () => {
  const cases = [...Array(40)].map(() => `${randomDate()}${digitsOf(int(0, 999), 3)}`);

  it.each(cases)("%s: the modulus 11 check digit makes a CHI number", (nine) => {
    const check = mod11Check(nine);
    if (check === null) return expect(mod11Check(nine)).toBeNull();
    const ten = `${nine}${check}`;
    expect(scan(`CHI ${ten}`)).toEqual([{ kind: "chi-number", text: ten }]);
    // CHI is also written as the date of birth, then four digits.
    const dated = `${ten.slice(0, 6)} ${ten.slice(6)}`;
    expect(scan(`CHI ${dated}`)).toEqual([{ kind: "chi-number", text: dated }]);
  });

  it.each(cases)("%s: the modulus 10 (Luhn) check digit makes a CHI number", (nine) => {
    const ten = `${nine}${luhnCheck(nine)}`;
    expect(luhnValid(ten)).toBe(true);
    expect(scan(`Scottish patient ${ten}.`)).toEqual([{ kind: "chi-number", text: ten }]);
  });

  it.each(cases)("%s: a digit passing neither check is nothing", (nine) => {
    const bad = [...Array(10).keys()].filter((d) => {
      const ten = `${nine}${d}`;
      return !luhnValid(ten) && !mod11Valid(ten);
    });
    expect(bad.length).toBeGreaterThan(0);
    for (const d of bad)
      expect(findIdentifiers(`${nine}${d} and ${nine.slice(0, 6)} ${nine.slice(6)}${d}`)).toEqual([]);
  });

  it("a modulus 10 number whose first six digits are no date is not flagged", () => {
    let found = 0;
    while (found < 20) {
      const nine = `${digitsOf(int(32, 99), 2)}${digitsOf(int(0, 9_999_999), 7)}`;
      const ten = `${nine}${luhnCheck(nine)}`;
      if (mod11Valid(ten) || realDate(ten)) continue;
      found++;
      expect(findIdentifiers(ten)).toEqual([]);
    }
  });

  it("29 February is a date only in a year divisible by 4", () => {
    const leap = "290204123";
    const plain = "290203123";
    expect(kindsIn(`${leap}${luhnCheck(leap)}`)).toEqual(["chi-number"]);
    const ten = `${plain}${luhnCheck(plain)}`;
    expect(kindsIn(ten)).toEqual(mod11Valid(ten) ? ["nhs-number"] : []);
  });
});

describe("ten-digit numbers failing every check, and other false friends", () => {
  it("random ten-digit numbers that pass no check are never flagged", () => {
    let tried = 0;
    while (tried < 300) {
      const ten = digitsOf(int(0, 9_999_999_999), 10);
      const chi = realDate(ten) && (luhnValid(ten) || mod11Valid(ten));
      if (mod11Valid(ten) || chi) continue;
      tried++;
      expect(findIdentifiers(`Order ${ten}, ref ${spaced(ten, " ")}`)).toEqual([]);
    }
  });

  it("phone numbers are phone numbers (to check), never NHS numbers", () => {
    for (const phone of [
      "07700 900123",
      "07700900123",
      "020 7946 0958",
      "+44 7700 900123",
      "+44 (0)20 7946 0958",
      "(0161) 496 0000",
      "0044 20 7946 0958",
    ]) {
      expect(scan(`Call ${phone} today`)).toEqual([{ kind: "phone", text: phone }]);
    }
    // A US number is 3-3-4 like an NHS number: after its +1 it is never read as one.
    const { nine, check } = validPrefixes(400_000_000, 499_999_999, 1)[0] as { nine: string; check: number };
    expect(kindsIn(`+1 ${spaced(`${nine}${check}`, " ")}`)).toEqual([]);
  });

  it("dates, times, amounts and short or long digit runs are not flagged", () => {
    for (const text of [
      "Seen 12/03/2024 at 14:30",
      "2024-03-12",
      "£1,234,567.89",
      "Ward 12, bed 4",
      "Order 12345",
      "1 2 3 4 5 6 7 8 9 0",
    ]) {
      expect(findIdentifiers(text)).toEqual([]);
    }
  });

  it("digits inside a longer run, or glued by a decimal point, are not matched", () => {
    const { nine, check } = validPrefixes(400_000_000, 499_999_999, 1)[0] as { nine: string; check: number };
    const ten = `${nine}${check}`;
    for (const text of [
      `1${ten}`,
      `${ten}7`,
      `${ten}${ten}`,
      `3.${ten}`,
      `${ten},5`,
      `${spaced(ten, " ")}1`,
      `1${spaced(ten, " ")}`,
    ]) {
      expect(kindsIn(text)).not.toContain("nhs-number");
    }
    // Next to other numbers with a space, it is still found: "bed 4 943 ...".
    expect(kindsIn(`bed 4 ${spaced(ten, " ")}`)).toEqual(["nhs-number"]);
    expect(kindsIn(`bed 4 ${ten} 12`)).toEqual(["nhs-number"]);
  });
});

describe("positions", () => {
  it("are UTF-16 offsets, right after emoji and other astral characters", () => {
    const { nine, check } = validPrefixes(600_000_000, 799_999_999, 1)[0] as { nine: string; check: number };
    const written = spaced(`${nine}${check}`, " ");
    const text = `😀👩🏽‍⚕️ 𝔸 Patient ${written} — e-mail 😀x@example.org`;
    const [nhs, mail] = findIdentifiers(text);
    expect(nhs).toMatchObject({
      kind: "nhs-number",
      start: text.indexOf(written),
      end: text.indexOf(written) + 12,
    });
    expect(mail).toMatchObject({ kind: "email", start: text.indexOf("x@") });
    expect(text.slice(mail?.start, mail?.end)).toBe("x@example.org");
  });

  it("are unaffected by NUL bytes and lone surrogates around the number", () => {
    const { nine, check } = validPrefixes(400_000_000, 499_999_999, 1)[0] as { nine: string; check: number };
    const text = `\u0000\uD800${nine}${check}\uDC00\u0000`;
    expect(findIdentifiers(text)).toMatchObject([{ kind: "nhs-number", start: 2, end: 12 }]);
  });
});

// The rich-text editor reads each paragraph and line break as "\n" and redacts a flag as one
// range: a finding across a line break would take the break with it.
it("never span a line break: each kind split over two lines is not flagged", () => {
  const { nine, check } = validPrefixes(400_000_000, 499_999_999, 1)[0] as { nine: string; check: number };
  const nhs = `${nine}${check}`;
  const split = [
    `${nhs.slice(0, 3)} ${nhs.slice(3, 6)}\n${nhs.slice(6)}`,
    "DOB:\n12/03/1948",
    "SW1A\n1AA",
    "MRN:\nRX12345",
    "020 7946\n0958",
  ];
  for (const text of split) expect(findIdentifiers(text), JSON.stringify(text)).toEqual([]);
  // Whole on one line, each is found (so the split is what stops it).
  for (const text of split) expect(findIdentifiers(text.replace("\n", " ")).length, text).toBeGreaterThan(0);
});

describe("near-identifiers (check this)", () => {
  const check = (text: string, kind: IdentifierKind, found: string, options?: IdentifierOptions) => {
    const findings = findIdentifiers(text, options);
    expect(
      findings.map((f) => ({ kind: f.kind, text: text.slice(f.start, f.end), severity: f.severity })),
    ).toEqual([{ kind, text: found, severity: "check" }]);
  };

  it.each([
    "SW1A 1AA",
    "M1 1AE",
    "EC1A 1BB",
    "B33 8TH",
    "CR2 6XH",
    "DN55 1PT",
    "W1A 0AX",
    "sw1a 1aa",
    "SW1A1AA",
  ])("a full postcode: %s", (pc) => check(`Lives at ${pc}, near the park`, "postcode", pc));

  it("not a postcode: an outward code alone, a ward and floor, a longer code", () => {
    for (const text of [
      "Lives in SW1A",
      "Ward B1 1st floor",
      "Ward C2 2nd bay",
      "Bay B33 8th bed",
      "ABC1 2DEF",
      "Covid19 test",
    ]) {
      expect(findIdentifiers(text)).toEqual([]);
    }
  });

  it.each([
    ["DOB: 12/03/1980", "12/03/1980"],
    ["D.O.B. 1.3.80", "1.3.80"],
    ["dob 1980-03-12", "1980-03-12"],
    ["date of birth 3rd March 1975", "3rd March 1975"],
    ["Born on 12 Mar 1980", "12 Mar 1980"],
    ["born March 12, 1980", "March 12, 1980"],
    ["birth date - 07-11-2001", "07-11-2001"],
  ])("a full date of birth after its label: %s", (text, date) =>
    check(`Patient, ${text}.`, "date-of-birth", date),
  );

  it("a date without a birth label, or a month and year only, is not flagged", () => {
    for (const text of ["Seen on 12/03/1980", "born in March 1980", "DOB 32/13/1980", "unborn 12/03/2020"]) {
      expect(findIdentifiers(text)).toEqual([]);
    }
  });

  it.each([
    ["MRN: A123456", "A123456"],
    ["mrn 00123456", "00123456"],
    ["Hospital number 1234567", "1234567"],
    ["hosp. no. RX12345", "RX12345"],
    ["Unit No: K123456-", "K123456"],
    ["medical record number #998877", "998877"],
  ])("a hospital number after its label: %s", (text, value) =>
    check(`${text} today`, "hospital-number", value),
  );

  it("a label without a number, or with too short a one, is not flagged", () => {
    for (const text of ["The MRN was wrong", "unit number 12", "Hospital number unknown"]) {
      expect(findIdentifiers(text)).toEqual([]);
    }
  });

  it("an NHS number after an MRN label is reported once, as the identifier", () => {
    const { nine, check: c } = validPrefixes(400_000_000, 499_999_999, 1)[0] as {
      nine: string;
      check: number;
    };
    expect(kindsIn(`MRN: ${nine}${c}`)).toEqual(["nhs-number"]);
  });

  it("an e-mail address, unless it is the writer's own", () => {
    check("Wrote to jane.doe+ward@nhs.net.", "email", "jane.doe+ward@nhs.net");
    expect(findIdentifiers("Me: Me@Example.org", { ownEmail: "me@example.org" })).toEqual([]);
    check("me@example.org and you@example.org", "email", "you@example.org", {
      ownEmail: ["other@x.org", "me@example.org"],
    });
    for (const text of ["@home", "a@b", "x@y.c", "user@localhost", "@@@"])
      expect(findIdentifiers(text)).toEqual([]);
  });

  it("a UK phone number, unless it is the writer's own however written", () => {
    check("Text 07700 900 123 please", "phone", "07700 900 123");
    expect(findIdentifiers("Text +44 7700 900123", { ownPhone: "07700900123" })).toEqual([]);
    expect(findIdentifiers("Text 07700-900-123", { ownPhone: "+44 (0)7700 900 123" })).toEqual([]);
    check("Text 07700 900124", "phone", "07700 900124", { ownPhone: "07700 900123" });
  });
});

describe("hostile text is scanned in linear time", () => {
  const MB = 1_000_000;
  // CPU time, not the wall clock: the test machine runs many suites at once, and what is measured
  // is the scan's own work (quadratic work on 1 MB would take minutes either way).
  const timed = (text: string) => {
    const before = process.cpuUsage();
    findIdentifiers(text);
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000;
  };

  it("1 MB of mixed digits and spaces in well under a second", () => {
    const r = seededRandom(7);
    const text = Array.from({ length: MB }, () => (r() < 0.3 ? " " : String(Math.floor(r() * 10)))).join("");
    expect(text.length).toBe(MB);
    expect(timed(text)).toBeLessThan(1000);
  });

  it.each([
    ["digits", "7".repeat(MB)],
    ["zeros and spaces", "0 ".repeat(MB / 2)],
    ["valid-looking groups", "943 476 5919 ".repeat(MB / 13)],
    ["letters before no @", `${"a".repeat(MB)}@`],
    ["@ and domain characters", "a@b.".repeat(MB / 4)],
    ["labels and spaces", `DOB${" ".repeat(MB)}MRN${" ".repeat(MB)}`],
    ["repeated labels", "born on 1/1/1 MRN: A ".repeat(MB / 20)],
    ["postcode halves", "SW1A".repeat(MB / 4)],
    ["NUL and lone surrogates", "\u0000\uD800\uDC00\uDFFF9".repeat(MB / 5)],
  ])("1 MB of %s", (_name, text) => {
    expect(timed(text)).toBeLessThan(1000);
  });
});
