// Patient identifiers (REQ-IDENT-01..05, ADR 0029): the kinds, their wording and the schemas of a
// finding. The detector itself is in identifier-detector.ts, apart, so that the schemas every
// screen's API client carries do not bring the detector into the login page's JavaScript.
import { type Static, Type } from "@sinclair/typebox";
import { Uuid } from "./primitives.js";

export const IDENTIFIER_KINDS = [
  "nhs-number",
  "nhs-test-number",
  "hc-number",
  "chi-number",
  "postcode",
  "date-of-birth",
  "hospital-number",
  "email",
  "phone",
] as const;
export type IdentifierKind = (typeof IDENTIFIER_KINDS)[number];

/** "identifier": a patient's number, never to leave a record; "check": may identify someone, the writer decides. */
export const IDENTIFIER_SEVERITIES = ["identifier", "check"] as const;
export type IdentifierSeverity = (typeof IDENTIFIER_SEVERITIES)[number];

/** Why each kind is flagged, as the writer reads it. */
export const IDENTIFIER_MESSAGES: Record<IdentifierKind, string> = {
  "nhs-number":
    "This looks like an NHS number (it passes the NHS number check). Records must not identify a patient: remove or redact it.",
  "nhs-test-number":
    "This is an NHS test number (999 000 0000 to 999 999 9999), not a real patient's. Remove it or mark it as not a patient identifier.",
  "hc-number":
    "This looks like a Northern Ireland Health and Care number. Records must not identify a patient: remove or redact it.",
  "chi-number":
    "This looks like a Scottish CHI number (a date of birth and a valid check digit). Records must not identify a patient: remove or redact it.",
  postcode: "This looks like a full postcode. Check it does not identify where a patient lives.",
  "date-of-birth": "This looks like a date of birth. Check it does not identify a patient.",
  "hospital-number": "This looks like a hospital number or MRN. Check it does not identify a patient.",
  email: "This is an e-mail address that is not yours. Check it does not identify a patient or colleague.",
  phone: "This is a phone number that is not yours. Check it does not identify a patient or colleague.",
};

export const IdentifierFinding = Type.Object({
  kind: Type.Union(IDENTIFIER_KINDS.map((k) => Type.Literal(k))),
  /** UTF-16 offsets into the text: text.slice(start, end) is what was found. */
  start: Type.Integer({ minimum: 0 }),
  end: Type.Integer({ minimum: 0 }),
  severity: Type.Union(IDENTIFIER_SEVERITIES.map((s) => Type.Literal(s))),
  reason: Type.String(),
});
export type IdentifierFinding = Static<typeof IdentifierFinding>;

/** One finding in a saved record: which field (the form's key or "title"), where, what. */
export const RecordFinding = Type.Object({
  field: Type.String(),
  kind: Type.Union(IDENTIFIER_KINDS.map((k) => Type.Literal(k))),
  severity: Type.Union(IDENTIFIER_SEVERITIES.map((s) => Type.Literal(s))),
  /** UTF-16 offsets into the field's plain text (rich text: its text content). */
  start: Type.Integer({ minimum: 0 }),
  end: Type.Integer({ minimum: 0 }),
  reason: Type.String(),
});
export type RecordFinding = Static<typeof RecordFinding>;

/** A finding that stops something leaving, with the record it is in (the 409's details). */
export const BlockingFinding = Type.Composite([
  RecordFinding,
  Type.Object({
    /**
     * An entry's type ("diary", "reflection", "supervision"...: the SPA opens it at
     * /edit/{recordType}/{recordId}), "record" (a revalidation record), "file" (a stored file:
     * recordTitle is its name, field "filename" or "text") or "profile" (the HCPC profile text:
     * recordId is the owner's user id, field "hcpcSummary" or "hcpcStandard1".."hcpcStandard4").
     * A manager's refusal (annual review) gives no recordTitle: titles are the member's text.
     */
    recordType: Type.String(),
    recordId: Uuid(),
    recordTitle: Type.String(),
  }),
]);
export type BlockingFinding = Static<typeof BlockingFinding>;

/** The most findings a 409 IDENTIFIERS_FOUND lists; details.total counts them all. */
export const BLOCKING_FINDINGS_MAX = 50;

/**
 * The details of a 409 IDENTIFIERS_FOUND (ADR 0029): what stops something leaving the at most BLOCKING_FINDINGS_MAX of them, and how many there are in all.
 */
export const IdentifiersFoundDetails = Type.Object(
  { findings: Type.Array(BlockingFinding), total: Type.Integer({ minimum: 0 }) },
  { description: "With code IDENTIFIERS_FOUND only: the findings that stop the record leaving" },
);
export type IdentifiersFoundDetails = Static<typeof IdentifiersFoundDetails>;

export interface IdentifierOptions {
  /** The writer's own addresses and numbers: not flagged. */
  ownEmail?: string | readonly string[];
  ownPhone?: string | readonly string[];
}
