// The governing bodies' published standards printed on their portfolio pages (REQ-PORT-03,
// docs/decisions/0025-governing-body-pages.md). The titles, publisher, source address and
// effective date live in governing-body-standards.json, checked here when the module loads, so a
// wrong edit to the data fails the worker's start and the tests, never a user's portfolio.
import { GOVERNING_BODY_PAGE_CODES } from "@cpd/contract";
import { type Static, Type } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import data from "./governing-body-standards.json" with { type: "json" };

const Title = Type.String({ minLength: 1, maxLength: 200 });

const StandardsSet = Type.Object(
  {
    /** The governing body (a key of the contract's GOVERNING_BODY_PAGE_CODES). */
    body: Title,
    publisher: Title,
    publication: Title,
    /** The published address of the standards. */
    source: Type.String({ pattern: "^https://[^\\s]+$", maxLength: 300 }),
    /** When this version took effect: YYYY, YYYY-MM or YYYY-MM-DD; null when the source does not say. */
    effective: Type.Union([Type.String({ pattern: "^\\d{4}(-\\d{2}(-\\d{2})?)?$" }), Type.Null()]),
    /** What one item is called ("Standard", "Platform", "Domain"...). */
    itemLabel: Type.String({ minLength: 1, maxLength: 30 }),
    items: Type.Array(
      Type.Object(
        {
          ref: Type.String({ minLength: 1, maxLength: 6 }),
          title: Title,
          /** The standard's name as entries record it (forms/definitions.ts), for the entry counts. */
          recordedAs: Type.Optional(Title),
        },
        { additionalProperties: false },
      ),
      { maxItems: 30 },
    ),
  },
  { additionalProperties: false },
);
type StandardsSet = Static<typeof StandardsSet>;

const StandardsFile = Type.Record(Type.String(), StandardsSet);

/** Problems with a standards file: schema errors, unknown page codes, a page of another body, repeated refs. */
export function standardsProblems(file: unknown): string[] {
  if (!Value.Check(StandardsFile, file)) {
    return [...Value.Errors(StandardsFile, file)].map((e) => `${e.path || "/"}: ${e.message}`);
  }
  const problems: string[] = [];
  for (const [code, set] of Object.entries(file)) {
    const codes = GOVERNING_BODY_PAGE_CODES[set.body];
    if (!codes) problems.push(`${code}: unknown governing body ${set.body}`);
    else if (!codes.includes(code)) problems.push(`${code}: not a page of ${set.body}`);
    const refs = set.items.map((i) => i.ref);
    if (new Set(refs).size !== refs.length) problems.push(`${code}: repeated item refs`);
  }
  for (const codes of Object.values(GOVERNING_BODY_PAGE_CODES))
    for (const code of codes) if (!(code in file)) problems.push(`${code}: no standards recorded`);
  return problems;
}

function load(file: unknown): Record<string, StandardsSet> {
  const problems = standardsProblems(file);
  if (problems.length) throw new Error(`governing-body-standards.json: ${problems.join("; ")}`);
  return file as Record<string, StandardsSet>;
}

const STANDARDS = load(data);

/** The standards a governing-body page prints; every governing-body page code has a set. */
export const standardsForPage = (code: string): StandardsSet | undefined => STANDARDS[code];
