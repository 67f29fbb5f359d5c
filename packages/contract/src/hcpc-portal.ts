// The HCPC audit portal (REQ-HCPC-01..03): a guest wizard reached through an
// e-mailed, expiring access token bound to one user and one date range.
import { Type } from "@sinclair/typebox";
import { endpoint, IsoDate, IsoDateTime, Message, Nullable } from "./endpoint.js";
import { addMonths } from "./iso-dates.js";
import { ukDate } from "./london-time.js";
import { ERROR_MESSAGES, Text, Uuid } from "./primitives.js";

const tags = ["hcpc-portal"];

export const HCPC = {
  steps: 4,
  /** The activities and evidence HCPC asks for ("aim for"): outside them the wizard warns (ADR 0027). */
  minEntries: 12,
  maxEntries: 50,
  minEvidence: 4,
  maxEvidence: 12,
  /** Consecutive selected activities this many months apart or more block the PDF until explained. */
  gapMonths: 3,
  /** HCPC's online form limits: hard limits on the portal's texts (ADR 0027). */
  summaryWords: 500,
  statementWords: 1_500,
  gapExplanationMaxLength: 2_000,
  gapToastMs: 10_000,
  /** How long an access link works. */
  accessDays: 7,
  /** Stored text limits (the word limits bind first). */
  summaryMaxLength: 20_000,
  standardMaxLength: 30_000,
} as const;

/**
 * The four HCPC standards for CPD the statement answers: `label` addresses the member in the wizard,
 * `text` is the standard as HCPC words it, printed in the audit PDF and the portfolio's HCPC page.
 */
export const HCPC_STANDARDS = [
  {
    key: "standard1",
    label: "Standard 1: a continuous, up-to-date and accurate record of your CPD activities",
    text: "Standard 1: maintain a continuous, up-to-date and accurate record of your CPD activities",
  },
  {
    key: "standard2",
    label: "Standard 2: your CPD is a mixture of learning activities relevant to your practice",
    text: "Standard 2: demonstrate that your CPD activities are a mixture of learning activities relevant to current or future practice",
  },
  {
    key: "standard3",
    label: "Standard 3: your CPD has contributed to the quality of your practice and service delivery",
    text: "Standard 3: seek to ensure that your CPD has contributed to the quality of your practice and service delivery",
  },
  {
    key: "standard4",
    label: "Standard 4: your CPD benefits the service user",
    text: "Standard 4: seek to ensure that your CPD benefits the service user",
  },
] as const;

/** The access token: 32 random bytes, base64url. */
export const AccessToken = Text({
  pattern: "^[A-Za-z0-9_-]{43}$",
  description: "access token from the e-mailed link",
});
const TokenParams = Type.Object({ id: AccessToken });

export const HcpcInfo = Type.Object({
  expiresAt: IsoDateTime,
  dateFrom: IsoDate,
  dateTo: IsoDate,
  name: Text(),
});
export const HcpcSummary = Type.Object(
  { summary: Text({ maxLength: HCPC.summaryMaxLength }) },
  { additionalProperties: false },
);
const Standard = Text({ maxLength: HCPC.standardMaxLength });
export const HcpcStatement = Type.Object(
  { standard1: Standard, standard2: Standard, standard3: Standard, standard4: Standard },
  { additionalProperties: false },
);
/** A gap's explanation: the gap is named by the dates of the activities either side of it. */
export const HcpcGapExplanation = Type.Object(
  {
    from: IsoDate,
    to: IsoDate,
    explanation: Text({
      maxLength: HCPC.gapExplanationMaxLength,
      // Safe text with at least one character that is not a space.
      pattern: "^[^\\u0000\\uD800-\\uDFFF]*[^\\s\\u0000\\uD800-\\uDFFF][^\\u0000\\uD800-\\uDFFF]*$",
      [ERROR_MESSAGES]: {
        pattern: "Write an explanation for the gap.",
        minLength: "Write an explanation for the gap.",
      },
      minLength: 1,
    }),
  },
  { additionalProperties: false },
);
export const HcpcGaps = Type.Object(
  { gaps: Type.Array(HcpcGapExplanation, { maxItems: 200 }) },
  { additionalProperties: false },
);
export const HcpcEntry = Type.Object({
  id: Text(),
  type: Text(),
  title: Text(),
  date: Nullable(IsoDate),
  hours: Nullable(Type.Number()),
  tags: Type.Array(Text()),
  evidenceCount: Type.Integer(),
});
export const HcpcEvidence = Type.Object({
  id: Text(),
  name: Text(),
  contentType: Text(),
  size: Type.Integer(),
  entryId: Text(),
  entryTitle: Text(),
});

export const requestHcpcAccess = endpoint({
  method: "POST",
  path: "/hcpc-portal/request-access",
  summary: "E-mail the user an access link to the HCPC audit portal for a date range",
  tags,
  auth: true,
  body: Type.Object({ dateFrom: IsoDate, dateTo: IsoDate }, { additionalProperties: false }),
  response: Message,
});

export const hcpcInfo = endpoint({
  method: "GET",
  path: "/hcpc-portal/:id/info",
  errors: [410],
  summary: "Whose portal this is, its date range and when the link expires",
  tags,
  auth: false,
  params: TokenParams,
  response: HcpcInfo,
});
export const hcpcSummary = endpoint({
  method: "GET",
  path: "/hcpc-portal/:id/summary",
  errors: [410],
  summary: "The summary of practice",
  tags,
  auth: false,
  params: TokenParams,
  response: HcpcSummary,
});
export const putHcpcSummary = endpoint({
  method: "PUT",
  path: "/hcpc-portal/:id/summary",
  errors: [410, 422],
  summary: `Save the summary of practice (at most ${HCPC.summaryWords} words)`,
  tags,
  auth: false,
  params: TokenParams,
  body: HcpcSummary,
  response: HcpcSummary,
});
export const hcpcStatement = endpoint({
  method: "GET",
  path: "/hcpc-portal/:id/statement",
  errors: [410],
  summary: "The statement against the four HCPC standards",
  tags,
  auth: false,
  params: TokenParams,
  response: HcpcStatement,
});
export const putHcpcStatement = endpoint({
  method: "PUT",
  path: "/hcpc-portal/:id/statement",
  errors: [410, 422],
  summary: `Save the statement against the four HCPC standards (at most ${HCPC.statementWords} words in all)`,
  tags,
  auth: false,
  params: TokenParams,
  body: HcpcStatement,
  response: HcpcStatement,
});
export const hcpcGaps = endpoint({
  method: "GET",
  path: "/hcpc-portal/:id/gaps",
  errors: [410],
  summary: "This link's explanations of gaps of 3 months or more between activities, oldest first",
  tags,
  auth: false,
  params: TokenParams,
  response: HcpcGaps,
});
export const putHcpcGaps = endpoint({
  method: "PUT",
  path: "/hcpc-portal/:id/gaps",
  errors: [410],
  summary: "Replace this link's explanations of gaps (each printed in the PDF's activity list)",
  tags,
  auth: false,
  params: TokenParams,
  body: HcpcGaps,
  response: HcpcGaps,
});
export const hcpcEntries = endpoint({
  method: "GET",
  path: "/hcpc-portal/:id/entries",
  errors: [410],
  summary: "The user's diary and reflective entries inside the link's date range, oldest first",
  tags,
  auth: false,
  params: TokenParams,
  response: Type.Object({ items: Type.Array(HcpcEntry) }),
});
export const hcpcEvidence = endpoint({
  method: "GET",
  path: "/hcpc-portal/:id/evidence",
  errors: [410],
  summary: "The evidence of the given entries (entries of the link's range only)",
  tags,
  auth: false,
  params: TokenParams,
  query: Type.Object(
    { entryId: Type.Optional(Type.Array(Uuid(), { maxItems: HCPC.maxEntries * 2, uniqueItems: true })) },
    { additionalProperties: false },
  ),
  response: Type.Object({ items: Type.Array(HcpcEvidence) }),
});
export const hcpcEvidenceItem = endpoint({
  method: "GET",
  path: "/hcpc-portal/:id/evidence/:evidenceId",
  summary: "One evidence file of an entry inside the link's range",
  tags,
  auth: false,
  params: Type.Object({ id: AccessToken, evidenceId: Uuid() }),
  query: Type.Object({ download: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
  response: Type.String({ description: "the file" }),
  binary: true,
  produces: ["application/octet-stream"],
});
export const hcpcEntriesPdf = endpoint({
  method: "GET",
  path: "/hcpc-portal/:id/entries-pdf",
  // 409 IDENTIFIERS_FOUND: a selected entry holds an unresolved patient identifier (ADR 0029).
  errors: [409, 410, 422],
  summary:
    "The selected activities as a PDF, once every gap of 3 months or more between them is explained; download=true asks for an attachment",
  tags,
  auth: false,
  params: TokenParams,
  query: Type.Object(
    {
      entryId: Type.Array(Uuid(), { minItems: 1, maxItems: 200, uniqueItems: true }),
      evidenceId: Type.Optional(Type.Array(Uuid(), { maxItems: 200, uniqueItems: true })),
      download: Type.Optional(Type.Boolean()),
    },
    { additionalProperties: false },
  ),
  response: Type.String({ description: "application/pdf" }),
  binary: true,
  produces: ["application/pdf"],
});

// ---- the gap rule, shared by the server (which refuses) and the wizard (which toasts) ----

export interface DatedActivity {
  id: string;
  title: string;
  date: string;
}
export interface CpdGap {
  from: DatedActivity;
  to: DatedActivity;
  months: number;
  days: number;
}

/** Whole months and remaining days from `a` to `b` (a <= b). */
export function monthsAndDays(a: string, b: string): { months: number; days: number } {
  let months = 0;
  while (addMonths(a, months + 1) <= b) months++;
  const anchor = addMonths(a, months);
  const days = Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${anchor}T00:00:00Z`)) / 86_400_000);
  return { months, days };
}

/** Every gap of `HCPC.gapMonths` months or more between consecutive activities by date, oldest first. */
export function findCpdGaps(activities: readonly DatedActivity[]): CpdGap[] {
  const sorted = [...activities].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const gaps: CpdGap[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const from = sorted[i - 1] as DatedActivity;
    const to = sorted[i] as DatedActivity;
    if (addMonths(from.date, HCPC.gapMonths) <= to.date)
      gaps.push({ from, to, ...monthsAndDays(from.date, to.date) });
  }
  return gaps;
}

/** The first such gap, if any. */
export const findCpdGap = (activities: readonly DatedActivity[]): CpdGap | null =>
  findCpdGaps(activities)[0] ?? null;

/** How a gap's explanation is looked up: the dates either side of it. */
export const gapKey = (g: { from: string; to: string }) => `${g.from}/${g.to}`;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
export const GAP_TOAST_TITLE = "Gap in CPD Activities";
/** The message the server refuses with and the wizard's toast shows. */
export function describeGap(gap: CpdGap): string {
  const span = gap.days
    ? `${plural(gap.months, "month")} and ${plural(gap.days, "day")}`
    : plural(gap.months, "month");
  return (
    `There is a gap of ${span} between "${gap.from.title}" (${ukDate(gap.from.date)}) and ` +
    `"${gap.to.title}" (${ukDate(gap.to.date)}). HCPC asks you to explain any gap of ${HCPC.gapMonths} ` +
    "months or more: write an explanation for it (or select activities that close it) before creating the PDF."
  );
}

/** Words in a text, as the wizard's counters count them. */
export const countWords = (text: string) => (text.trim() ? text.trim().split(/\s+/u).length : 0);

export const HCPC_ENTRY_COUNT_MESSAGE = `HCPC asks you to aim for between ${HCPC.minEntries} and ${HCPC.maxEntries} activities.`;
export const HCPC_EVIDENCE_COUNT_MESSAGE = `HCPC asks you to aim for between ${HCPC.minEvidence} and ${HCPC.maxEvidence} pieces of evidence.`;
export const HCPC_SUMMARY_WORDS_MESSAGE = `The summary of practice can be at most ${HCPC.summaryWords} words (HCPC's limit).`;
export const HCPC_STATEMENT_WORDS_MESSAGE = `The statement can be at most ${HCPC.statementWords.toLocaleString("en-GB")} words in all (HCPC's limit).`;
export const HCPC_LINK_EXPIRED_MESSAGE =
  "This access link has expired. Please request a new one from the portfolio builder.";
export const HCPC_ACCESS_REQUESTED_MESSAGE = "Access Requested. Please check your email for the link.";
