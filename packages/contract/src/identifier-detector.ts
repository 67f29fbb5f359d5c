// The patient-identifier detector (REQ-IDENT-01..05, ADR 0029): one pure function the SPA and the
// server share. It scans by hand over UTF-16 code units, and its few regular expressions use only
// bounded quantifiers after a literal label, so any text (NUL, lone surrogates, a megabyte of
// digits) is scanned in linear time. The kinds, wording and schemas are in identifiers.ts.
import {
  IDENTIFIER_MESSAGES,
  type IdentifierFinding,
  type IdentifierKind,
  type IdentifierOptions,
  type IdentifierSeverity,
} from "./identifiers.js";

const SEVERITY: Record<IdentifierKind, IdentifierSeverity> = {
  "nhs-number": "identifier",
  "nhs-test-number": "identifier",
  "hc-number": "identifier",
  "chi-number": "identifier",
  postcode: "check",
  "date-of-birth": "check",
  "hospital-number": "check",
  email: "check",
  phone: "check",
};

// ---- check digits -------------------------------------------------------------------------

/** NHS modulus 11 (also H&C and CHI): weights 10..2, check = 11 - sum mod 11, 11 -> 0, 10 -> invalid. */
export function passesModulus11(digits: string): boolean {
  return isTenDigits(digits) && modulus11(digits);
}

/** Ten ASCII digits and nothing else (no expression: it is asked of every candidate number). */
function isTenDigits(s: string): boolean {
  if (s.length !== 10) return false;
  for (let i = 0; i < 10; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

function modulus11(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (digits.charCodeAt(i) - 48) * (10 - i);
  const check = (11 - (sum % 11)) % 11;
  return check !== 10 && check === digits.charCodeAt(9) - 48;
}

/**
 * The CHI modulus 10 check, for numbers issued once a date's modulus 11 numbers run out: Luhn over
 * the ten digits (the 9th, 7th, 5th, 3rd and 1st doubled, less 9 above 9; check = 10 - sum mod 10,
 * 10 -> 0), as Public Health Scotland's published CHI check describes it (ADR 0029, Sources).
 */
export function passesChiModulus10(digits: string): boolean {
  return isTenDigits(digits) && modulus10(digits);
}

function modulus10(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let d = digits.charCodeAt(i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10 === digits.charCodeAt(9) - 48;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const twoDigits = (s: string, i: number) => (s.charCodeAt(i) - 48) * 10 + s.charCodeAt(i + 1) - 48;

/** DDMMYY at the start is a real date (29 February only in a year divisible by 4: 1900 cannot be told from 2000). */
function startsWithDate(digits: string): boolean {
  const day = twoDigits(digits, 0);
  const month = twoDigits(digits, 2);
  const year = twoDigits(digits, 4);
  if (month < 1 || month > 12 || day < 1) return false;
  if (month === 2 && day === 29) return year % 4 === 0;
  return day <= (DAYS_IN_MONTH[month - 1] ?? 0);
}

const NHS_TEST_FIRST = 9_990_000_000;
const HC_FIRST = 3_200_000_001;
const HC_LAST = 3_999_999_999;

/** What a ten-digit number is, or null when it passes no check. `chiOnly`: written DDMMYY NNNN. */
export function classifyTenDigits(digits: string, chiOnly = false): IdentifierKind | null {
  if (!isTenDigits(digits)) return null;
  const mod11 = modulus11(digits);
  const dated = startsWithDate(digits);
  if (chiOnly) return dated && (mod11 || modulus10(digits)) ? "chi-number" : null;
  const value = Number(digits);
  if (mod11 && value >= NHS_TEST_FIRST) return "nhs-test-number";
  if (mod11 && value >= HC_FIRST && value <= HC_LAST) return "hc-number";
  if (dated && (mod11 || modulus10(digits))) return "chi-number";
  return mod11 ? "nhs-number" : null;
}

// ---- numbers: groups of digits ------------------------------------------------------------

const isDigit = (c: number) => c >= 48 && c <= 57;
/** Separators inside a written number: space, no-break space, hyphen and the Unicode dashes. */
const isGroupSeparator = (c: number) =>
  c === 0x20 || c === 0xa0 || c === 0x2d || c === 0x2010 || c === 0x2011 || c === 0x2013;
const isParen = (c: number) => c === 0x28 || c === 0x29;

/**
 * The digit runs of one cluster in typed arrays, reused from cluster to cluster and doubled when
 * full: a megabyte of "0 0 0" is half a million runs, too many for an object or array slot each.
 */
interface Groups {
  start: Int32Array;
  end: Int32Array;
  /** 1: exactly one group separator joins the run to the one before it. */
  plain: Uint8Array;
  count: number;
}
function addRun(g: Groups, start: number, end: number, plain: boolean) {
  if (g.count === g.start.length) {
    const size = g.start.length * 2;
    const grow = <T extends Int32Array | Uint8Array>(a: T, b: T) => {
      b.set(a);
      return b;
    };
    g.start = grow(g.start, new Int32Array(size));
    g.end = grow(g.end, new Int32Array(size));
    g.plain = grow(g.plain, new Uint8Array(size));
  }
  g.start[g.count] = start;
  g.end[g.count] = end;
  g.plain[g.count] = plain ? 1 : 0;
  g.count++;
}
const runLength = (g: Groups, x: number) => (g.end[x] as number) - (g.start[x] as number);
const runText = (text: string, g: Groups, x: number) => text.slice(g.start[x], g.end[x]);

/** A digit run glued to another by a decimal point or thousands comma ("3.9434765919"). */
function gluedToDigits(text: string, start: number, end: number): boolean {
  const before = text.charCodeAt(start - 1);
  const after = text.charCodeAt(end);
  return (
    ((before === 0x2e || before === 0x2c) && isDigit(text.charCodeAt(start - 2))) ||
    ((after === 0x2e || after === 0x2c) && isDigit(text.charCodeAt(end + 1)))
  );
}

/** A UK number's digits start 0 and an area or mobile digit, 44, or 0044 (d has 4 digits or more). */
function phoneStart(d: string): boolean {
  const a = d.charCodeAt(0);
  const b = d.charCodeAt(1);
  if (a === 52) return b === 52;
  if (a !== 48) return false;
  if (b === 48) return d.charCodeAt(2) === 52 && d.charCodeAt(3) === 52;
  return b !== 52 && b !== 53 && b !== 54;
}
/** 0044 and ten digits. */
const PHONE_DIGITS_MAX = 14;

/** An area or mobile code's first digit: 1-3 or 7-9. */
const isAreaDigit = (c: number) => (c >= 49 && c <= 51) || (c >= 55 && c <= 57);

/** National UK digits (0 and ten more) of a written number, or null: +44, (0) and 0044 are allowed. */
function ukPhoneDigits(raw: string): string | null {
  let d = raw;
  if (d.startsWith("0044")) d = d.slice(4);
  else if (d.startsWith("44") && raw.length > 11) d = d.slice(2);
  if (d.length === 11 && d.startsWith("0")) return isAreaDigit(d.charCodeAt(1)) ? d : null;
  if (d.length === 10 && !d.startsWith("0") && raw !== d)
    return isAreaDigit(d.charCodeAt(0)) ? `0${d}` : null;
  return null;
}

/** The national digits of a phone number as written anywhere (an option), or the raw digits. */
const normalisePhone = (s: string) => {
  const digits = s.replace(/[^0-9]/g, "");
  return ukPhoneDigits(digits) ?? digits;
};

/**
 * One cluster from its first digit `i`: digit runs joined by up to three separator or bracket
 * characters, judged as identifiers and phone numbers. Returns the end of its last run.
 */
function scanCluster(
  text: string,
  i: number,
  g: Groups,
  ownPhones: ReadonlySet<string>,
  push: (kind: IdentifierKind, start: number, end: number) => void,
): number {
  const n = text.length;
  // A "+" or "(" just before the cluster starts a phone number written "+44 ..." or "(020) ...".
  const before = text.charCodeAt(i - 1);
  const plus = before === 0x2b;
  const prefixAt = plus || before === 0x28 ? i - 1 : -1;
  g.count = 0;
  let j = i;
  let plain = false;
  let digits = 0;
  for (;;) {
    const start = j;
    while (j < n && isDigit(text.charCodeAt(j))) j++;
    addRun(g, start, j, plain);
    digits += j - start;
    let k = j;
    while (k < n && k - j < 3 && (isGroupSeparator(text.charCodeAt(k)) || isParen(text.charCodeAt(k)))) k++;
    if (k === j || k >= n || !isDigit(text.charCodeAt(k))) break;
    plain = k - j === 1 && isGroupSeparator(text.charCodeAt(j));
    j = k;
  }
  // Every number of any kind has ten digits or more (most clusters are a date, a dose or a time).
  if (digits < 10) return j;
  identifierWindows(text, g, plus, push);
  phoneWindows(text, g, prefixAt, ownPhones, push);
  return j;
}

/** The first digit of the cluster holding the digit at `s`: the same joins as scanCluster, read backwards. */
function clusterStart(text: string, s: number): number {
  let p = s;
  while (p > 0 && isDigit(text.charCodeAt(p - 1))) p--;
  for (;;) {
    let k = p;
    while (
      k > 0 &&
      p - k < 3 &&
      (isGroupSeparator(text.charCodeAt(k - 1)) || isParen(text.charCodeAt(k - 1)))
    )
      k--;
    if (k === p || k === 0 || !isDigit(text.charCodeAt(k - 1))) return p;
    p = k - 1;
    while (p > 0 && isDigit(text.charCodeAt(p - 1))) p--;
  }
}

const newGroups = (): Groups => ({
  start: new Int32Array(16),
  end: new Int32Array(16),
  plain: new Uint8Array(16),
  count: 0,
});
/** Reused from call to call (the scan is synchronous); given back when a huge cluster grew it. */
let sharedGroups = newGroups();
function groups(): Groups {
  if (sharedGroups.start.length > 4096) sharedGroups = newGroups();
  return sharedGroups;
}

/** Ten digits plain, 3-3-4, or (CHI only) 6-4, each group a whole digit run not glued to others. */
function identifierWindows(
  text: string,
  g: Groups,
  plus: boolean,
  push: (kind: IdentifierKind, start: number, end: number) => void,
) {
  for (let s = 0; s < g.count; s++) {
    // A number after an international prefix (+1 415 555 2671) is a phone number.
    if (plus && s > 0) break;
    const a = runLength(g, s);
    let kind: IdentifierKind | null = null;
    let last = s;
    if (a === 10) {
      kind = classifyTenDigits(runText(text, g, s));
    } else if (
      a === 3 &&
      s + 2 < g.count &&
      g.plain[s + 1] === 1 &&
      g.plain[s + 2] === 1 &&
      runLength(g, s + 1) === 3 &&
      runLength(g, s + 2) === 4
    ) {
      last = s + 2;
      kind = classifyTenDigits(runText(text, g, s) + runText(text, g, s + 1) + runText(text, g, s + 2));
    } else if (a === 6 && s + 1 < g.count && g.plain[s + 1] === 1 && runLength(g, s + 1) === 4) {
      last = s + 1;
      kind = classifyTenDigits(runText(text, g, s) + runText(text, g, s + 1), true);
    }
    const start = g.start[s] as number;
    const end = g.end[last] as number;
    if (
      kind &&
      !gluedToDigits(text, start, g.end[s] as number) &&
      !gluedToDigits(text, g.start[last] as number, end)
    )
      push(kind, start, end);
  }
}

/** The digits of runs from..to (inclusive), at most `max` of them. */
function digitsOf(text: string, g: Groups, from: number, to: number, max = PHONE_DIGITS_MAX + 1): string {
  let d = "";
  for (let x = from; x <= to && x < g.count && d.length < max; x++) d += runText(text, g, x);
  return d.slice(0, max);
}

/** UK numbers: 0 and ten digits, or +44 / 0044 and ten, however they are grouped. */
function phoneWindows(
  text: string,
  g: Groups,
  prefixAt: number,
  ownPhones: ReadonlySet<string>,
  push: (kind: IdentifierKind, start: number, end: number) => void,
) {
  for (let s = 0; s < g.count; s++) {
    // Only 0 (national) or 4 (44, with or without its +) can start one: most runs are passed by
    // after a look at their first four digits.
    const first = text.charCodeAt(g.start[s] as number);
    if (first !== 48 && first !== 52) continue;
    const head = digitsOf(text, g, s, s + 3, 4);
    if (head.length < 4 || !phoneStart(head)) continue;
    let count = 0;
    for (let e = s; e < g.count; e++) {
      count += runLength(g, e);
      if (count > PHONE_DIGITS_MAX) break;
      if (count < 11) continue;
      const digits = digitsOf(text, g, s, e);
      const national = ukPhoneDigits(digits);
      // The number ends with a run: with the next one it would be no UK number.
      if (national && (e + 1 >= g.count || ukPhoneDigits(digits + runText(text, g, e + 1)) === null)) {
        if (!ownPhones.has(national))
          push("phone", s === 0 && prefixAt >= 0 ? prefixAt : (g.start[s] as number), g.end[e] as number);
        s = e;
        break;
      }
    }
  }
}

// ---- e-mail addresses ----------------------------------------------------------------------

const LOCAL_MAX = 64;
const DOMAIN_MAX = 253;
const isLocalChar = (c: number) =>
  (c >= 48 && c <= 57) ||
  (c >= 65 && c <= 90) ||
  (c >= 97 && c <= 122) ||
  c === 0x2e ||
  c === 0x5f ||
  c === 0x25 ||
  c === 0x2b ||
  c === 0x2d;
const isDomainChar = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 0x2e || c === 0x2d;

/** Each "@" looks at most 64 characters back and 253 on: linear whatever the text. */
function scanEmails(
  text: string,
  ownEmails: ReadonlySet<string>,
  push: (kind: IdentifierKind, start: number, end: number) => void,
) {
  let at = text.indexOf("@");
  while (at !== -1) {
    let start = at;
    while (start > 0 && at - start < LOCAL_MAX && isLocalChar(text.charCodeAt(start - 1))) start--;
    while (start < at && text.charCodeAt(start) === 0x2e) start++;
    let end = at + 1;
    while (end < text.length && end - at <= DOMAIN_MAX && isDomainChar(text.charCodeAt(end))) end++;
    while (end > at + 1 && (text.charCodeAt(end - 1) === 0x2e || text.charCodeAt(end - 1) === 0x2d)) end--;
    // The domain (at + 1 to end) has a dot after its first character and two or more after its
    // last dot, and no two dots together.
    let dot = -1;
    let doubled = false;
    for (let q = at + 1; q < end; q++) {
      if (text.charCodeAt(q) !== 0x2e) continue;
      if (q === dot + 1) doubled = true;
      dot = q;
    }
    if (start < at && dot > at + 1 && dot < end - 2 && !doubled) {
      if (ownEmails.size === 0 || !ownEmails.has(text.slice(start, end).toLowerCase()))
        push("email", start, end);
    }
    at = text.indexOf("@", at + 1);
  }
}

// ---- labelled and shaped near-identifiers --------------------------------------------------

// Every repetition is bounded and each expression starts at a literal or a bounded class.
const POSTCODE =
  /(?<![A-Za-z0-9])(?:GIR ?0AA|[A-PR-UWYZ](?:[A-HK-Y][0-9][0-9A-Z]?|[0-9][0-9A-HJKPSTUW]?) ?[0-9][ABD-HJLNP-UW-Z]{2})(?![A-Za-z0-9])/gi;
/** "1st", "2nd", "3rd", "4th" in lower case after a ward or bay ("B1 1st floor") are not inward codes ("B33 8TH" is). */
const ORDINAL_END = /[0-9](?:st|nd|rd|th)$/;

const MONTHS =
  "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";
const ORD = "(?:st|nd|rd|th)?";
const GAP = "[ \\t\\u00a0]{1,3}";
const DATE = [
  "[0-9]{1,2}[/.\\-][0-9]{1,2}[/.\\-](?:[0-9]{4}|[0-9]{2})(?![0-9])",
  "[0-9]{4}-[0-9]{2}-[0-9]{2}(?![0-9])",
  `[0-9]{1,2}${ORD}${GAP}(?:of${GAP})?(?:${MONTHS})\\.?,?${GAP}[0-9]{4}(?![0-9])`,
  `(?:${MONTHS})\\.?${GAP}[0-9]{1,2}${ORD},?${GAP}[0-9]{4}(?![0-9])`,
].join("|");
const LEAD = "[ \\t\\u00a0]{0,3}[:=\\-\\u2013]?[ \\t\\u00a0]{0,3}";
const DOB_LABEL = `(?:d\\.?o\\.?b\\.?|date${GAP}of${GAP}birth|birth[ \\t]{0,3}date|born(?:${GAP}on)?)`;
const DATE_OF_BIRTH = new RegExp(`(?<![A-Za-z])${DOB_LABEL}${LEAD}(${DATE})`, "gi");
const HOSPITAL_LABEL =
  "(?:mrn|medical[ \\t]{1,3}record[ \\t]{1,3}(?:number|no\\.?)|(?:hospital|hosp\\.?|unit)[ \\t]{1,3}(?:number|no\\.?|num\\.?|#))";
const HOSPITAL_NUMBER = new RegExp(
  `(?<![A-Za-z])${HOSPITAL_LABEL}[ \\t]{0,3}[:#=\\-\\u2013]?[ \\t]{0,3}([A-Z]{0,4}[0-9][A-Z0-9/-]{2,19})(?![A-Za-z0-9])`,
  "gi",
);

/** A labelled date of birth names a real day and month: DD/MM/YY(YY), YYYY-MM-DD, or a month's name. */
function plausibleDate(date: string): boolean {
  // Its first three numbers (a date has two or three, of at most four digits): length and value.
  const len = [0, 0, 0];
  const value = [0, 0, 0];
  let count = 0;
  for (let i = 0; i < date.length && count < 3; i++) {
    const c = date.charCodeAt(i);
    if (c < 48 || c > 57) continue;
    let v = 0;
    let j = i;
    for (; j < date.length && isDigit(date.charCodeAt(j)); j++) v = v * 10 + date.charCodeAt(j) - 48;
    len[count] = j - i;
    value[count++] = v;
    i = j;
  }
  const [first = 0, second = 0, third = 0] = value;
  if (count < 2) return false;
  if (count === 2) return first >= 1 && first <= 31; // 12 March 1980 / March 12, 1980
  const day = len[0] === 4 ? third : first;
  return day >= 1 && day <= 31 && second >= 1 && second <= 12;
}

type Push = (kind: IdentifierKind, start: number, end: number) => void;

/** A postcode from start to end, unless it ends like an ordinal (ORDINAL_END, without an expression). */
function postcodeAt(text: string, start: number, end: number, push: Push) {
  const s = text.charCodeAt(end - 2);
  const t = text.charCodeAt(end - 1);
  const ordinal =
    isDigit(text.charCodeAt(end - 3)) &&
    ((s === 0x73 && t === 0x74) ||
      (s === 0x6e && t === 0x64) ||
      (s === 0x72 && t === 0x64) ||
      (s === 0x74 && t === 0x68));
  if (!ordinal) push("postcode", start, end);
}
function postcodeFound(m: RegExpExecArray, push: Push) {
  if (!ORDINAL_END.test(m[0])) push("postcode", m.index, m.index + m[0].length);
}
function dateOfBirthFound(m: RegExpExecArray, push: Push) {
  const date = m[1] as string;
  const end = m.index + m[0].length;
  if (plausibleDate(date)) push("date-of-birth", end - date.length, end);
}
function hospitalNumberFound(m: RegExpExecArray, push: Push) {
  const value = m[1] as string;
  let length = value.length;
  // Without the slashes and hyphens it ends with ([/-]+$).
  while (length > 0 && (value.charCodeAt(length - 1) === 0x2f || value.charCodeAt(length - 1) === 0x2d))
    length--;
  const start = m.index + m[0].length - value.length;
  push("hospital-number", start, start + length);
}

// ---- the scan ------------------------------------------------------------------------------

// A finding needs digits or an "@", so one pass of one expression finds the few places worth a
// closer look (with "@" found by indexOf), instead of a pass per kind over every character:
// - the first digit of a cluster of ten digits or more (no fewer can be a number of any kind);
// - the first digit of a date just after a birth label, or of a value just after a hospital-number
//   label (each label is looked for behind the digit only when the digit starts a date or value);
// - a digit and two letters of an inward code (the end of every postcode).
// Every match of the three labelled expressions has its first digit at the start of a cluster,
// within LABEL_REACH characters of its own start, and every postcode ends with its inward code, so
// trying the expressions (sticky) at each possible start near those places, in order, finds what
// a whole-text matchAll finds. The equivalence test compares the two on random texts.
// The places are few (a real text's are mostly findings), so the labels are looked for behind
// every one of them, whichever alternative found it: the alternatives are then in the order that
// costs least per digit (irregexp tries them at every digit): an inward code (one letter looked
// at), ten digits, then the labels behind their cheap one-character filters. The digit scan itself
// is irregexp's loop to the next digit, the one cost that does not shrink (ADR 0031).
const SEPARATOR_CLASS = "[ \\u00a0\\-\\u2010\\u2011\\u2013()]"; // isGroupSeparator or isParen
/**
 * What follows the first digit of a date (DATE): two more numbers, or a gap and a year, "of" or
 * the first three letters of a month.
 */
const DATE_AHEAD =
  "(?=[0-9]?[/.\\-][0-9]{1,2}[/.\\-][0-9]{2}|[0-9]{3}-[0-9]{2}-|[0-9]?(?:st|nd|rd|th)?,?[ \\t\\u00a0]{1,3}(?:[0-9]{4}|of|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))";
// Only the digit is consumed (the rest is looked at ahead or behind), so that test() (no match
// array) says where a place is: lastIndex - 1.
const PLACES = new RegExp(
  "[0-9](?:(?=[ABD-HJLNP-UW-Z]{2}(?![A-Z0-9]))" +
    `|(?<![0-9][0-9])(?:(?=(?:${SEPARATOR_CLASS}{0,3}[0-9]){9})` +
    // Before the first digit of a date or a value: a lead, a label's last letter, or a value's letters.
    `|(?<=[ \\t\\u00a0:#=\\-\\u2013.A-Z][0-9])(?=[0-9/.\\-A-Z, \\t\\u00a0])` +
    `(?:${DATE_AHEAD}(?<=${DOB_LABEL}[ \\t\\u00a0:=\\-\\u2013]{0,7}(?:(?:${MONTHS})\\.?${GAP})?[0-9])` +
    `|(?=[A-Z0-9/-]{2})(?<=${HOSPITAL_LABEL}[ \\t:#=\\-\\u2013]{0,7}[A-Z]{0,4}[0-9]))))`,
  "gi",
);
/** From the start of a labelled match to its first digit: "date of birth" (17), a lead (7), "september." and a gap (13). */
const LABEL_REACH = 37;
const POSTCODE_AT = new RegExp(POSTCODE.source, "iy");
const DATE_OF_BIRTH_AT = new RegExp(DATE_OF_BIRTH.source, "iy");
const HOSPITAL_NUMBER_AT = new RegExp(HOSPITAL_NUMBER.source, "iy");

const isAsciiLetter = (c: number) => (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
/** A letter an inward code may end with, either case: ABD-HJLNP-UW-Z. */
const isInwardLetter = (c: number) => {
  const l = c | 0x20;
  return isAsciiLetter(c) && l !== 0x63 && l !== 0x69 && l !== 0x6b && l !== 0x6d && l !== 0x6f && l !== 0x76;
};
const isInwardAt = (text: string, q: number) =>
  isInwardLetter(text.charCodeAt(q + 1)) &&
  isInwardLetter(text.charCodeAt(q + 2)) &&
  !isAsciiLetter(text.charCodeAt(q + 3)) &&
  !isDigit(text.charCodeAt(q + 3));

/**
 * Whether a label's first letters are at p (`first` lower case): d.o.b (each dot optional), date;
 * birth, born; mrn, medical; hosp; unit. Most words fail here, at no expression's cost.
 */
function labelStartAt(text: string, p: number, first: number): boolean {
  // (No closure here: this runs for many words.)
  const b = text.charCodeAt(p + 1) | 0x20;
  const c = text.charCodeAt(p + 2) | 0x20;
  if (first === 0x64) {
    if (b === 0x61) return c === 0x74; // da(te)
    const o = b === 0x2e ? p + 2 : p + 1; // d.o / do
    if ((text.charCodeAt(o) | 0x20) !== 0x6f) return false;
    const after = text.charCodeAt(o + 1) | 0x20;
    return after === 0x62 || (after === 0x2e && (text.charCodeAt(o + 2) | 0x20) === 0x62); // ob / o.b
  }
  if (first === 0x62) return (b === 0x69 || b === 0x6f) && c === 0x72; // bir(th), bor(n)
  if (first === 0x6d) return (b === 0x72 && c === 0x6e) || (b === 0x65 && c === 0x64); // mrn, med(ical)
  if (first === 0x68) return b === 0x6f && c === 0x73; // hos(p)
  return b === 0x6e && c === 0x69; // uni(t)
}

function scanFast(text: string, ownPhones: ReadonlySet<string>, push: Push) {
  const g = groups();
  let clusterEnd = 0;
  // Where each expression may next be tried, and where its last match ended (matchAll goes on from there).
  let labelFrom = 0;
  let postcodeFrom = 0;
  let postcodeEnd = 0;
  let dateEnd = 0;
  let hospitalEnd = 0;
  PLACES.lastIndex = 0;
  while (PLACES.test(text)) {
    const s = PLACES.lastIndex - 1;
    if (s >= clusterEnd) clusterEnd = scanCluster(text, clusterStart(text, s), g, ownPhones, push);
    if (isInwardAt(text, s)) {
      for (let p = Math.max(postcodeFrom, postcodeEnd, s - 5); p <= s - 2; p++) {
        // A postcode starts with a letter, after no letter or digit, and not inside the last one.
        if (p < postcodeEnd || !isAsciiLetter(text.charCodeAt(p))) continue;
        const before = text.charCodeAt(p - 1);
        if (isAsciiLetter(before) || isDigit(before)) continue;
        POSTCODE_AT.lastIndex = p;
        if (POSTCODE_AT.test(text)) {
          postcodeEnd = POSTCODE_AT.lastIndex;
          postcodeAt(text, p, postcodeEnd, push);
        }
      }
      postcodeFrom = Math.max(postcodeFrom, s - 1);
    }
    // Birth labels start with d or b, hospital-number labels with m, h or u, each at a word's start;
    // their first letters are looked at first, so most words cost no expression.
    for (let p = Math.max(labelFrom, s - LABEL_REACH); p < s; p++) {
      const c = text.charCodeAt(p) | 0x20;
      const dob = c === 0x64 || c === 0x62;
      if (!dob && c !== 0x6d && c !== 0x68 && c !== 0x75) continue;
      if (!labelStartAt(text, p, c)) continue;
      if (p > 0 && isAsciiLetter(text.charCodeAt(p - 1))) continue;
      if (dob && p >= dateEnd) {
        DATE_OF_BIRTH_AT.lastIndex = p;
        const found = DATE_OF_BIRTH_AT.exec(text);
        if (found) {
          dateOfBirthFound(found, push);
          dateEnd = p + found[0].length;
        }
      } else if (!dob && p >= hospitalEnd) {
        HOSPITAL_NUMBER_AT.lastIndex = p;
        const found = HOSPITAL_NUMBER_AT.exec(text);
        if (found) {
          hospitalNumberFound(found, push);
          hospitalEnd = p + found[0].length;
        }
      }
    }
    labelFrom = Math.max(labelFrom, s);
    // Inside a cluster only its last digit can end an inward code; nothing else starts mid-cluster.
    PLACES.lastIndex = Math.max(s + 1, clusterEnd - 1);
  }
}

/** Every cluster, and each expression over the whole text: the straightforward scan. */
function scanPlain(text: string, ownPhones: ReadonlySet<string>, push: Push) {
  const g = groups();
  const nextDigit = /[0-9]/g;
  for (let i = 0; i < text.length; ) {
    nextDigit.lastIndex = i;
    const d = nextDigit.exec(text);
    if (!d) break;
    i = scanCluster(text, d.index, g, ownPhones, push);
  }
  for (const m of text.matchAll(POSTCODE)) postcodeFound(m, push);
  for (const m of text.matchAll(DATE_OF_BIRTH)) dateOfBirthFound(m, push);
  for (const m of text.matchAll(HOSPITAL_NUMBER)) hospitalNumberFound(m, push);
}

// ---- the detector --------------------------------------------------------------------------

const PUSH_ORDER: Record<IdentifierKind, number> = {
  "nhs-number": 0,
  "nhs-test-number": 0,
  "hc-number": 0,
  "chi-number": 0,
  phone: 0,
  email: 1,
  postcode: 2,
  "date-of-birth": 3,
  "hospital-number": 4,
};

/** Equal spans in the order the kinds were once pushed in (numbers, e-mail, postcode, date of birth, hospital number). */
const byPosition = (x: IdentifierFinding, y: IdentifierFinding) =>
  x.start - y.start || y.end - x.end || PUSH_ORDER[x.kind] - PUSH_ORDER[y.kind];

/**
 * The scan's findings (mostly in order already: sorted only when not) and the e-mail addresses (in
 * order of start, none sharing one), merged in the order one stable sort of both would give: no
 * finding of the scan compares equal to an e-mail address's.
 */
function inOrder(found: IdentifierFinding[], emails: IdentifierFinding[]): IdentifierFinding[] {
  for (let i = 1; i < found.length; i++) {
    if (byPosition(found[i - 1] as IdentifierFinding, found[i] as IdentifierFinding) > 0) {
      found.sort(byPosition);
      break;
    }
  }
  if (emails.length === 0) return found;
  const all: IdentifierFinding[] = [];
  let i = 0;
  for (const e of emails) {
    while (i < found.length && byPosition(found[i] as IdentifierFinding, e) < 0)
      all.push(found[i++] as IdentifierFinding);
    all.push(e);
  }
  while (i < found.length) all.push(found[i++] as IdentifierFinding);
  return all;
}

/**
 * Where push puts findings: one function for every call (the scan is synchronous), not a closure
 * made per call (a bundler that keeps function names renames each one it makes).
 */
let pushed: IdentifierFinding[] = [];
const push: Push = (kind, start, end) => {
  pushed.push({ kind, start, end, severity: SEVERITY[kind], reason: IDENTIFIER_MESSAGES[kind] });
};

const asList = (v: string | readonly string[] | undefined): readonly string[] =>
  v === undefined ? [] : typeof v === "string" ? [v] : v;

function detect(
  text: string,
  options: IdentifierOptions,
  scan: (text: string, ownPhones: ReadonlySet<string>, push: Push) => void,
): IdentifierFinding[] {
  const ownEmails = new Set(asList(options.ownEmail).map((e) => e.trim().toLowerCase()));
  const ownPhones = new Set(asList(options.ownPhone).map(normalisePhone));
  const scanned: IdentifierFinding[] = [];
  pushed = scanned;
  scan(text, ownPhones, push);
  const emails: IdentifierFinding[] = [];
  pushed = emails;
  scanEmails(text, ownEmails, push);
  // Equal spans: the first in that order is kept, whatever order the scan met them in.
  const found = inOrder(scanned, emails);
  // Identifiers win over checks they overlap; overlapping checks keep the first. One sweep: the
  // identifiers' spans are merged in order, and the findings come in order of start.
  const spans: [number, number][] = [];
  for (const f of found) {
    if (f.severity !== "identifier") continue;
    const last = spans[spans.length - 1];
    if (last && f.start < last[1]) last[1] = Math.max(last[1], f.end);
    else spans.push([f.start, f.end]);
  }
  const out: IdentifierFinding[] = [];
  let k = 0;
  let lastCheckEnd = -1;
  for (const f of found) {
    if (f.severity === "identifier") {
      out.push(f);
      continue;
    }
    while (k < spans.length && (spans[k] as [number, number])[1] <= f.start) k++;
    const span = spans[k];
    if (span && span[0] < f.end) continue;
    if (f.start < lastCheckEnd) continue;
    lastCheckEnd = f.end;
    out.push(f);
  }
  return out;
}

/**
 * Every identifier and near-identifier in `text`, in order of position. Where a near-identifier
 * overlaps an identifier (an NHS number after "MRN:"), only the identifier is reported.
 */
export function findIdentifiers(text: string, options: IdentifierOptions = {}): IdentifierFinding[] {
  return detect(text, options, scanFast);
}

/**
 * The same findings by the straightforward scan (every digit cluster, each expression over the
 * whole text), several times slower: the reference findIdentifiers is tested against.
 */
export function findIdentifiersPlainly(text: string, options: IdentifierOptions = {}): IdentifierFinding[] {
  return detect(text, options, scanPlain);
}
