// The portfolio builder (REQ-PORT-01..05): the request, its rules and the
// download state. The server validates with these; the SPA builds its stages from them.
import { Type } from "@sinclair/typebox";
import { endpoint, IsoDate, IsoDateTime, Nullable } from "./endpoint.js";
import { Int, Text, Uuid } from "./primitives.js";

const tags = ["portfolio"];

/** Pages every user may include, in the order they are printed. */
export const COMMON_PAGE_CODES = [
  "FRONT_PAGE",
  "CONTENTS_PAGE",
  "PROFESSIONAL_INFORMATION",
  "SUMMARY_OF_WORK",
  "JOB_DESCRIPTION",
  "PERSONAL_STATEMENT",
  "PROFILE_PICTURE",
  "CPD_INFOGRAPHIC",
] as const;

/** Governing-body pages (REQ-PORT-03), keyed by the governing body that offers them. */
export const GOVERNING_BODY_PAGE_CODES: Readonly<Record<string, readonly string[]>> = {
  EFI: ["SUMMARY_OF_WORK_EFI"],
  HCPC: ["HCPC_PROFILE"],
  MACP: ["MACP_STANDARDS"],
  "Science Council": ["SC_PROFILE"],
  AHCS: ["AHCS_PROFILE"],
  GOsC: ["GOSC_PROFILE"],
  IOSH: ["IOSH_PROFILE"],
  SWE: ["SWE_PROFILE"],
  GPhC: ["GPHC_PROFILE"],
  PSTT: ["PSTT_PROFILE"],
  CORU: ["CORU_REVIEW_PLAN"],
  ICAEW: ["ICAEW_ROLE_RESPONSIBILITIES"],
  EPRR: ["EPRR_STANDARDS"],
  NMC: ["NMC_STANDARDS", "NMC_FEN_STANDARDS"],
};
/** Offered when a Clinical Skills account is linked. */
export const CLINICAL_SKILLS_PAGE_CODES = ["CLINICAL_SKILLS_TEXTUAL", "CLINICAL_SKILLS_GRAPHICAL"] as const;

export const PAGE_CODES = [
  ...COMMON_PAGE_CODES,
  ...Object.values(GOVERNING_BODY_PAGE_CODES).flat(),
  ...CLINICAL_SKILLS_PAGE_CODES,
] as readonly string[];

/** Human titles of the page codes (builder checkboxes, contents page). */
export const PAGE_TITLES: Readonly<Record<string, string>> = {
  FRONT_PAGE: "Front page",
  CONTENTS_PAGE: "Contents",
  PROFESSIONAL_INFORMATION: "Professional information",
  SUMMARY_OF_WORK: "Summary of work",
  JOB_DESCRIPTION: "Job description",
  PERSONAL_STATEMENT: "Personal statement",
  PROFILE_PICTURE: "Profile picture",
  CPD_INFOGRAPHIC: "CPD infographic",
  SUMMARY_OF_WORK_EFI: "Summary of work (EFI)",
  HCPC_PROFILE: "HCPC profile",
  MACP_STANDARDS: "MACP standards",
  SC_PROFILE: "Science Council profile",
  AHCS_PROFILE: "AHCS profile",
  GOSC_PROFILE: "GOsC profile",
  IOSH_PROFILE: "IOSH profile",
  SWE_PROFILE: "Social Work England profile",
  GPHC_PROFILE: "GPhC profile",
  PSTT_PROFILE: "PSTT profile",
  CORU_REVIEW_PLAN: "CORU review plan",
  ICAEW_ROLE_RESPONSIBILITIES: "ICAEW role and responsibilities",
  EPRR_STANDARDS: "EPRR standards",
  NMC_STANDARDS: "NMC standards",
  NMC_FEN_STANDARDS: "NMC future nurse standards",
  CLINICAL_SKILLS_TEXTUAL: "Clinical skills (list)",
  CLINICAL_SKILLS_GRAPHICAL: "Clinical skills (chart)",
};

/** The page codes a user may choose: the common ones, their governing bodies', and Clinical Skills' when linked. */
export function pageOptions(governingBodies: readonly string[], clinicalSkillsLinked: boolean): string[] {
  return [
    ...COMMON_PAGE_CODES,
    ...governingBodies.flatMap((g) => GOVERNING_BODY_PAGE_CODES[g] ?? []),
    ...(clinicalSkillsLinked ? CLINICAL_SKILLS_PAGE_CODES : []),
  ];
}

export const PORTFOLIO = {
  titleLineMax: 24,
  backgrounds: 10,
  /** Estimated pages = selected diary entries + reflections + this. */
  fixedPages: 8,
  /** From this many estimated pages on, the portfolio is e-mailed, not downloaded. */
  emailFromPages: 100,
  pollMs: 3_000,
  /** Entries one portfolio may hold (diary and reflective together). */
  maxEntries: 5_000,
  maxEvidence: 5_000,
  /** How long a download link works, and how long a generated portfolio is kept. */
  linkMinutes: 10,
} as const;

export const PORTFOLIO_COVERS = ["classic", "modern", "minimal"] as const;

export const estimatedPages = (diaryEntries: number, reflectiveEntries: number) =>
  diaryEntries + reflectiveEntries + PORTFOLIO.fixedPages;

const TitleLine = Text({ maxLength: PORTFOLIO.titleLineMax });
const Ids = (max: number) => Type.Array(Uuid(), { maxItems: max, uniqueItems: true });

export const PortfolioRequest = Type.Object(
  {
    dateFrom: IsoDate,
    dateTo: IsoDate,
    include: Type.Array(Type.Union(PAGE_CODES.map((c) => Type.Literal(c))), {
      maxItems: PAGE_CODES.length,
      uniqueItems: true,
    }),
    title: Type.Object({ line1: TitleLine, line2: TitleLine }, { additionalProperties: false }),
    diaryEntries: Ids(PORTFOLIO.maxEntries),
    reflectiveEntries: Ids(PORTFOLIO.maxEntries),
    evidenceIds: Ids(PORTFOLIO.maxEvidence),
    includeBranding: Type.Boolean(),
    selectedPortfolioCover: Type.Union(PORTFOLIO_COVERS.map((c) => Type.Literal(c))),
    background: Int(1, PORTFOLIO.backgrounds),
  },
  { additionalProperties: false },
);

export const PORTFOLIO_STATES = ["Queued", "Processing", "Completed", "Failed", "Expired"] as const;
export const PortfolioState = Type.Union(PORTFOLIO_STATES.map((s) => Type.Literal(s)));
export const PortfolioDelivery = Type.Union([Type.Literal("download"), Type.Literal("email")]);

export const PortfolioRequested = Type.Object({
  uuid: Text(),
  estimatedPages: Type.Integer(),
  delivery: PortfolioDelivery,
});

export const PortfolioStatus = Type.Object({
  uuid: Text(),
  state: PortfolioState,
  /** 0-100 while processing. */
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  delivery: PortfolioDelivery,
  /** A link that works for a few minutes, on Completed downloads only. */
  downloadLink: Nullable(Text()),
  reason: Nullable(Text()),
  pages: Nullable(Type.Integer()),
  createdAt: IsoDateTime,
  expiresAt: Nullable(IsoDateTime),
});

export const requestPortfolio = endpoint({
  method: "POST",
  path: "/portfolio/v2/download",
  summary:
    "Queue a portfolio PDF built from the user's own entries and evidence. Under 100 estimated pages it is " +
    "downloaded (poll its state); from 100 on it is e-mailed.",
  tags,
  auth: true,
  body: PortfolioRequest,
  response: PortfolioRequested,
});

export const portfolioStatus = endpoint({
  method: "GET",
  path: "/portfolio/v2/download/:id",
  summary: "The state of a requested portfolio; a short-lived download link once Completed",
  tags,
  auth: true,
  params: Type.Object({ id: Uuid() }),
  response: PortfolioStatus,
});

export const portfolioFile = endpoint({
  method: "GET",
  path: "/portfolio/v2/download/:id/file",
  errors: [410],
  summary: "The portfolio PDF, through the signed link the state call gives (valid for minutes)",
  tags,
  auth: false,
  params: Type.Object({ id: Uuid() }),
  query: Type.Object(
    { expires: Int(0, 99_999_999_999), signature: Text({ pattern: "^[A-Za-z0-9_-]{43}$" }) },
    { additionalProperties: false },
  ),
  response: Type.String({ description: "application/pdf" }),
  binary: true,
  produces: ["application/pdf"],
});

export const reviewPortfolio = endpoint({
  method: "POST",
  path: "/organisations/user-review/portfolio",
  summary:
    "A member's portfolio for an annual review: every entry in the range (their organisation's managers)",
  tags: ["organisation"],
  auth: true,
  body: Type.Object({ user: Uuid(), dateFrom: IsoDate, dateTo: IsoDate }, { additionalProperties: false }),
  response: Type.String({ description: "application/pdf" }),
  binary: true,
  produces: ["application/pdf"],
});
