// Patient identifiers in what a user saved (REQ-IDENT-02/03, ADR 0029): the findings an entry's
// save answers, the "this is not a patient identifier" resolution, remembered per entry by a hash
// of the flagged text (never the text), and the 409 that stops a record leaving while a finding in
// it is unresolved (sharing, supervision and attestation shares, portfolio, HCPC and revalidation
// packs, the account export).
import { Type } from "@sinclair/typebox";
import { endpoint } from "./endpoint.js";
import { RecordFinding } from "./identifiers.js";
import { IdParams, Text } from "./primitives.js";

/** Longest flagged text a resolution takes (an e-mail address is the longest finding). */
export const IDENTIFIER_RESOLUTION_MAX_LENGTH = 320;

/**
 * The text a resolution is remembered by: the same finding written with other spacing or case is
 * the same. The server and the SPA hash this (SHA-256, lower-case hex) and compare hashes only.
 */
export const resolutionKey = (text: string) =>
  text.normalize("NFKC").replace(/\s+/g, " ").trim().toLowerCase();

export const IDENTIFIER_FINDING_MESSAGES = {
  /** The 409's message (code IDENTIFIERS_FOUND); details.findings lists them. */
  blocked:
    "This looks like it identifies a patient. Redact it, or mark it as not a patient identifier, before it leaves your record.",
  /**
   * The 409's message when a finding is in a file: a file has no "not a patient identifier"
   * resolution, so its remedy is another file or none.
   */
  blockedFile:
    "This looks like it identifies a patient. Redact it, or mark it as not a patient identifier, before it leaves your record. A file cannot be marked: rename it, or remove it and upload a redacted copy.",
  /** The 409's message to an organisation manager: the member's records hold the findings. */
  memberBlocked:
    "This member's records hold what looks like a patient identifier. They must redact it, or mark it as not a patient identifier, before their portfolio can be made.",
  resolved: "Marked as not a patient identifier",
  notFlagged: "That text is not flagged in this entry",
  /** The entries list's badge on an entry with unresolved findings. */
  unresolvedCount: (n: number) => `${n} possible patient identifier${n === 1 ? "" : "s"}`,
} as const;

/** The unresolved findings of one entry, after a save or a resolution. */
export const EntryFindings = Type.Object({
  identifierFindings: Type.Array(RecordFinding),
  unresolvedFindings: Type.Integer({ minimum: 0 }),
});

export const resolveEntryIdentifier = endpoint({
  method: "POST",
  path: "/entries/:id/identifier-resolutions",
  summary: "Mark a flagged text in an entry as not a patient identifier",
  description:
    "Remembers, for this entry only, that `text` (a finding's text as flagged) is not a patient " +
    "identifier: it is no longer reported in this entry and no longer stops the entry leaving. The " +
    "entry's history records who and when, and the SHA-256 of the text (resolutionKey), never the text.",
  tags: ["identifiers"],
  auth: true,
  params: IdParams,
  body: Type.Object(
    { text: Text({ minLength: 1, maxLength: IDENTIFIER_RESOLUTION_MAX_LENGTH }) },
    { additionalProperties: false },
  ),
  response: EntryFindings,
});
