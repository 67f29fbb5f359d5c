// Sample portfolios for the renderer's tests and benchmarks (not used by the application).
import type { PortfolioDocument, PortfolioEntry, PortfolioInfographic } from "./types.js";

export const OWNER = "Zoë Łukasz-Siân Ŵyn";

const INFOGRAPHIC: PortfolioInfographic = {
  hoursByMonth: [
    { month: "2026-01", hours: 3 },
    { month: "2026-02", hours: 0 },
    { month: "2026-03", hours: 7.5 },
    { month: "2026-04", hours: 12 },
    { month: "2026-05", hours: 1.25 },
    { month: "2026-06", hours: 6 },
  ],
  categories: [
    { name: "Clinical skills", hours: 14 },
    { name: "Leadership", hours: 6 },
    { name: "Research", hours: 9.75 },
  ],
  standards: [
    { name: "HCPC 1 Maintain a continuous, up-to-date record", count: 5 },
    { name: "HCPC 2 Demonstrate a mixture of learning activities", count: 3 },
    { name: "HCPC 3 Contribute to the quality of practice", count: 1 },
  ],
  totalHours: 29.75,
  diaryCount: 4,
  reflectionCount: 1,
};

async function* iterate<T>(items: Iterable<T>): AsyncIterable<T> {
  for (const item of items) yield item;
}

export function entry(n: number, overrides: Partial<PortfolioEntry> = {}): PortfolioEntry {
  return {
    id: `e${n}`,
    type: n % 4 === 0 ? "reflection" : "diary",
    title: `Entry number ${n} on sepsis recognition`,
    date: `2026-0${(n % 9) + 1}-1${n % 10}`,
    hours: 1.5,
    category: "Clinical skills",
    sections: [
      {
        title: "What I did",
        items: [
          { label: "Description", value: "<p>Attended a <b>half-day</b> course &amp; workshop.</p>" },
          { label: "Standards", value: ["HCPC 1", "HCPC 2"] },
        ],
      },
    ],
    tags: ["Audit", "Teaching"],
    evidence: [],
    ...overrides,
  };
}

export function portfolio(
  entries: PortfolioEntry[],
  overrides: Partial<PortfolioDocument> = {},
): PortfolioDocument {
  return {
    owner: { name: OWNER },
    title: { line1: "My CPD portfolio", line2: "HCPC audit 2026" },
    background: 3,
    cover: "classic",
    branding: null,
    range: { from: "2026-01-01", to: "2026-06-30" },
    include: [
      "FRONT_PAGE",
      "CONTENTS_PAGE",
      "PROFESSIONAL_INFORMATION",
      "PERSONAL_STATEMENT",
      "CPD_INFOGRAPHIC",
    ],
    profilePages: [
      {
        code: "PROFESSIONAL_INFORMATION",
        title: "Professional information",
        rows: [
          { label: "Profession", value: "Physiotherapist" },
          { label: "Registration number", value: "PH123456" },
          { label: "Employer", value: "Ysbyty Gwynedd" },
        ],
      },
      {
        code: "PERSONAL_STATEMENT",
        title: "Personal statement",
        sections: [{ heading: "About me", text: "<p>I work in musculoskeletal outpatients.</p>" }],
      },
    ],
    infographic: INFOGRAPHIC,
    entryCount: entries.length,
    entries: iterate(entries),
    generatedOn: "2026-11-23",
    ...overrides,
  };
}
