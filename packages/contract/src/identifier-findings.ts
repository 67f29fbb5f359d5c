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
  /**
   * The 409's message (code IDENTIFIER_CHECK_PENDING) while a file that would leave was uploaded
   * moments ago and its text is still being read (ADR 0031): it leaves once checked.
   */
  checking: "A file is still being checked for patient identifiers. Try again in a minute.",
  /**
   * The 409's message to a supervision share's reviewee (code IDENTIFIERS_FOUND) when the record,
   * changed since it was shared, holds an unresolved finding: it is not shown until its owner deals with it.
   */
  sharedBlocked:
    "This record has changed since it was shared and may now identify a patient. It can be opened again once its owner has dealt with that.",
  /** The 409's message to a reviewee asking for an evidence file that is withheld. */
  fileWithheld:
    "This file is not available: it may identify a patient, or it is still being checked. Its owner has been told.",
  /** A supervision share's view, to the reviewee: evidence files not shown. */
  withheldFiles: (n: number) =>
    `${n} evidence file${n === 1 ? " is" : "s are"} not shown: ${n === 1 ? "it" : "they"} may identify a patient, or ${n === 1 ? "is" : "are"} still being checked.`,
  /** The same view, to the record's owner: what their reviewer cannot open, and what to do. */
  withheldFromReviewer: (record: boolean, files: number) =>
    [
      record
        ? "Your reviewer cannot open this record: since it was shared it has gained what looks like a patient identifier. Redact it, or mark it as not a patient identifier."
        : "",
      files
        ? `${files} evidence file${files === 1 ? " is" : "s are"} not shown to your reviewer: ${files === 1 ? "it" : "they"} may identify a patient (rename, or remove it and upload a redacted copy), or ${files === 1 ? "is" : "are"} still being checked.`
        : "",
    ]
      .filter(Boolean)
      .join(" "),
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
