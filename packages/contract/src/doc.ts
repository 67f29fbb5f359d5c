// What the OpenAPI document says beyond the calls themselves: the groups (tags) operations are
// listed under, and the meaning of parameters that many calls share, for those that do not
// describe their own.

/** Every tag an operation uses, in the order a reader meets them. */
export const API_TAGS = [
  {
    name: "auth",
    description:
      "Log in and out, passwords, QR log-in, impersonation: the session token every other call sends",
  },
  {
    name: "account",
    description: "Registration, e-mail confirmation, verified contacts, data export and account deletion",
  },
  { name: "shell", description: "What the signed-in user's app shows: menu, features, notices, branding" },
  {
    name: "profile",
    description: "The professional's profile, personal profile, tags, governing bodies and additional fields",
  },
  {
    name: "forms",
    description: "The diary, reflection and supervision forms and the JSON Schema of an entry's body",
  },
  {
    name: "entries",
    description: "CPD entries: create from a form, update, list with search and filters, PDF, tags",
  },
  { name: "files", description: "My Files and evidence: uploads (multipart or raw), downloads, renaming" },
  { name: "documents", description: "Personal identity documents (passport, DBS, ...) with expiry dates" },
  { name: "shared-cpd", description: "Learning shared with the community: share, list, upvote" },
  { name: "dashboard", description: "Totals, charts and the CPD-hours countdown" },
  {
    name: "calendar",
    description: "Events and webinars by month, registration, the iCalendar feed, organisation events",
  },
  { name: "webinars", description: "Webinars: listing, registration, My Webinars" },
  { name: "videos", description: "Video libraries and video certificates" },
  { name: "clinical-skills", description: "The linked Clinical Skills account and its statistics" },
  {
    name: "hcpc-portal",
    description: "The HCPC audit submission: summary, statement, activities and evidence",
  },
  {
    name: "portfolio",
    description: "Print-ready portfolio PDFs, built by a worker and downloaded or e-mailed",
  },
  {
    name: "supervision",
    description: "Supervision records shared with an external supervisor, review, sign-off and verification",
  },
  {
    name: "revalidation",
    description:
      "Revalidation with every UK regulator: registrations, rule packs, progress, entry tags, records",
  },
  {
    name: "attestations",
    description:
      "Third-party attestations of revalidation records: requests, the attester's code, view, signature, verification",
  },
  {
    name: "identifiers",
    description: "The patient-identifier check: NHS, CHI and H&C numbers and other patient details in a text",
  },
  { name: "settings", description: "The user's own settings" },
  {
    name: "membership",
    description: "Premium membership: payment page, webhook and the administrator's register",
  },
  {
    name: "organisation",
    description: "An organisation manager's area: users report, imports, annual reviews, settings, lists",
  },
  {
    name: "admin",
    description: "Administration: organisations, memberships, moderation, certificates, activity log",
  },
  { name: "ops", description: "Health and readiness probes for load balancers and orchestrators" },
] as const;

/** Descriptions of parameters shared by many calls, used where a call gives none of its own. */
export const PARAMETER_DESCRIPTIONS: Record<string, string> = {
  id: "The item's id",
  perPage: "Items per page",
  page: "The page, from 1",
  filter: "Text searched for (case-insensitive)",
  search: "Text searched for (case-insensitive)",
  download: "true: answer as an attachment (Content-Disposition) rather than to show in the browser",
  state: "Only items in this state",
  category: "Only items of this category",
  token: "The session token, for links a browser opens without headers (same as ?auth_token=)",
  type: "Only items of this type",
  kind: "Only items of this kind",
  revalidationStatus:
    "Only members whose nearest revalidation deadline has this status (none: no registration)",
  sortBy: "The column to sort by",
  sortDesc: "true: sort descending",
  sortDir: "Sort direction",
  sort: "Sort order",
  period: "12, 24 or 36 months back from today, lifetime, or custom (with from and to)",
  webinarIdStr: "The webinar's id",
  identifier: "The entry type (diary, reflection or supervision)",
  organisationId: "The organisation's id",
  organisationKey: "The organisation's key (its address name)",
  email: "An e-mail address",
  entryId: "The entry's id",
  registrationId: "Only items of this registration",
  redirect_to: "Where to return after signing in (a path of this site)",
  redirectTo: "Where to return after signing in (a path of this site)",
  referrer: "The page the visitor came from",
  user: "The user's id",
  year: "Only entries of this calendar year",
  tag: "Only entries with this tag",
  governingBody: "Only entries mapped to this governing body's standards",
  countsTowards:
    "Only the entries counting towards a revalidation requirement: <registration id>:<requirement id>",
  completeness: "Only entries this complete: 1 complete, 2 partial, 3 incomplete",
  formId: "The form's id",
  fieldId: "The additional field's id",
  videoId: "The video's id",
  expires: "Expiry of the signed link (seconds since 1970), as issued",
  signature: "Signature of the link, as issued",
  hash: "The link's hash, as issued",
  code: "The authorisation code the identity provider returned",
  error: "The identity provider's error code",
  error_description: "The identity provider's error text",
  iss: "The identity provider's issuer",
  deleteNow: "true: delete at once rather than after the notice period",
  Role: "Only users with this role",
  action: "Only log entries of this action",
  group: "The member group",
  evidenceId: "The evidence file's id",
};
