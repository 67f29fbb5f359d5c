// What a whole-record export holds (REQ-ACCOUNT-04): every row of the user in every table that holds
// their data, by table, in an order that restores without breaking a foreign key, plus the keys of
// every stored object the rows name. A table added to the schema must be listed here or in
// EXCLUDED_TABLES (the export test fails otherwise), so nothing is left out by accident.

/** account.json's `format` and the version of its layout; the importer refuses newer versions. */
export const EXPORT_FORMAT = "cpd-account-export";
export const EXPORT_FORMAT_VERSION = 1;

interface ObjectColumn {
  /** The column holding an S3 key. */
  column: string;
  /** The column holding the object's content type, if the row has one. */
  contentTypeColumn?: string;
}

export interface TableSpec {
  table: string;
  /** Which rows are the user's ($1 = user id); every condition uses an index. */
  where: string;
  /** A stable order (the primary key), so two exports of the same data are the same. */
  orderBy: string;
  /** Columns never exported (secrets); they restore as null. */
  omit?: readonly string[];
  objects?: readonly ObjectColumn[];
  /**
   * What makes a row the user's, checked again on import: the column holds the user's id, or the
   * id of one of the user's rows in `of` (a crafted file cannot write into someone else's record).
   */
  owner: { column: string; of?: "entries" | "supervision_shares" };
}

const own = { where: "t.user_id = $1", owner: { column: "user_id" } } as const;
const ownEntries = {
  where: "t.entry_id IN (SELECT e.id FROM entries e WHERE e.user_id = $1)",
  owner: { column: "entry_id", of: "entries" },
} as const;
const ownShares = {
  where: "t.share_id IN (SELECT s.id FROM supervision_shares s WHERE s.user_id = $1)",
  owner: { column: "share_id", of: "supervision_shares" },
} as const;

/** In restore order: a row's foreign keys point only at tables above it (or at shared data). */
export const EXPORT_TABLES: readonly TableSpec[] = [
  { table: "users", where: "t.id = $1", owner: { column: "id" }, orderBy: "t.id" },
  { table: "user_roles", ...own, orderBy: "t.role" },
  {
    table: "profiles",
    ...own,
    orderBy: "t.user_id",
    objects: [{ column: "image_key", contentTypeColumn: "image_content_type" }],
  },
  { table: "personal_profiles", ...own, orderBy: "t.user_id" },
  { table: "memberships", ...own, orderBy: "t.user_id" },
  { table: "trials", ...own, orderBy: "t.user_id" },
  { table: "dashboard_settings", ...own, orderBy: "t.user_id" },
  { table: "user_tags", ...own, orderBy: "t.id" },
  { table: "email_change_log", ...own, orderBy: "t.id" },
  { table: "entries", ...own, orderBy: "t.id" },
  {
    table: "files",
    ...own,
    orderBy: "t.id",
    objects: [{ column: "storage_key", contentTypeColumn: "content_type" }],
  },
  { table: "identity_documents", ...own, orderBy: "t.id" },
  { table: "shared_cpd", ...ownEntries, orderBy: "t.id" },
  { table: "shared_cpd_upvotes", ...own, orderBy: "t.shared_id" },
  { table: "webinar_registrations", ...own, orderBy: "t.webinar_id" },
  { table: "event_registrations", ...own, orderBy: "t.event_id" },
  {
    table: "portfolio_requests",
    ...own,
    orderBy: "t.id",
    objects: [{ column: "storage_key" }],
  },
  { table: "video_certificates", ...own, orderBy: "t.id" },
  {
    table: "supervision_shares",
    ...own,
    orderBy: "t.id",
    // The reviewee's pending 2FA code: never leaves the server.
    omit: ["code_request_id", "code_hash", "code_requested_at", "code_expires_at"],
  },
  { table: "supervision_topics", ...ownEntries, orderBy: "t.id" },
  { table: "supervision_comments", ...ownShares, orderBy: "t.id" },
  { table: "supervision_signatures", ...ownShares, orderBy: "t.id", objects: [{ column: "storage_key" }] },
  { table: "account_notices", ...own, orderBy: "t.kind, t.due_date" },
  { table: "payment_events", ...own, orderBy: "t.id" },
  { table: "additional_field_values", ...own, orderBy: "t.field_id" },
  { table: "registrations", ...own, orderBy: "t.id" },
  { table: "revalidation_records", ...own, orderBy: "t.id" },
  { table: "entry_revalidation", ...own, orderBy: "t.entry_id" },
  { table: "entry_identifier_resolutions", ...own, orderBy: "t.id" },
  {
    table: "attestations",
    ...own,
    orderBy: "t.id",
    // The attester's pending code never leaves the server, nor the address they signed from.
    omit: ["code_request_id", "code_hash", "code_requested_at", "code_expires_at", "signer_ip"],
    objects: [{ column: "signature_key" }],
  },
  {
    table: "revalidation_submissions",
    ...own,
    orderBy: "t.id",
    objects: [{ column: "storage_key" }],
  },
];

/**
 * Shared rows the user's rows depend on, exported beside them: the form versions their entries
 * were written with (answers are keyed by the form's items). Restored only where missing.
 */
export const REFERENCE_TABLES: readonly TableSpec[] = [
  {
    table: "form_definitions",
    where: "t.id IN (SELECT e.form_id FROM entries e WHERE e.user_id = $1)",
    owner: { column: "id" },
    orderBy: "t.id",
  },
];

/** Tables with a user's rows that the export leaves out, and why (written into account.json). */
export const EXCLUDED_TABLES: Readonly<Record<string, string>> = {
  credentials: "password hash: the imported account sets a new password (password reset)",
  password_reset_tokens: "single-use link tokens",
  otp_tokens: "single-use login tokens",
  account_link_tokens: "single-use link tokens",
  contact_verifications: "pending verification codes",
  hcpc_access: "audit portal link tokens",
  hcpc_gap_explanation: "explanations kept with an audit portal link, which is not exported",
  supervision_guest_sessions: "reviewee session tokens",
  attestation_guest_sessions: "attester session tokens",
  clinical_skills_links: "a third-party access token sealed with this server's key: link again",
  account_exports: "the exports themselves",
  activity_log: "administrators' audit log, not part of the record",
  annual_reviews: "the organisation's reviews of the member, naming the reviewer: the organisation's record",
};

/** Tables of shared data with no user's rows (organisations, catalogues, migrations). */
export const SHARED_TABLES = [
  "_prisma_migrations",
  "organisations",
  "feature_flags",
  "form_definitions",
  "webinars",
  "calendar_events",
  "video_libraries",
  "videos",
  // Administrators' register of outside memberships, matched to accounts by address.
  "membership_records",
] as const;

/** The SQL reading a table's rows of one user, as JSON text (secrets removed). Table names are constants. */
export function rowsSql(spec: TableSpec) {
  const omit = spec.omit?.length ? ` - ARRAY[${spec.omit.map((c) => `'${c}'`).join(",")}]::text[]` : "";
  return `SELECT (to_jsonb(t)${omit})::text AS row FROM "${spec.table}" t WHERE ${spec.where} ORDER BY ${spec.orderBy}`;
}

/** Where an object's bytes sit inside the ZIP. */
export const objectPath = (key: string) => `files/${key}`;
