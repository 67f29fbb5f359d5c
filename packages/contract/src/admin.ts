// The administrator's area (REQ-ADMIN-01, REQ-ADMIN-02): membership records, organisations, the activity log,
// the overview, and ending an impersonation. Each finer admin role reaches its own screen only;
// the role Admin reaches every one (ADMIN_SCREEN_ROLES).
import { Type } from "@sinclair/typebox";
import { LoginResponse } from "./auth.js";
import { endpoint, IsoDate, IsoDateTime, Nullable, Paged } from "./endpoint.js";
import { Email, HttpUrl, Int, PageParams, SerialId, Text, Uuid } from "./primitives.js";

const tags = ["admin"];

export const MEMBERSHIP_RECORD_LIMITS = { identifier: 100, type: 50, notes: 2000, importRows: 5000 } as const;

/**
 * A membership of a professional body held outside the product (type and identifier, e.g.
 * "BDA" 12345): a register the administrators keep, matched to the account with the same e-mail
 * address. A record does not change the account's tier (ADR 0009: what a record grants is a
 * billing decision the requirements do not take).
 */
export const MembershipRecord = Type.Object({
  id: Uuid(),
  identifier: Text(),
  type: Text(),
  email: Text(),
  active: Type.Boolean(),
  startDate: Nullable(IsoDate),
  endDate: Nullable(IsoDate),
  notes: Text(),
  /** The account with this e-mail address, when there is one. */
  user: Nullable(Type.Object({ id: Uuid(), name: Text(), tier: Text() })),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});

const RecordFields = {
  identifier: Text({ minLength: 1, maxLength: MEMBERSHIP_RECORD_LIMITS.identifier }),
  type: Text({ minLength: 1, maxLength: MEMBERSHIP_RECORD_LIMITS.type }),
  email: Email(),
  active: Type.Optional(Type.Boolean()),
  startDate: Type.Optional(Nullable(IsoDate)),
  endDate: Type.Optional(Nullable(IsoDate)),
  notes: Type.Optional(Text({ maxLength: MEMBERSHIP_RECORD_LIMITS.notes })),
};
const IdParams = Type.Object({ id: Uuid() });

export const searchMembershipRecords = endpoint({
  method: "GET",
  path: "/admin/membership-management/search",
  summary:
    "Membership records matching an identifier, type or e-mail (each a prefix, ignoring case), 20 per page",
  tags,
  auth: true,
  query: Type.Object({
    identifier: Type.Optional(Text({ maxLength: MEMBERSHIP_RECORD_LIMITS.identifier })),
    type: Type.Optional(Text({ maxLength: MEMBERSHIP_RECORD_LIMITS.type })),
    email: Type.Optional(Text({ maxLength: 254 })),
    page: Type.Optional(Int(1, 100_000)),
  }),
  response: Paged(MembershipRecord),
});

export const createMembershipRecord = endpoint({
  method: "POST",
  path: "/admin/membership-management/membership",
  summary: "Create a membership record (type and identifier unique)",
  tags,
  auth: true,
  body: Type.Object(RecordFields),
  response: MembershipRecord,
  status: 201,
});

export const getMembershipRecord = endpoint({
  method: "GET",
  path: "/admin/membership-management/membership/:id",
  summary: "One membership record",
  tags,
  auth: true,
  params: IdParams,
  response: MembershipRecord,
});

export const updateMembershipRecord = endpoint({
  method: "PUT",
  path: "/admin/membership-management/membership/:id",
  summary: "Replace a membership record",
  tags,
  auth: true,
  params: IdParams,
  body: Type.Object(RecordFields),
  response: MembershipRecord,
});

export const importMembershipRecords = endpoint({
  method: "POST",
  path: "/admin/membership-management/import",
  summary:
    "Import membership records (type, identifier, email): new ones are created and known ones updated, all in one transaction; one bad row imports nothing",
  tags,
  auth: true,
  body: Type.Array(
    Type.Object({
      type: Text({ maxLength: 1000 }),
      identifier: Text({ maxLength: 1000 }),
      email: Text({ maxLength: 1000 }),
    }),
    { minItems: 1, maxItems: MEMBERSHIP_RECORD_LIMITS.importRows },
  ),
  response: Type.Object({
    created: Type.Integer(),
    updated: Type.Integer(),
    message: Text(),
    errors: Type.Array(Type.Object({ row: Type.Integer(), message: Text() })),
  }),
});

export const ActivityLogRow = Type.Object({
  id: Uuid(),
  at: IsoDateTime,
  action: Text(),
  /** Who acted: null for the system (jobs) or a deleted account. */
  actor: Nullable(Type.Object({ id: Uuid(), email: Text() })),
  /** Whom it concerned, where a user. */
  subject: Nullable(Type.Object({ id: Uuid(), email: Text() })),
  organisationId: Nullable(Type.Integer()),
  details: Type.Record(Type.String(), Type.Unknown()),
});

export const activityLog = endpoint({
  method: "GET",
  path: "/admin/activity-log/limit/:perPage/page/:page",
  summary: "The activity log, newest first: every administrator action and impersonation, and account events",
  tags,
  auth: true,
  params: PageParams(100),
  query: Type.Object({
    /** An action, or its prefix ending in "." (e.g. "membership."). */
    action: Type.Optional(Text({ maxLength: 100 })),
    /** The actor's or the subject's e-mail address. */
    email: Type.Optional(Text({ maxLength: 254 })),
    organisationId: Type.Optional(SerialId()),
    from: Type.Optional(IsoDate),
    to: Type.Optional(IsoDate),
  }),
  response: Paged(ActivityLogRow),
});

export const AdminOrganisation = Type.Object({
  id: Type.Integer(),
  key: Text(),
  name: Text(),
  enabled: Type.Boolean(),
  governingBodyType: Nullable(Text()),
  features: Type.Record(Text(), Type.Boolean()),
  logoUrl: Nullable(Text()),
  loginLogoUrl: Nullable(Text()),
  /** Set when a logo is still at a foreign address the page does not show (ADR 0021). */
  logoNotice: Nullable(Text()),
  loginLink: Nullable(Text()),
  colourHex: Nullable(Text()),
  videoUrl: Nullable(Text()),
  usesOauth: Type.Boolean(),
  oidcIssuer: Nullable(Text()),
  oidcClientId: Nullable(Text()),
  /** Whether a client secret is stored (it is never sent back). */
  oidcClientSecretSet: Type.Boolean(),
  managers: Type.Array(Type.Object({ id: Uuid(), email: Text(), name: Text() })),
  userCount: Type.Integer(),
  createdAt: IsoDateTime,
});

const OrganisationFields = {
  key: Text({ minLength: 2, maxLength: 50, pattern: "^[a-z0-9][a-z0-9-]*[a-z0-9]$" }),
  name: Text({ minLength: 1, maxLength: 200 }),
  enabled: Type.Boolean(),
  governingBodyType: Nullable(Text({ minLength: 1, maxLength: 100 })),
  features: Type.Record(Text({ maxLength: 100 }), Type.Boolean()),
  /**
   * The logos are uploaded (uploadOrganisationLogo); here each is sent back as it was read
   * (unchanged) or null (removed). Any other value is refused (ADR 0021).
   */
  logoUrl: Nullable(Text({ maxLength: 2_000_000 })),
  loginLogoUrl: Nullable(Text({ maxLength: 2_000_000 })),
  /** The organisation's own sign-in address shown to its members; omitted: unchanged. */
  loginLink: Type.Optional(
    Nullable(
      Text({ minLength: 1, maxLength: 2000, pattern: '^(https?://|/)[^\\s<>"\\u0000\\uD800-\\uDFFF]*$' }),
    ),
  ),
  colourHex: Nullable(Text({ pattern: "^#[0-9A-Fa-f]{6}$" })),
  videoUrl: Nullable(HttpUrl()),
  usesOauth: Type.Boolean(),
  oidcIssuer: Nullable(HttpUrl()),
  oidcClientId: Nullable(Text({ minLength: 1, maxLength: 200 })),
  /** Omitted: keep the stored secret; null: remove it. */
  oidcClientSecret: Type.Optional(Nullable(Text({ minLength: 1, maxLength: 500 }))),
  /** E-mail addresses of the organisation's managers (existing members of the organisation). */
  managers: Type.Array(Email(), { maxItems: 50 }),
};

export const adminOrganisations = endpoint({
  method: "GET",
  path: "/admin/organisations/limit/:perPage/page/:page",
  summary: "Organisations, by name, filtered by part of a name or key",
  tags,
  auth: true,
  params: PageParams(100),
  query: Type.Object({ filter: Type.Optional(Text({ maxLength: 100 })) }),
  response: Paged(AdminOrganisation),
});

export const createOrganisation = endpoint({
  method: "POST",
  path: "/admin/organisations",
  summary: "Create an organisation",
  tags,
  auth: true,
  body: Type.Object(OrganisationFields),
  response: AdminOrganisation,
  status: 201,
});

export const getAdminOrganisation = endpoint({
  method: "GET",
  path: "/admin/organisations/:id",
  summary: "One organisation's configuration",
  tags,
  auth: true,
  params: Type.Object({ id: SerialId() }),
  response: AdminOrganisation,
});

export const configureOrganisation = endpoint({
  method: "PUT",
  path: "/admin/organisations/:id",
  summary: "Replace an organisation's configuration: features, branding, single sign-on, managers",
  tags,
  auth: true,
  params: Type.Object({ id: SerialId() }),
  body: Type.Object(OrganisationFields),
  response: AdminOrganisation,
});

export const adminOverview = endpoint({
  method: "GET",
  path: "/admin/overview",
  summary: "Members by tier, users active in the last 30 days, and entries per week for the last 12 weeks",
  tags,
  auth: true,
  response: Type.Object({
    membersByTier: Type.Array(Type.Object({ tier: Text(), users: Type.Integer() })),
    activeUsers: Type.Integer(),
    organisations: Type.Integer(),
    entriesPerWeek: Type.Array(Type.Object({ week: IsoDate, entries: Type.Integer() })),
  }),
});

export const impersonation = endpoint({
  method: "GET",
  path: "/auth/impersonation",
  summary: "Whether this session is an administrator acting as the user, and who",
  tags: ["auth"],
  auth: true,
  response: Type.Object({
    impersonating: Type.Boolean(),
    administrator: Nullable(Type.Object({ id: Uuid(), email: Text() })),
    user: Type.Object({ id: Uuid(), email: Text() }),
  }),
});

export const endImpersonation = endpoint({
  method: "POST",
  path: "/auth/impersonation/end",
  errors: [400],
  summary:
    "End an impersonation: the impersonation session stops working and the administrator's session is answered",
  tags: ["auth"],
  auth: true,
  response: LoginResponse,
});
