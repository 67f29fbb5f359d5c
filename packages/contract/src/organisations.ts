// The organisation manager's area (REQ-ORG-01..04): the users report and its CSV, adding and
// bulk-importing users, settings, the organisation's lists, annual reviews and analytics.
// A manager reaches only their own organisation (any other answers 404); administrators reach all,
// but for the appointed confirmers' confirmations (REQ-ATTEST-09), which only its managers read.
import { type Static, Type } from "@sinclair/typebox";
import { ATTESTATION, AttestationStateSchema, SignerDetails } from "./attestations.js";
import { endpoint, IsoDate, IsoDateTime, Nullable, Paged } from "./endpoint.js";
import { Email, ERROR_MESSAGES, PageParams, pageQuery, SerialId, Text, Uuid } from "./primitives.js";
import { REVALIDATION_STATUSES, RequirableRegulatorSchema } from "./revalidation.js";

const tags = ["organisation"];
const OrgParams = Type.Object({ id: SerialId() });

export const ORGANISATION_LIMITS = {
  /** Users report: default and largest page. */
  defaultPageSize: 10,
  maxPageSize: 100,
  /** Rows of one bulk import. */
  importRows: 1000,
  /** Items of a tags, categories or arranged-in list, and each item's length. */
  listItems: 100,
  listItemLength: 100,
  reviewComments: 5000,
  nameLength: 100,
  /** Confirmers an organisation appoints (REQ-ATTEST-09). */
  appointedConfirmers: 50,
} as const;

export const APPOINTED_CONFIRMER_MESSAGES = {
  invalid: "Each appointed confirmer must be an e-mail address, such as name@example.org",
  tooMany: `An organisation can appoint at most ${ORGANISATION_LIMITS.appointedConfirmers} confirmers`,
} as const;

/** One appointed confirmer's e-mail address; the SPA checks each with this schema's pattern. */
export const AppointedConfirmerEmail = Email({
  [ERROR_MESSAGES]: {
    pattern: APPOINTED_CONFIRMER_MESSAGES.invalid,
    minLength: APPOINTED_CONFIRMER_MESSAGES.invalid,
    maxLength: APPOINTED_CONFIRMER_MESSAGES.invalid,
  },
});

/** The appointed confirmers as stored and compared: trimmed, lower-cased, each once, in the manager's order. */
export const normaliseConfirmers = (emails: readonly string[]): string[] => [
  ...new Set(emails.map((e) => e.trim().toLowerCase())),
];

export const OrganisationSummary = Type.Object({
  id: Type.Integer(),
  key: Text(),
  name: Text(),
  /** RESILIENCE_GOVERNING_BODY gives the organisation the Analytics screen (REQ-ROLE-03). */
  governingBodyType: Nullable(Text()),
  /** The Analytics menu item: a resilience organisation, or the caller is an Admin. */
  analytics: Type.Boolean(),
  userCount: Type.Integer(),
});

export const listOrganisations = endpoint({
  method: "GET",
  path: "/organisations",
  summary: "The organisations the caller manages (an administrator: every organisation), by name",
  tags,
  auth: true,
  query: Type.Object({
    filter: Type.Optional(Text({ maxLength: 100 })),
    ...pageQuery(100),
  }),
  response: Paged(OrganisationSummary),
});

export const ORGANISATION_USER_SORTS = [
  "name",
  "email",
  "hours",
  "entries",
  "lastActivity",
  "joined",
] as const;

export const OrganisationUserRow = Type.Object({
  id: Uuid(),
  firstName: Text(),
  lastName: Text(),
  email: Text(),
  /** CPD hours of the entries dated in the range. */
  hours: Type.Number(),
  entries: Type.Integer(),
  /** Date of the latest entry in the range. */
  lastActivity: Nullable(IsoDate),
  joined: IsoDateTime,
  /** The onboarding link has not been used yet. */
  invited: Type.Boolean(),
  roles: Type.Array(Text()),
  /**
   * The member's next revalidation deadline (the nearest not yet past, else the last one) and its
   * status; null when they hold no registration, or, where the organisation requires a regulator,
   * none with it (REQ-REVAL-08, REQ-REVAL-09, ADR 0026). Absent from older servers.
   */
  revalidation: Type.Optional(
    Nullable(
      Type.Object({
        regulator: Text(),
        deadline: IsoDate,
        status: Type.Union(REVALIDATION_STATUSES.map((s) => Type.Literal(s))),
      }),
    ),
  ),
});

/** The users report's filter by revalidation status; none: no registration (of the required regulator). */
export const REVALIDATION_REPORT_STATUSES = [...REVALIDATION_STATUSES, "none"] as const;

export const organisationUsers = endpoint({
  method: "GET",
  path: "/organisations/:id/users/limit/:perPage/page/:page",
  summary:
    "Users report: a page of the organisation's users with their CPD hours, entries and last activity between from and to",
  tags,
  auth: true,
  params: Type.Composite([OrgParams, PageParams(ORGANISATION_LIMITS.maxPageSize)]),
  query: Type.Object({
    sortBy: Type.Optional(Type.Union(ORGANISATION_USER_SORTS.map((s) => Type.Literal(s)))),
    sortDir: Type.Optional(Type.Union([Type.Literal("asc"), Type.Literal("desc")])),
    /** Part of a name or e-mail address. */
    filter: Type.Optional(Text({ maxLength: 100 })),
    from: Type.Optional(IsoDate),
    to: Type.Optional(IsoDate),
    /** Only members whose next revalidation deadline has this status (none: no registration). */
    revalidationStatus: Type.Optional(Type.Union(REVALIDATION_REPORT_STATUSES.map((s) => Type.Literal(s)))),
  }),
  response: Paged(OrganisationUserRow),
});

export const NewOrganisationUser = Type.Object({
  firstName: Text({ minLength: 1, maxLength: ORGANISATION_LIMITS.nameLength }),
  lastName: Text({ minLength: 1, maxLength: ORGANISATION_LIMITS.nameLength }),
  email: Email(),
});

export const addOrganisationUser = endpoint({
  method: "POST",
  path: "/organisations/:id/users",
  summary: "Add a user to the organisation: a corporate member who gets an onboarding link by e-mail",
  tags,
  auth: true,
  params: OrgParams,
  body: NewOrganisationUser,
  response: Type.Object({ id: Uuid(), message: Text() }),
  status: 201,
});

export const IMPORT_OUTCOMES = ["valid", "invalid", "duplicate", "exists"] as const;

export const bulkImportUsers = endpoint({
  method: "POST",
  path: "/admin/organisations/:id/users/bulk-import",
  summary:
    "Import users (from the SPA's CSV) in one transaction: every row is checked first, and one bad, duplicate or existing row imports nothing",
  tags,
  auth: true,
  params: OrgParams,
  body: Type.Object({
    users: Type.Array(
      Type.Object({
        firstName: Text({ maxLength: 1000 }),
        lastName: Text({ maxLength: 1000 }),
        email: Text({ maxLength: 1000 }),
      }),
      { minItems: 1, maxItems: ORGANISATION_LIMITS.importRows },
    ),
  }),
  response: Type.Object({
    /** Users created: every row, or none. */
    imported: Type.Integer(),
    message: Text(),
    rows: Type.Array(
      Type.Object({
        /** 1-based, as the file's data rows count. */
        row: Type.Integer(),
        email: Text(),
        outcome: Type.Union(IMPORT_OUTCOMES.map((o) => Type.Literal(o))),
        message: Nullable(Text()),
      }),
    ),
  }),
});

export const organisationUsersCsv = endpoint({
  method: "GET",
  path: "/organisations/:id/users/csv",
  summary:
    "The users report between from and to as CSV (streamed; cells that a spreadsheet would run are escaped)",
  tags,
  auth: true,
  params: OrgParams,
  query: Type.Object({ from: IsoDate, to: IsoDate }),
  response: Type.String({ description: "text/csv" }),
  binary: true,
  produces: ["text/csv"],
});

export const OrganisationSettings = Type.Object({
  /** Non-null values override and lock the members' profile fields (REQ-PROFILE-02). */
  cpdHours: Nullable(Type.Number({ minimum: 0, maximum: 999 })),
  startDate: Nullable(IsoDate),
  reportInterval: Nullable(Type.Integer({ minimum: 1, maximum: 10 })),
  dashboardWidgets: Type.Object({ reflection: Type.Boolean(), supervision: Type.Boolean() }),
  allFeatures: Type.Boolean(),
  logoutTimer: Type.Object({ enabled: Type.Boolean() }),
  /**
   * Members must hold a registration with this regulator (REQ-REVAL-09); null: none required.
   * Always answered; left out of a PUT, it stays as it was.
   */
  requiredRegulator: Type.Optional(Nullable(RequirableRegulatorSchema)),
  /**
   * The confirmers the organisation appoints (REQ-ATTEST-09): its managers see the members' NMC
   * confirmations these addresses were asked for. Stored lower-cased, each once. Always answered;
   * left out of a PUT, it stays as it was.
   */
  appointedConfirmers: Type.Optional(
    Type.Array(AppointedConfirmerEmail, {
      maxItems: ORGANISATION_LIMITS.appointedConfirmers,
      [ERROR_MESSAGES]: { maxItems: APPOINTED_CONFIRMER_MESSAGES.tooMany },
    }),
  ),
});

export const getOrganisationSettings = endpoint({
  method: "GET",
  path: "/organisations/:id/settings",
  summary: "The organisation's settings",
  tags,
  auth: true,
  params: OrgParams,
  response: OrganisationSettings,
});

export const putOrganisationSettings = endpoint({
  method: "PUT",
  path: "/organisations/:id/settings",
  summary: "Replace the organisation's settings",
  tags,
  auth: true,
  params: OrgParams,
  body: OrganisationSettings,
  response: OrganisationSettings,
});

/** A member's NMC confirmation by a confirmer the organisation appointed, as its manager sees it. */
export const AppointedConfirmation = Type.Object({
  id: Uuid(),
  member: Type.Object({ id: Uuid(), name: Text() }),
  state: AttestationStateSchema,
  createdAt: IsoDateTime,
  expiresAt: IsoDateTime,
  openedAt: Nullable(IsoDateTime),
  signedAt: Nullable(IsoDateTime),
  declinedAt: Nullable(IsoDateTime),
  withdrawnAt: Nullable(IsoDateTime),
  /** As the professional named the confirmer. */
  attester: Type.Object({ name: Text(), email: Text() }),
  /** What the confirmer filled in when signing; null until signed. */
  signer: Nullable(SignerDetails),
});
export type AppointedConfirmation = Static<typeof AppointedConfirmation>;

export const organisationConfirmations = endpoint({
  method: "GET",
  path: "/organisations/:id/confirmations",
  summary:
    "The members' NMC confirmations by a confirmer the organisation appointed, newest first (its managers only)",
  tags,
  auth: true,
  params: OrgParams,
  query: Type.Object({ ...pageQuery(ATTESTATION.perPage) }, { additionalProperties: false }),
  response: Paged(AppointedConfirmation),
});

const ListItem = Text({ minLength: 1, maxLength: ORGANISATION_LIMITS.listItemLength });
/** One of the organisation's lists; items are trimmed, non-empty and unique ignoring case. */
export const OrganisationList = Type.Object({
  tags: Type.Array(ListItem, { maxItems: ORGANISATION_LIMITS.listItems }),
});

const listCalls = (path: string, what: string) =>
  [
    endpoint({
      method: "GET",
      path: `/organisations/:id/${path}`,
      summary: `The organisation's ${what}`,
      tags,
      auth: true,
      params: OrgParams,
      response: OrganisationList,
    }),
    endpoint({
      method: "PUT",
      path: `/organisations/:id/${path}`,
      summary: `Replace the organisation's ${what} (an empty list restores the standard one in members' forms)`,
      tags,
      auth: true,
      params: OrgParams,
      body: OrganisationList,
      response: OrganisationList,
    }),
  ] as const;

export const [getOrganisationTags, putOrganisationTags] = listCalls(
  "tags",
  "tags, offered on members' entries",
);
export const [getOrganisationCategories, putOrganisationCategories] = listCalls(
  "categories",
  "CPD categories, replacing the standard list in members' forms",
);
export const [getOrganisationArrangedIn, putOrganisationArrangedIn] = listCalls(
  "arranged-in",
  "'arranged in' list, replacing the standard activity types in members' diaries",
);

export const AnnualReview = Type.Object({
  id: Uuid(),
  date: IsoDate,
  metRequirements: Type.Boolean(),
  comments: Text(),
  organisationName: Text(),
  reviewerName: Text(),
});

export const createUserReview = endpoint({
  method: "POST",
  path: "/organisations/user-review",
  summary: "Record an annual review of one of the organisation's users",
  tags,
  auth: true,
  body: Type.Object({
    user: Uuid(),
    date: IsoDate,
    comments: Text({ maxLength: ORGANISATION_LIMITS.reviewComments }),
    metRequirements: Type.Boolean(),
  }),
  response: AnnualReview,
  status: 201,
});

export const myReviews = endpoint({
  method: "GET",
  path: "/organisations/reviews",
  summary: "The caller's annual reviews, newest first",
  tags: ["profile"],
  auth: true,
  query: Type.Object(pageQuery(100)),
  response: Paged(AnnualReview),
});

const MonthValue = Type.Object({ month: Text({ description: "YYYY-MM" }), value: Type.Number() });

export const organisationAnalytics = endpoint({
  method: "GET",
  path: "/organisations/:id/analytics",
  summary:
    "Charts of the organisation's CPD between from and to (default the last 12 months): hours by month, by category, and completeness",
  tags,
  auth: true,
  params: OrgParams,
  query: Type.Object({
    from: Type.Optional(IsoDate),
    to: Type.Optional(IsoDate),
    /** Only users holding this role. */
    Role: Type.Optional(Text({ maxLength: 50 })),
  }),
  response: Type.Object({
    users: Type.Integer(),
    activeUsers: Type.Integer(),
    entries: Type.Integer(),
    hours: Type.Number(),
    hoursByMonth: Type.Array(MonthValue),
    entriesByMonth: Type.Array(MonthValue),
    categories: Type.Array(Type.Object({ category: Text(), hours: Type.Number(), entries: Type.Integer() })),
    /** Entries by completeness (1 low ... 3 complete), per month. */
    completeness: Type.Array(
      Type.Object({ month: Text(), low: Type.Integer(), partial: Type.Integer(), complete: Type.Integer() }),
    ),
  }),
});
