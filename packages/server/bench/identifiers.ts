// Issue 28 benchmark: findIdentifiers (ADR 0029) over a 20,000-character reflection and a 50-page
// PDF's text (about 150,000 characters), against one bare pass of a single regular expression for
// ten-digit runs over the same text in the same run. Prints the throughput of both and their ratio
// (target >= 0.5 on each input); bare times mean little on a shared machine, the ratio is the figure.
// Env: BENCH_SECONDS (10): the time spent measuring each input, shared by the two.
import { findIdentifiers } from "@cpd/contract";
import { seededRandom } from "@cpd/contract/testing";
import { figure, median } from "./harness.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = 20;

/** mulberry32: the same texts every run. */
const rnd = seededRandom(28);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
const pad = (n: number, w: number) => String(n).padStart(w, "0");

const WORDS = (
  "the patient was reviewed on the ward and I reflected on how the team handled the handover " +
  "of care between shifts we discussed the medication plan with the family and the consultant " +
  "explained the risks clearly I learned that communication matters most when time is short and " +
  "the pressure on the service is high next time I would document the decision earlier and check " +
  "understanding with open questions this case showed me the value of escalation safeguarding " +
  "consent capacity audit feedback supervision guideline evidence practice learning outcome"
).split(" ");

/** One sentence of prose, now and then with a number, a date, a dose, a time or a percentage. */
function sentence(): string {
  const words = Array.from({ length: int(8, 22) }, () => pick(WORDS));
  const r = rnd();
  if (r < 0.1) words.splice(int(0, words.length), 0, `on ${pad(int(1, 28), 2)}/${pad(int(1, 12), 2)}/2024`);
  else if (r < 0.18) words.splice(int(0, words.length), 0, `${int(1, 500)} mg`);
  else if (r < 0.24) words.splice(int(0, words.length), 0, `at ${pad(int(0, 23), 2)}:${pad(int(0, 59), 2)}`);
  else if (r < 0.3) words.splice(int(0, words.length), 0, `${int(1, 99)}%`);
  else if (r < 0.34) words.splice(int(0, words.length), 0, `${int(2, 40)} patients`);
  const s = words.join(" ");
  return `${s[0]?.toUpperCase()}${s.slice(1)}.`;
}

/** A reflection: paragraphs of prose with a postcode, phone numbers, an NHS number, a DOB, an e-mail. */
function reflection(length: number): string {
  const extras = [
    "The referral came from a practice near SW1A 1AA and was typed up the same day.",
    "I rang the ward on 020 7946 0958 and later the community team on 07700 900123.",
    "The letter quoted the NHS number 943 476 5919, which I have since removed.",
    "The summary gave DOB: 12/03/1948 and hospital number RX12345.",
    "I e-mailed the pharmacist at j.smith@example.nhs.uk for advice.",
    "We met again on 3 March 2024 at the clinic in LS1 4DY.",
  ];
  let out = "";
  let e = 0;
  while (out.length < length) {
    const para = Array.from({ length: int(3, 7) }, sentence);
    if (rnd() < 0.5) para.splice(int(0, para.length), 0, extras[e++ % extras.length] as string);
    out += `${para.join(" ")}\n\n`;
  }
  return out.slice(0, length);
}

/** The text of a 50-page PDF: page headers and footers, short lines, tables of figures, references. */
function pdfText(pages: number): string {
  let out = "";
  for (let p = 1; p <= pages; p++) {
    out += `Continuing professional development portfolio\nDr A Example  GMC 7123456\n\n`;
    while (out.length < p * 3000 - 200) {
      const r = rnd();
      if (r < 0.15) {
        // A table row: a date, a type, hours, credits.
        out += `${pad(int(1, 28), 2)}/${pad(int(1, 12), 2)}/20${int(18, 25)}  ${pick(["Course", "Audit", "Reading", "Meeting"])}  ${int(1, 8)}.${int(0, 9)} h  ${int(1, 20)} credits\n`;
      } else if (r < 0.2) {
        out += `${int(1, 40)}. ${pick(["Smith", "Jones", "Patel"])} J et al. (${int(1990, 2025)}) Br J Gen Pract ${int(40, 75)}(${int(1, 12)}):${int(100, 999)}-${int(100, 999)}. doi:10.${int(1000, 9999)}/bjgp${pad(int(0, 99999), 5)}\n`;
      } else if (r < 0.22) {
        out += `Contact the revalidation team on 0113 496 ${pad(int(0, 9999), 4)} or revalidation@example.org.\n`;
      } else {
        // Prose broken into PDF-like lines of about 90 characters.
        const s = sentence();
        for (let i = 0; i < s.length; i += 90) out += `${s.slice(i, i + 90)}\n`;
      }
    }
    out += `\nPage ${p} of ${pages}\n\f`;
  }
  return out;
}

/** The reference: one bare pass of a single regular expression for ten-digit runs. */
const TEN_DIGITS = /\d{3}[ -]?\d{3}[ -]?\d{4}/g;
function bare(text: string): number {
  let count = 0;
  for (const _ of text.matchAll(TEN_DIGITS)) count++;
  return count;
}
const detector = (text: string) => findIdentifiers(text).length;

/** Characters per second of `fn` over `text`, running it for about `ms` milliseconds. */
function throughput(fn: (text: string) => number, text: string, ms: number): number {
  let calls = 0;
  let sink = 0;
  const start = performance.now();
  let now = start;
  do {
    sink += fn(text);
    calls++;
    now = performance.now();
  } while (now - start < ms);
  if (sink < 0) console.log(sink); // keeps the results alive
  return (calls * text.length) / ((now - start) / 1000);
}

function measure(name: string, text: string) {
  const found = findIdentifiers(text);
  // Warm-up: both compiled and optimised before anything is timed.
  throughput(detector, text, 300);
  throughput(bare, text, 300);
  // Alternating rounds, so that a noisy neighbour slows both alike; the median of each.
  const ms = (SECONDS * 1000) / ROUNDS / 2;
  const ours: number[] = [];
  const ref: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    ours.push(throughput(detector, text, ms));
    ref.push(throughput(bare, text, ms));
  }
  const o = median(ours);
  const b = median(ref);
  const ratio = o / b;
  const mb = (x: number) => `${(x / 1e6).toFixed(1).padStart(7)} M chars/s`;
  console.log(`${name}: ${text.length} characters, ${found.length} findings, ${bare(text)} bare matches`);
  console.log(`  bare /\\d{3}[ -]?\\d{3}[ -]?\\d{4}/g  ${mb(b)}`);
  console.log(`  findIdentifiers                  ${mb(o)}`);
  console.log(`  ratio ${ratio.toFixed(2)} (target >= 0.50) ${ratio >= 0.5 ? "OK" : "BELOW TARGET"}`);
  return figure(`identifiers-${name.replace(/\W+/g, "-")}`, ratio, ">=", 0.5);
}

const ok = [measure("reflection", reflection(20_000)), measure("50-page PDF text", pdfText(50))];
if (!ok.every(Boolean)) process.exitCode = 1;
