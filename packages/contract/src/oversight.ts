// What administrators and organisation managers see of members' shared CPD and certificates,
// and the administrator's member groups (REQ-ADMIN-02, REQ-ORG-05: admin shared-cpd, certificates,
// member-groups; organisation certificates, shared-cpd). The spec names the screens without
// their contents; ADR 0010 says what they hold and why.
import { Type } from "@sinclair/typebox";
import { endpoint, IsoDate, IsoDateTime, Nullable, Paged } from "./endpoint.js";
import { IdParams, PageParams, SerialId, Text, Uuid } from "./primitives.js";
import { SHARED_CPD_CATEGORIES } from "./shared-cpd.js";

export const MODERATION_LIMITS = { reason: 500 } as const;

const OrgPage = Type.Composite([Type.Object({ id: SerialId() }), PageParams(100)]);
const Person = Type.Object({ id: Uuid(), email: Text(), name: Text() });

/** A shared CPD item as moderators see it: its author, and whether (why, by whom) it is hidden. */
export const ModeratedShare = Type.Object({
  id: Uuid(),
  title: Text(),
  description: Text(),
  category: Text(),
  websiteUrl: Text(),
  upvotes: Type.Integer(),
  createdAt: IsoDateTime,
  author: Person,
  organisation: Nullable(Text()),
  hidden: Nullable(Type.Object({ at: IsoDateTime, reason: Text(), by: Nullable(Text()) })),
});

export const SHARE_STATES = ["all", "visible", "hidden"] as const;
const ShareQuery = Type.Object({
  state: Type.Optional(Type.Union(SHARE_STATES.map((s) => Type.Literal(s)))),
  category: Type.Optional(Type.Union(SHARED_CPD_CATEGORIES.map((c) => Type.Literal(c)))),
  /** Part of the title, description or the author's e-mail address. */
  search: Type.Optional(Text({ maxLength: 200 })),
});

export const moderatedShares = endpoint({
  method: "GET",
  path: "/admin/shared-cpd/limit/:perPage/page/:page",
  summary: "Every shared CPD item, hidden ones included, newest first",
  tags: ["admin"],
  auth: true,
  params: PageParams(100),
  query: ShareQuery,
  response: Paged(ModeratedShare),
});

export const hideShare = endpoint({
  method: "POST",
  path: "/admin/shared-cpd/:id/hide",
  summary: "Hide a shared CPD item from the community list, with a reason (the author keeps the entry)",
  tags: ["admin"],
  auth: true,
  params: IdParams,
  body: Type.Object({ reason: Text({ minLength: 1, maxLength: MODERATION_LIMITS.reason }) }),
  response: ModeratedShare,
});

export const restoreShare = endpoint({
  method: "POST",
  path: "/admin/shared-cpd/:id/restore",
  summary: "Show a hidden shared CPD item again",
  tags: ["admin"],
  auth: true,
  params: IdParams,
  response: ModeratedShare,
});

export const recategoriseShare = endpoint({
  method: "PUT",
  path: "/admin/shared-cpd/:id/category",
  summary: "Move a shared CPD item to another category",
  tags: ["admin"],
  auth: true,
  params: IdParams,
  body: Type.Object({ category: Type.Union(SHARED_CPD_CATEGORIES.map((c) => Type.Literal(c))) }),
  response: ModeratedShare,
});

export const organisationShares = endpoint({
  method: "GET",
  path: "/organisations/:id/shared-cpd/limit/:perPage/page/:page",
  summary: "What the organisation's members have shared, hidden items marked, newest first",
  tags: ["organisation"],
  auth: true,
  params: OrgPage,
  query: ShareQuery,
  response: Paged(ModeratedShare),
});

export const CERTIFICATE_STATES = ["Queued", "Issued"] as const;

export const CertificateRow = Type.Object({
  id: Uuid(),
  videoName: Text(),
  state: Text(),
  createdAt: IsoDateTime,
  issuedAt: Nullable(IsoDateTime),
  user: Person,
  organisation: Nullable(Text()),
});

const CertificateQuery = Type.Object({
  state: Type.Optional(Type.Union(CERTIFICATE_STATES.map((s) => Type.Literal(s)))),
  /** Part of the video's name or the member's e-mail address. */
  search: Type.Optional(Text({ maxLength: 200 })),
  /** Requested on or after / on or before these London days. */
  from: Type.Optional(IsoDate),
  to: Type.Optional(IsoDate),
});

const CertificatePage = Type.Object({
  items: Type.Array(CertificateRow),
  total: Type.Integer(),
  /** Over the whole filtered set, not just this page. */
  byState: Type.Array(Type.Object({ state: Text(), certificates: Type.Integer() })),
});

export const adminCertificates = endpoint({
  method: "GET",
  path: "/admin/certificates/limit/:perPage/page/:page",
  summary: "Video certificates requested by every member, newest first, with counts by state",
  tags: ["admin"],
  auth: true,
  params: PageParams(100),
  query: CertificateQuery,
  response: CertificatePage,
});

export const organisationCertificates = endpoint({
  method: "GET",
  path: "/organisations/:id/certificates/limit/:perPage/page/:page",
  summary: "Video certificates of the organisation's members, newest first, with counts by state",
  tags: ["organisation"],
  auth: true,
  params: OrgPage,
  query: CertificateQuery,
  response: CertificatePage,
});

/**
 * Members grouped by where they stand (REQ-MEMBER-02, REQ-MEMBER-03 membership and trial rules, the same rules
 * the account's own status uses): each account is in exactly one group.
 */
export const MEMBER_GROUPS = {
  premium: "Premium members",
  corporate: "Corporate members",
  trial: "On a trial",
  "trial-ended": "Trial ended",
  lapsed: "Membership ended",
  legacy: "Legacy accounts",
} as const;
export type MemberGroup = keyof typeof MEMBER_GROUPS;
const GroupName = Type.Union(Object.keys(MEMBER_GROUPS).map((g) => Type.Literal(g)));

export const memberGroups = endpoint({
  method: "GET",
  path: "/admin/member-groups",
  summary: "How many accounts are in each member group, and how many of them are due to be deleted",
  tags: ["admin"],
  auth: true,
  response: Type.Array(
    Type.Object({ group: Text(), label: Text(), members: Type.Integer(), deletionScheduled: Type.Integer() }),
  ),
});

export const MemberGroupRow = Type.Object({
  id: Uuid(),
  email: Text(),
  name: Text(),
  organisation: Nullable(Text()),
  createdAt: IsoDateTime,
  lastLoginAt: Nullable(IsoDateTime),
  /** The trial's or the membership's end, whichever applies to the group. */
  endDate: Nullable(IsoDate),
  deletionScheduledFor: Nullable(IsoDate),
});

export const memberGroupMembers = endpoint({
  method: "GET",
  path: "/admin/member-groups/:group/limit/:perPage/page/:page",
  summary: "The accounts in one member group, by e-mail address, filtered by part of an e-mail or name",
  tags: ["admin"],
  auth: true,
  params: Type.Composite([Type.Object({ group: GroupName }), PageParams(100)]),
  query: Type.Object({ filter: Type.Optional(Text({ maxLength: 200 })) }),
  response: Paged(MemberGroupRow),
});
